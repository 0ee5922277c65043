import { createEntityAdapter, createSelector, createSlice, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { userLoggedOut } from '../auth/authSlice';
import type { DraftRow } from './draftRows';

/**
 * The edit-mode draft of one account's transaction window: everything between "Make Changes" and "Save
 * Changes"/"Cancel". Rows are kept by key, so an edit replaces only the row it touches and every other row
 * keeps its object (memoised rows compare by identity: typing in one row re-renders that row alone).
 */
interface TransactionDraft {
  bankAccountId: number;
  budgetId: number;
  /** The window's version when editing started: the save sends it, so another person's save is never overwritten. */
  lockVersion: number | undefined;
  rows: EntityState<DraftRow, string>;
  dirty: boolean;
}

interface TransactionEditState {
  draft: TransactionDraft | null;
}

const initialState: TransactionEditState = { draft: null };

const rowsAdapter = createEntityAdapter<DraftRow, string>({ selectId: (row) => row.key });

const transactionEditSlice = createSlice({
  name: 'transactionEdit',
  initialState,
  reducers: {
    editStarted: (state, action: PayloadAction<{ bankAccountId: number; budgetId: number; lockVersion: number | undefined; rows: DraftRow[] }>) => {
      const { rows, ...window } = action.payload;
      state.draft = { ...window, rows: rowsAdapter.setAll(rowsAdapter.getInitialState(), rows), dirty: false };
    },
    rowChanged: (state, action: PayloadAction<{ key: string; changes: Partial<DraftRow> }>) => {
      if (!state.draft) return;
      rowsAdapter.updateOne(state.draft.rows, { id: action.payload.key, changes: action.payload.changes });
      state.draft.dirty = true;
    },
    rowDeleteToggled: (state, action: PayloadAction<string>) => {
      const row = state.draft?.rows.entities[action.payload];
      if (!state.draft || !row) return;
      row.deleted = !row.deleted;
      state.draft.dirty = true;
    },
    rowAdded: (state, action: PayloadAction<DraftRow>) => {
      if (!state.draft) return;
      rowsAdapter.addOne(state.draft.rows, action.payload);
      state.draft.dirty = true;
    },
    /** Rows read from a bank file, appended for review (duplicates and rows outside the window arrive deleted). */
    rowsImported: (state, action: PayloadAction<DraftRow[]>) => {
      if (!state.draft) return;
      rowsAdapter.addMany(state.draft.rows, action.payload);
      state.draft.dirty = true;
    },
    editCancelled: () => initialState,
    windowSaved: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(userLoggedOut, () => initialState),
});

export const { editStarted, rowChanged, rowDeleteToggled, rowAdded, rowsImported, editCancelled, windowSaved } = transactionEditSlice.actions;
export const transactionEditReducer = transactionEditSlice.reducer;

const NO_ROWS: DraftRow[] = [];
const { selectAll } = rowsAdapter.getSelectors();

/** Whether this account's window, in this budget, is in edit mode. */
export const selectIsEditingWindow = (state: RootState, bankAccountId: number, budgetId: number) =>
  state.transactionEdit.draft?.bankAccountId === bankAccountId && state.transactionEdit.draft.budgetId === budgetId;

/** Some window is in edit mode (the account and budget pickers wait for it to end). */
export const selectIsEditingTransactions = (state: RootState) => state.transactionEdit.draft !== null;

export const selectHasUnsavedTransactions = (state: RootState) => state.transactionEdit.draft?.dirty ?? false;

export const selectDraftLockVersion = (state: RootState) => state.transactionEdit.draft?.lockVersion;

/** The draft's rows in window order; a new array after each edit, with every untouched row the same object. */
export const selectDraftRows = createSelector([(state: RootState) => state.transactionEdit.draft?.rows], (rows) => (rows ? selectAll(rows) : NO_ROWS));
