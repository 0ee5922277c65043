import type { EntityState, PayloadAction } from '@reduxjs/toolkit';
import { addRows, createDraftSlice, editRow, entityList, toggleDeleted, type DraftCore, type DraftList, type DraftState } from '../../platform/editing/draftSlice';
import type { Budget } from '../../shared/schemas/budgets';
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
interface BudgetDraft extends BudgetRows, DraftCore<BudgetRows> {
  budgetId: number;
  lockVersion: number;
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

type BudgetEditState = DraftState<BudgetDraft>;

export type RowKind = 'income' | 'allocation';

const incomeList = entityList(incomesAdapter);
// A rebase keeps the person's allocation and takes the server's spending, which moves without any edit.
const allocationList = entityList(allocationsAdapter, (mine, theirs) => ({ ...mine, spent: theirs.spent }));
const incomesOf = (draft: BudgetDraft) => draft.incomes;
const allocationsOf = (draft: BudgetDraft) => draft.allocations;

/** A row added on this screen: its key, and the focus goes to it. */
function addRow<Row>(state: BudgetEditState, add: (key: number) => Row, list: DraftList<EntityState<Row, number>, Row, number>, listOf: (draft: BudgetDraft) => EntityState<Row, number>) {
  const draft = state.draft;
  if (!draft) return;
  const key = draft.nextKey--;
  addRows(state, list, listOf, [add(key)]);
  draft.addedKey = key;
}

/**
 * The edit-mode draft of one budget, built by the edit kit (`createDraftSlice`): `editStarted`, `draftRebased`
 * (after a 409: the server's latest budget under the person's edits), `editCancelled` and `budgetSaved` come
 * from it; the rows' edits, the focus on an added row and the rows a refused save named are the budget's own.
 */
const budgetEditSlice = createDraftSlice({
  name: 'budgetEdit',
  lists: { incomes: incomeList, allocations: allocationList },
  started: (budget: Budget): Omit<BudgetDraft, 'base' | 'dirty'> => ({
    ...rowsOfServerBudget(budget),
    budgetId: budget.id,
    lockVersion: budget.lock_version,
    nextKey: -1,
    addedKey: null,
    refused: NO_REFUSED_ROWS,
  }),
  fresh: (draft: BudgetDraft, budget: Budget) => (draft.budgetId === budget.id ? { lists: rowsOfBudget(budget), lockVersion: budget.lock_version } : null),
  saved: 'budgetSaved',
  reducers: {
    incomeChanged: (state, action: PayloadAction<{ key: number; changes: Partial<IncomeFields> }>) =>
      editRow(state, incomeList, incomesOf, action.payload.key, (row) => ({ ...row, ...action.payload.changes })),
    allocationChanged: (state, action: PayloadAction<{ key: number; changes: Partial<AllocationFields> }>) =>
      editRow(state, allocationList, allocationsOf, action.payload.key, (row) => ({ ...row, ...action.payload.changes })),
    /** A new income goes into the household's primary budget account when one is set. */
    incomeAdded: (state, action: PayloadAction<{ bankAccountId: number | null } | undefined>) =>
      addRow(
        state,
        (key): IncomeLine => ({ key, id: 0, name: '', amount: 0, bank_account_id: action.payload?.bankAccountId ?? null, comment: '', owner: 'shared', deleted: false }),
        incomeList,
        incomesOf,
      ),
    allocationAdded: (state, action: PayloadAction<{ categoryId: number; categoryName: string }>) =>
      addRow(
        state,
        (key): AllocationLine => ({
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
        }),
        allocationList,
        allocationsOf,
      ),
    rowDeleteToggled: (state, action: PayloadAction<{ kind: RowKind; key: number }>) => {
      const { kind, key } = action.payload;
      if (kind === 'income') toggleDeleted(state, incomeList, incomesOf, key);
      else toggleDeleted(state, allocationList, allocationsOf, key);
    },
    /** A save was refused: these rows (none, once the refusal is dismissed) are the ones it named. */
    saveRefused: (state, action: PayloadAction<RefusedRows>) => {
      if (state.draft) state.draft.refused = action.payload;
    },
  },
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
