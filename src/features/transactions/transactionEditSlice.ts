import type { PayloadAction } from '@reduxjs/toolkit';
import { statusAfterAllocationChange } from '../../shared/transactionRules';
import { addRows, arrayList, beforeThisAction, createDraftSlice, editRow, toggleDeleted, type DraftCore, type DraftState } from '../../platform/editing/draftSlice';
import { draftRowIdentity, partTakesSuggestion, type DraftRow } from './draftRows';
import { transactionEditSlot } from './transactionEditSlot';

interface WindowLists {
  /** In window order, then added and imported rows. */
  rows: DraftRow[];
}

/**
 * The edit-mode draft of one account's transaction window: everything between "Make Changes" and "Save
 * Changes"/"Cancel". An edit replaces only the row it touches; every other row keeps its object (memoised rows
 * compare by identity, so typing in one row re-renders that row alone). `base.rows` is the window's saved rows
 * when editing started: a rebase after a conflict keeps exactly the rows changed since.
 */
interface TransactionDraft extends WindowLists, DraftCore<WindowLists> {
  bankAccountId: number;
  budgetId: number;
  /** A card's rows keep Paid? whatever allocation they are given. */
  isCreditCard: boolean;
}

/** What "Make Changes" starts from: the window as read. */
type WindowRead = Pick<TransactionDraft, 'bankAccountId' | 'budgetId' | 'isCreditCard' | 'lockVersion' | 'rows'>;

export type TransactionEditState = DraftState<TransactionDraft>;

interface SuggestionArrival {
  key: string;
  description: string;
  allocationId: number | null;
}

const isSplit = (row: DraftRow) => (row.splits?.length ?? 0) > 0;

/**
 * A suggestion still waiting: the row has no allocation and is not deleted; a split row (which never has one of
 * its own) while one of its parts has neither an allocation nor an envelope.
 */
export const hasOpenSuggestion = (row: DraftRow): boolean =>
  row.suggestedAllocationId != null && row.allocation_id === null && !row.deleted && (!isSplit(row) || row.splits!.some(partTakesSuggestion));

/**
 * Accepting a suggestion is picking that allocation (which marks the row paid, as picking does, except on a card).
 * A split row's parts left without one take it (the parts the person allocated keep theirs); picking a part's
 * allocation leaves the row's paid status alone, so accepting does too.
 */
function acceptSuggestion(row: DraftRow, isCreditCard: boolean): DraftRow {
  const suggested = row.suggestedAllocationId;
  if (suggested == null) return row;
  if (isSplit(row)) return { ...row, splits: row.splits!.map((part) => (partTakesSuggestion(part) ? { ...part, allocation_id: suggested } : part)), suggestedAllocationId: undefined };
  return { ...row, allocation_id: suggested, status: statusAfterAllocationChange(suggested, isCreditCard, row.status), suggestedAllocationId: undefined };
}

const windowRows = arrayList(draftRowIdentity);
const rowsOf = (draft: TransactionDraft) => draft.rows;
/** The rows as they were before this action (no proxy per row). */
const rowsBefore = (state: TransactionEditState) => (state.draft ? beforeThisAction(state.draft.rows) : []);

/** Built by the edit kit (`createDraftSlice`): `editStarted`, `draftRebased`, `editCancelled` and `windowSaved` come from it. */
const transactionEditSlice = createDraftSlice({
  name: 'transactionEdit',
  lists: { rows: windowRows },
  started: (read: WindowRead): Omit<TransactionDraft, 'base' | 'dirty'> => ({ ...read, nextKey: -1 }),
  fresh: (_draft: TransactionDraft, latest: { rows: DraftRow[]; lockVersion: number | undefined }) => ({ lists: { rows: latest.rows }, lockVersion: latest.lockVersion }),
  saved: 'windowSaved',
  reducers: {
    rowChanged: (state, action: PayloadAction<{ key: string; changes: Partial<DraftRow> }>) => {
      const { key, changes } = action.payload;
      // A suggestion answers the description it was asked for: a new description waits for its own.
      const stale = 'description' in changes ? { suggestedAllocationId: undefined } : {};
      editRow(state, windowRows, rowsOf, key, (row) => ({ ...row, ...changes, ...stale }));
    },
    rowDeleteToggled: (state, action: PayloadAction<string>) => toggleDeleted(state, windowRows, rowsOf, action.payload),
    rowAdded: (state, action: PayloadAction<DraftRow>) => addRows(state, windowRows, rowsOf, [action.payload]),
    /** Rows read from a bank file, appended for review (duplicates and rows outside the window arrive deleted). */
    rowsImported: (state, action: PayloadAction<DraftRow[]>) => addRows(state, windowRows, rowsOf, action.payload),
    /**
     * The server's suggestions, each for the description it was asked about: a row whose description has changed
     * since, or that got an allocation meanwhile, is left alone. Not an edit: nothing is saved unless accepted.
     */
    suggestionsArrived: (state, action: PayloadAction<SuggestionArrival[]>) => {
      if (!state.draft) return;
      const rows = rowsBefore(state);
      const indexByKey = new Map(rows.map((row, index) => [row.key, index]));
      for (const { key, description, allocationId } of action.payload) {
        const index = indexByKey.get(key);
        const row = index === undefined ? undefined : rows[index];
        if (index === undefined || !row || row.description !== description || row.allocation_id !== null) continue;
        state.draft.rows[index] = { ...row, suggestedAllocationId: allocationId };
      }
    },
    suggestionAccepted: (state, action: PayloadAction<string>) => {
      const isCreditCard = state.draft?.isCreditCard ?? false;
      editRow(state, windowRows, rowsOf, action.payload, (row) => acceptSuggestion(row, isCreditCard));
    },
    allSuggestionsAccepted: (state) => {
      if (!state.draft) return;
      const rows = rowsBefore(state);
      if (!rows.some(hasOpenSuggestion)) return;
      const isCreditCard = state.draft.isCreditCard;
      state.draft.rows = rows.map((row) => (hasOpenSuggestion(row) ? acceptSuggestion(row, isCreditCard) : row));
      state.draft.dirty = true;
    },
  },
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
transactionEditSlot.provide(transactionEditSlice.reducer);
