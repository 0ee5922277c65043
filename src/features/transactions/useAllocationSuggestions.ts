import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { apiErrorText } from '../../platform/apiErrors';
import { useAppDispatch } from '../../platform/hooks';
import type { DraftRow } from './draftRows';
import { suggestionsArrived } from './transactionEditSlice';
import { useSuggestAllocationsMutation } from './transactionsApi';

/** Typing pauses this long before the rows typed are sent for suggestions (an import is sent at once). */
const SUGGEST_AFTER_TYPING_MS = 400;

/** A row the person is adding (typed or imported) that has a description and no allocation yet. */
const wantsSuggestion = (row: DraftRow) => row.id === null && !row.deleted && row.allocation_id === null && row.description.trim() !== '';

/**
 * Asks the server, in one request for all of them, for an allocation for each new row without one: at once after
 * an import (`suggestNow`), after a pause in typing otherwise. Each row is asked about once per description.
 * The answers land on the draft rows as suggestions; a failure is returned for the screen to show.
 */
export function useAllocationSuggestions({ rows, budgetId, enabled }: { rows: readonly DraftRow[]; budgetId: number; enabled: boolean }) {
  const dispatch = useAppDispatch();
  const [suggest] = useSuggestAllocationsMutation();
  const asked = useRef(new Map<string, string>());
  const immediate = useRef(false);
  const [problem, setProblem] = useState<string | null>(null);

  const ask = useCallback(
    async (pending: readonly DraftRow[]) => {
      immediate.current = false;
      for (const row of pending) asked.current.set(row.key, row.description);
      const descriptions = [...new Set(pending.map((row) => row.description))];
      try {
        const { suggestions } = await suggest({ budget_id: budgetId, descriptions }).unwrap();
        const byDescription = new Map(suggestions.map((suggestion) => [suggestion.description, suggestion.allocation_id]));
        dispatch(suggestionsArrived(pending.map((row) => ({ key: row.key, description: row.description, allocationId: byDescription.get(row.description) ?? null }))));
        setProblem(null);
      } catch (error) {
        // Asked again on "Retry" or the next edit.
        for (const row of pending) asked.current.delete(row.key);
        setProblem(`Allocations could not be suggested. ${apiErrorText(error)}`);
      }
    },
    [budgetId, suggest, dispatch],
  );

  const notAskedYet = useCallback((row: DraftRow) => wantsSuggestion(row) && asked.current.get(row.key) !== row.description, []);
  const pending = useMemo(() => (enabled ? rows.filter(notAskedYet) : []), [rows, enabled, notAskedYet]);

  useEffect(() => {
    if (pending.length === 0) return;
    const timer = setTimeout(() => void ask(pending), immediate.current ? 0 : SUGGEST_AFTER_TYPING_MS);
    return () => clearTimeout(timer);
  }, [pending, ask]);

  const suggestNow = useCallback(() => {
    immediate.current = true;
  }, []);
  const retry = useCallback(() => {
    setProblem(null);
    if (enabled) void ask(rows.filter(notAskedYet));
  }, [ask, rows, enabled, notAskedYet]);
  return { problem, suggestNow, retry };
}
