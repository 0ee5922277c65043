/**
 * Counts renders of the budget grid's row components when a benchmark asks for it (scripts/bench-ui.ts sets
 * `window.__everycentRenderCounts = {}`); otherwise a single property check.
 */
type Counts = Record<string, number>;

export function countRender(kind: string): void {
  const counts = (globalThis as { __everycentRenderCounts?: Counts }).__everycentRenderCounts;
  if (counts) counts[kind] = (counts[kind] ?? 0) + 1;
}
