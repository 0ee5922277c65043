import { createSelector, createSlice, isDraft, original, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import { statusAfterAllocationChange } from '../../shared/transactionRules';
import type { RootState } from '../../app/store';
import { userLoggedOut } from '../../app/authSlice';
import { rebaseList } from '../../app/rebaseRows';
import { draftRowIdentity, type DraftRow } from './draftRows';

/**
 * The edit-mode draft of one account's transaction window: everything between "Make Changes" and "Save
 * Changes"/"Cancel". An edit replaces only the row it touches; every other row keeps its object (memoised rows
 * compare by identity, so typing in one row re-renders that row alone).
 */
interface TransactionDraft {
  bankAccountId: number;
  budgetId: number;
  /** The window's version when editing started: the save sends it, so another person's save is never overwritten. */
  lockVersion: number | undefined;
  /** In window order, then added and imported rows. */
  rows: DraftRow[];
  /** The window's saved rows when editing started: a rebase after a conflict keeps exactly the rows changed since. */
  base: DraftRow[];
  dirty: boolean;
}

interface TransactionEditState {
  draft: TransactionDraft | null;
}

const initialState: TransactionEditState = { draft: null };

interface SuggestionArrival {
  key: string;
  description: string;
  allocationId: number | null;
}

/** A suggestion still waiting: the row has no allocation and is not deleted. */
export const hasOpenSuggestion = (row: DraftRow): boolean => row.suggestedAllocationId != null && row.allocation_id === null && !row.deleted;

/** Accepting a suggestion is picking that allocation (which marks the row paid, as picking does). */
const acceptSuggestion = (row: DraftRow): DraftRow =>
  row.suggestedAllocationId == null
    ? row
    : { ...row, allocation_id: row.suggestedAllocationId, status: statusAfterAllocationChange(row.suggestedAllocationId), suggestedAllocationId: undefined };

/**
 * Replaces one row by `update(row)`. The row is looked up in the rows as they were before this action, so a
 * 2,000-row window costs one array copy per keystroke rather than a proxy per row.
 */
function replaceRow(draft: Draft<TransactionDraft>, key: string, update: (row: DraftRow) => DraftRow): void {
  const rows = isDraft(draft.rows) ? original(draft.rows)! : draft.rows;
  const index = rows.findIndex((row) => row.key === key);
  if (index < 0) return;
  draft.rows[index] = update(rows[index]);
  draft.dirty = true;
}

const transactionEditSlice = createSlice({
  name: 'transactionEdit',
  initialState,
  reducers: {
    editStarted: (state, action: PayloadAction<Omit<TransactionDraft, 'dirty' | 'base'>>) => {
      state.draft = { ...action.payload, base: action.payload.rows, dirty: false };
    },
    /** After a 409: the window's latest rows under the person's edits, ready to be saved again. */
    draftRebased: (state, action: PayloadAction<{ rows: DraftRow[]; lockVersion: number | undefined }>) => {
      const draft = state.draft;
      if (!draft) return;
      const mine = isDraft(draft.rows) ? original(draft.rows)! : draft.rows;
      const base = isDraft(draft.base) ? original(draft.base)! : draft.base;
      draft.rows = rebaseList(mine, base, action.payload.rows, draftRowIdentity, (row) => row);
      draft.base = action.payload.rows;
      draft.lockVersion = action.payload.lockVersion;
    },
    rowChanged: (state, action: PayloadAction<{ key: string; changes: Partial<DraftRow> }>) => {
      const { key, changes } = action.payload;
      // A suggestion answers the description it was asked for: a new description waits for its own.
      const stale = 'description' in changes ? { suggestedAllocationId: undefined } : {};
      if (state.draft) replaceRow(state.draft, key, (row) => ({ ...row, ...changes, ...stale }));
    },
    rowDeleteToggled: (state, action: PayloadAction<string>) => {
      if (state.draft) replaceRow(state.draft, action.payload, (row) => ({ ...row, deleted: !row.deleted }));
    },
    rowAdded: (state, action: PayloadAction<DraftRow>) => {
      if (!state.draft) return;
      state.draft.rows.push(action.payload);
      state.draft.dirty = true;
    },
    /** Rows read from a bank file, appended for review (duplicates and rows outside the window arrive deleted). */
    rowsImported: (state, action: PayloadAction<DraftRow[]>) => {
      if (!state.draft) return;
      state.draft.rows.push(...action.payload);
      state.draft.dirty = true;
    },
    /**
     * The server's suggestions, each for the description it was asked about: a row whose description has changed
     * since, or that got an allocation meanwhile, is left alone. Not an edit: nothing is saved unless accepted.
     */
    suggestionsArrived: (state, action: PayloadAction<SuggestionArrival[]>) => {
      if (!state.draft) return;
      const rows = isDraft(state.draft.rows) ? original(state.draft.rows)! : state.draft.rows;
      const indexByKey = new Map(rows.map((row, index) => [row.key, index]));
      for (const { key, description, allocationId } of action.payload) {
        const index = indexByKey.get(key);
        const row = index === undefined ? undefined : rows[index];
        if (index === undefined || !row || row.description !== description || row.allocation_id !== null) continue;
        state.draft.rows[index] = { ...row, suggestedAllocationId: allocationId };
      }
    },
    suggestionAccepted: (state, action: PayloadAction<string>) => {
      if (state.draft) replaceRow(state.draft, action.payload, acceptSuggestion);
    },
    allSuggestionsAccepted: (state) => {
      if (!state.draft) return;
      const rows = isDraft(state.draft.rows) ? original(state.draft.rows)! : state.draft.rows;
      if (!rows.some(hasOpenSuggestion)) return;
      state.draft.rows = rows.map((row) => (hasOpenSuggestion(row) ? acceptSuggestion(row) : row));
      state.draft.dirty = true;
    },
    editCancelled: () => initialState,
    windowSaved: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(userLoggedOut, () => initialState),
});

export const {
  editStarted,
  draftRebased,
  rowChanged,
  rowDeleteToggled,
  rowAdded,
  rowsImported,
  suggestionsArrived,
  suggestionAccepted,
  allSuggestionsAccepted,
  editCancelled,
  windowSaved,
} = transactionEditSlice.actions;
export const transactionEditReducer = transactionEditSlice.reducer;

const NO_ROWS: DraftRow[] = [];

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
