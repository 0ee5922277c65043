import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import type { DraftRow } from './draftRows';
import { hasOpenSuggestion } from './transactionEditSlice';

// Apart from the slice, as budgetSelectors.ts and sinkFundSelectors.ts are: the store imports the slice, the
// selectors import the store's state type.

const NO_ROWS: DraftRow[] = [];
const NO_CLASH: Partial<DraftRow> = {};

/** After a Reload: the row's fields someone else changed too, with their values (shown beside the person's). */
export const selectRowClash = (state: RootState, key: string): Partial<DraftRow> =>
  (state.transactionEdit.draft?.clashes?.rows?.[key] as Partial<DraftRow> | undefined) ?? NO_CLASH;

/** Whether this account's window, in this budget, is in edit mode. */
export const selectIsEditingWindow = (state: RootState, bankAccountId: number, budgetId: number) =>
  state.transactionEdit.draft?.bankAccountId === bankAccountId && state.transactionEdit.draft.budgetId === budgetId;

/** Some window is in edit mode (the account and budget pickers wait for it to end). */
export const selectIsEditingTransactions = (state: RootState) => state.transactionEdit.draft !== null;

export const selectHasUnsavedTransactions = (state: RootState) => state.transactionEdit.draft?.dirty ?? false;

export const selectDraftLockVersion = (state: RootState) => state.transactionEdit.draft?.lockVersion;

/** The draft's rows in order: a new array after each edit, with every untouched row the same object. */
export const selectDraftRows = (state: RootState) => state.transactionEdit.draft?.rows ?? NO_ROWS;

/** How many rows show a suggestion waiting to be accepted. */
export const selectOpenSuggestionCount = createSelector([selectDraftRows], (rows) => rows.filter(hasOpenSuggestion).length);
