/**
 * Rows or ids per statement. With at most two dozen columns a row (a bank account, written whole by the
 * household import, has 23) this keeps every statement well below the bound-parameter limits of SQLite
 * (32,766) and PostgreSQL (65,535).
 */
export const ROWS_PER_STATEMENT = 500;

/** `items` in slices of ROWS_PER_STATEMENT. */
export function chunked<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT) result.push(items.slice(start, start + ROWS_PER_STATEMENT));
  return result;
}

/** Runs `work` over the slices of `items` one after another (they share one transaction). */
export async function inChunks<T>(items: readonly T[], work: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (const chunk of chunked(items)) await work(chunk);
}
