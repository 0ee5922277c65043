import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rebaseRows } from '../../app/rebaseRows';
import type { Budget } from '../../shared/schemas/budgets';
import { userLoggedOut } from '../../app/authSlice';
import {
  allocationsAdapter,
  incomesAdapter,
  rowsOfBudget,
  rowsOfServerBudget,
  type AllocationFields,
  type AllocationLine,
  type BudgetRows,
  type IncomeFields,
  type IncomeLine,
} from './budgetRows';

/**
 * The edit-mode draft of one budget: everything between "Make Changes" and "Save Changes"/"Cancel".
 * `base` is the server's budget when editing started, so a reload after a conflict can keep exactly the rows
 * the person changed and take everything else from the server.
 */
interface BudgetDraft extends BudgetRows {
  budgetId: number;
  lockVersion: number;
  base: BudgetRows;
  /** Next key for a row added on this screen (negative, so it never meets a server id). */
  nextKey: number;
  dirty: boolean;
  /** The row added last: its first field takes the focus when it appears. */
  addedKey: number | null;
  /** Rows a refused save named, by key, with the fields concerned: shown highlighted until the next save. */
  refused: RefusedRows;
}

export interface RefusedRows {
  incomes: Record<number, string[]>;
  allocations: Record<number, string[]>;
}

export const NO_REFUSED_ROWS: RefusedRows = { incomes: {}, allocations: {} };

interface BudgetEditState {
  draft: BudgetDraft | null;
}

const initialState: BudgetEditState = { draft: null };

export type RowKind = 'income' | 'allocation';

function draftOf(budget: Budget): BudgetDraft {
  const rows = rowsOfServerBudget(budget);
  return { ...rows, budgetId: budget.id, lockVersion: budget.lock_version, base: rows, nextKey: -1, dirty: false, addedKey: null, refused: NO_REFUSED_ROWS };
}

const budgetEditSlice = createSlice({
  name: 'budgetEdit',
  initialState,
  reducers: {
    editStarted: (state, action: PayloadAction<Budget>) => {
      state.draft = draftOf(action.payload);
    },
    incomeChanged: (state, action: PayloadAction<{ key: number; changes: Partial<IncomeFields> }>) => {
      if (!state.draft) return;
      incomesAdapter.updateOne(state.draft.incomes, { id: action.payload.key, changes: action.payload.changes });
      state.draft.dirty = true;
    },
    allocationChanged: (state, action: PayloadAction<{ key: number; changes: Partial<AllocationFields> }>) => {
      if (!state.draft) return;
      allocationsAdapter.updateOne(state.draft.allocations, { id: action.payload.key, changes: action.payload.changes });
      state.draft.dirty = true;
    },
    incomeAdded: (state) => {
      const draft = state.draft;
      if (!draft) return;
      const key = draft.nextKey--;
      incomesAdapter.addOne(draft.incomes, { key, id: 0, name: '', amount: 0, bank_account_id: null, comment: '', owner: 'shared', deleted: false });
      draft.addedKey = key;
      draft.dirty = true;
    },
    allocationAdded: (state, action: PayloadAction<{ categoryId: number; categoryName: string }>) => {
      const draft = state.draft;
      if (!draft) return;
      const key = draft.nextKey--;
      allocationsAdapter.addOne(draft.allocations, {
        key,
        id: 0,
        name: '',
        amount: 0,
        spent: 0,
        allocation_category_id: action.payload.categoryId,
        allocation_category_name: action.payload.categoryName,
        allocation_class: 'want',
        is_fixed_amount: false,
        comment: '',
        special_event_id: null,
        deleted: false,
      });
      draft.addedKey = key;
      draft.dirty = true;
    },
    rowDeleteToggled: (state, action: PayloadAction<{ kind: RowKind; key: number }>) => {
      const draft = state.draft;
      if (!draft) return;
      const { kind, key } = action.payload;
      const row = kind === 'income' ? draft.incomes.entities[key] : draft.allocations.entities[key];
      if (!row) return;
      row.deleted = !row.deleted;
      draft.dirty = true;
    },
    /** After a 409: the server's latest budget under the person's edits, ready to be saved again. */
    draftRebased: (state, action: PayloadAction<Budget>) => {
      const draft = state.draft;
      if (!draft || draft.budgetId !== action.payload.id) return;
      const fresh = rowsOfBudget(action.payload);
      const takeKey = () => draft.nextKey--;
      const incomes = rebaseRows<IncomeLine>(draft.incomes, draft.base.incomes, fresh.incomes, (mine) => mine, takeKey);
      const allocations = rebaseRows<AllocationLine>(
        draft.allocations,
        draft.base.allocations,
        fresh.allocations,
        (mine, theirs) => ({ ...mine, spent: theirs.spent }),
        takeKey,
      );
      draft.incomes = incomesAdapter.setAll(incomesAdapter.getInitialState(), incomes);
      draft.allocations = allocationsAdapter.setAll(allocationsAdapter.getInitialState(), allocations);
      draft.base = fresh;
      draft.lockVersion = action.payload.lock_version;
    },
    /** A save was refused: these rows (none, once the refusal is dismissed) are the ones it named. */
    saveRefused: (state, action: PayloadAction<RefusedRows>) => {
      if (state.draft) state.draft.refused = action.payload;
    },
    editCancelled: () => initialState,
    budgetSaved: () => initialState,
  },
  extraReducers: (builder) => builder.addCase(userLoggedOut, () => initialState),
});

export const {
  editStarted,
  incomeChanged,
  allocationChanged,
  incomeAdded,
  allocationAdded,
  rowDeleteToggled,
  draftRebased,
  saveRefused,
  editCancelled,
  budgetSaved,
} = budgetEditSlice.actions;
export const budgetEditReducer = budgetEditSlice.reducer;
