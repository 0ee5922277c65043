import { useState } from 'react';
import { useAppDispatch, useAppStore } from '../../app/hooks';
import type { BudgetWindow } from '../../shared/transactionRules';
import { useWriteAction } from '../../app/messages/useWriteAction';
import { fixRowsMessage, rowErrorsFromFieldErrors, rowsNeedingFixes, rowsToSave, type DraftRow } from './draftRows';
import { selectDraftLockVersion, selectDraftRows, windowSaved } from './transactionEditSlice';
import { useSaveTransactionWindowMutation } from './transactionsApi';

/** Why the last "Save Changes" did not save: messages for the page, messages per row key, and whether it was a 409. */
interface SaveProblem {
  messages: string[];
  rowErrors: ReadonlyMap<string, string[]>;
  conflict: boolean;
}

/**
 * "Save Changes" of the transaction window. Rows the server would refuse are marked before anything is sent;
 * a refusal keeps edit mode and every edit, with the server's reasons on the rows they name; a 409 is a
 * conflict (the page offers "Reload"). Either way `showRow` turns to the first row that needs fixing.
 * Resolves true when the window was saved (the draft is then over).
 */
export function useWindowSave({ bankAccountId, budgetId, window, showRow }: { bankAccountId: number; budgetId: number; window: BudgetWindow; showRow: (index: number) => void }) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const [saveWindow, { isLoading: saving }] = useSaveTransactionWindowMutation();
  const { run } = useWriteAction();
  const [problem, setProblem] = useState<SaveProblem | null>(null);

  const showProblem = (rows: readonly DraftRow[], next: SaveProblem) => {
    setProblem(next);
    const firstBad = rows.findIndex((row) => next.rowErrors.has(row.key));
    if (firstBad >= 0) showRow(firstBad);
  };

  const save = async (): Promise<boolean> => {
    const rows = selectDraftRows(store.getState());
    const needingFixes = rowsNeedingFixes(rows, window);
    if (needingFixes.size > 0) {
      showProblem(rows, { messages: [fixRowsMessage(needingFixes.size)], rowErrors: needingFixes, conflict: false });
      return false;
    }
    const { transactions, keys } = rowsToSave(rows);
    const lockVersion = selectDraftLockVersion(store.getState());
    const saved = await run({
      write: () =>
        saveWindow({
          bank_account_id: bankAccountId,
          budget_id: budgetId,
          ...(lockVersion !== undefined ? { window_lock_version: lockVersion } : {}),
          transactions,
        }).unwrap(),
      success: 'Transactions saved.',
      failure: 'Transactions not saved.',
      onRefused: (refusal) => showProblem(rows, { messages: refusal.messages, rowErrors: rowErrorsFromFieldErrors(refusal.fieldErrors, keys), conflict: refusal.conflict }),
    });
    if (saved) {
      setProblem(null);
      dispatch(windowSaved());
    }
    return saved;
  };

  return { save, saving, problem, clearProblem: () => setProblem(null) };
}
