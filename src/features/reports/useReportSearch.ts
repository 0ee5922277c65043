import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ReportRange } from './reportsApi';

/**
 * A report's choices live in the URL (`?from=2025-03&to=2026-02&category_id=4`), so what is on screen can be
 * bookmarked and the browser's back button undoes a change.
 */
export function useReportSearch() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const range = useMemo<ReportRange>(() => ({ from, to }), [from, to]);
  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      }),
    [setParams],
  );
  /** A new range; an end left out goes back to its default. */
  const setRange = useCallback((next: ReportRange) => update({ from: next.from, to: next.to }), [update]);
  return { params, range, update, setRange };
}
