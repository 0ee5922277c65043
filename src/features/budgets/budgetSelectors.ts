import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { budgetTotals, classSummary, incomeShares, spendingTotals, type SpendingTotals } from '../../shared/budgetMath';
import { countedCents, type Cents } from '../../shared/money';
import type { UpdateBudgetBody } from '../../shared/schemas/budgets';
import type { AllocationCategory } from '../../shared/schemas/setup';
import { categoriesApi } from '../setup/categoriesApi';
import { allocationsAdapter, byName, incomesAdapter, rowsOfServerBudget, type AllocationLine, type BudgetRows, type IncomeLine } from './budgetRows';
import { budgetsApi } from './budgetsApi';

/**
 * What the budget detail screen shows: the draft while editing that budget, otherwise the server's budget.
 * Every table row subscribes to its own row by key; layout and totals are memoised so a keystroke re-renders
 * the edited row and the figures, not the table.
 */
const selectDraft = (state: RootState) => state.budgetEdit.draft;

export const selectIsEditing = (state: RootState, budgetId: number) => state.budgetEdit.draft?.budgetId === budgetId;

export const selectHasUnsavedEdits = (state: RootState) => state.budgetEdit.draft?.dirty ?? false;

const budgetQuerySelectors = new Map<number, ReturnType<typeof budgetsApi.endpoints.getBudget.select>>();
const selectServerBudget = (state: RootState, budgetId: number) => {
  let select = budgetQuerySelectors.get(budgetId);
  if (!select) {
    select = budgetsApi.endpoints.getBudget.select(budgetId);
    budgetQuerySelectors.set(budgetId, select);
  }
  return select(state).data;
};

const NO_ROWS: BudgetRows = { incomes: incomesAdapter.getInitialState(), allocations: allocationsAdapter.getInitialState() };

function selectBudgetRows(state: RootState, budgetId: number): BudgetRows {
  const draft = state.budgetEdit.draft;
  if (draft?.budgetId === budgetId) return draft;
  const budget = selectServerBudget(state, budgetId);
  return budget ? rowsOfServerBudget(budget) : NO_ROWS;
}

const selectIncomeState = (state: RootState, budgetId: number) => selectBudgetRows(state, budgetId).incomes;
const selectAllocationState = (state: RootState, budgetId: number) => selectBudgetRows(state, budgetId).allocations;

export const selectIncome = (state: RootState, budgetId: number, key: number) => selectIncomeState(state, budgetId).entities[key];
export const selectAllocation = (state: RootState, budgetId: number, key: number) =>
  selectAllocationState(state, budgetId).entities[key];
export const selectIncomeKeys = (state: RootState, budgetId: number) => selectIncomeState(state, budgetId).ids;

const incomeSelectors = incomesAdapter.getSelectors();
const allocationSelectors = allocationsAdapter.getSelectors();
const selectIncomes = createSelector([selectIncomeState], (incomes) => incomeSelectors.selectAll(incomes));

/** The rows as the totals count them: an amount over the limit counts as NaN (shown "over the limit"), never capped. */
const counted = <T extends { amount: Cents }>(rows: T[]): T[] =>
  rows.some((row) => Number.isNaN(countedCents(row.amount))) ? rows.map((row) => ({ ...row, amount: countedCents(row.amount) })) : rows;
const selectCountedIncomes = createSelector([selectIncomes], counted);

/** The incomes with whose they are (live over the draft while editing), for the split by income. */
export const selectOwnedIncomes = createSelector([selectCountedIncomes], (incomes) =>
  incomes.map((income) => ({ amount: income.amount, deleted: income.deleted, owner: income.owner })),
);
const selectAllocations = createSelector([selectAllocationState], (allocations) => allocationSelectors.selectAll(allocations));
const selectCountedAllocations = createSelector([selectAllocations], counted);

const selectCategoriesQuery = categoriesApi.endpoints.getAllocationCategories.select();
const NO_CATEGORIES: AllocationCategory[] = [];
const selectHouseholdCategories = (state: RootState) => selectCategoriesQuery(state).data ?? NO_CATEGORIES;

/**
 * The allocation table's view model: per category (in name order) a header row, its allocation rows, in edit
 * mode an "Add … Allocation" row, and a subtotal row. Header, add and subtotal rows exist only here, never in
 * the draft or the payload.
 */
export type AllocationTableLine =
  | { kind: 'header'; categoryId: number; categoryName: string }
  | { kind: 'row'; key: number }
  | { kind: 'add'; categoryId: number; categoryName: string }
  | { kind: 'subtotal'; categoryId: number; categoryName: string };

const sameLine = (a: AllocationTableLine, b: AllocationTableLine) =>
  a.kind === b.kind && (a.kind === 'row' ? a.key === (b as typeof a).key : a.categoryId === (b as typeof a).categoryId && a.categoryName === (b as typeof a).categoryName);
const sameLines = (a: AllocationTableLine[], b: AllocationTableLine[]) => a.length === b.length && a.every((line, i) => sameLine(line, b[i]));

function allocationTableLines(allocations: AllocationLine[], categories: AllocationCategory[], editing: boolean): AllocationTableLine[] {
  const groups = new Map<number, { categoryName: string; keys: number[] }>();
  if (editing) for (const category of categories) groups.set(category.id, { categoryName: category.name, keys: [] });
  for (const row of allocations) {
    let group = groups.get(row.allocation_category_id);
    if (!group) {
      group = { categoryName: row.allocation_category_name, keys: [] };
      groups.set(row.allocation_category_id, group);
    }
    group.keys.push(row.key);
  }
  const ordered = [...groups.entries()].map(([categoryId, group]) => ({ categoryId, name: group.categoryName, keys: group.keys })).sort(byName);
  const lines: AllocationTableLine[] = [];
  for (const { categoryId, name: categoryName, keys } of ordered) {
    lines.push({ kind: 'header', categoryId, categoryName });
    for (const key of keys) lines.push({ kind: 'row', key });
    if (editing) lines.push({ kind: 'add', categoryId, categoryName });
    lines.push({ kind: 'subtotal', categoryId, categoryName });
  }
  return lines;
}

export const selectAllocationTableLines = createSelector(
  [selectAllocations, selectHouseholdCategories, selectIsEditing],
  allocationTableLines,
  { memoizeOptions: { resultEqualityCheck: sameLines } },
);

const selectCategoryTotals = createSelector([selectCountedAllocations], (allocations) => {
  const rowsByCategory = new Map<number, AllocationLine[]>();
  for (const row of allocations) {
    const rows = rowsByCategory.get(row.allocation_category_id) ?? [];
    rows.push(row);
    rowsByCategory.set(row.allocation_category_id, rows);
  }
  const totals = new Map<number, SpendingTotals>();
  for (const [categoryId, rows] of rowsByCategory) totals.set(categoryId, spendingTotals(rows));
  return totals;
});

const NO_TOTALS: SpendingTotals = { amount: 0, spent: 0, remaining: 0 };
export const selectCategoryTotal = (state: RootState, budgetId: number, categoryId: number) =>
  selectCategoryTotals(state, budgetId).get(categoryId) ?? NO_TOTALS;

export const selectBudgetTotals = createSelector([selectCountedIncomes, selectCountedAllocations], budgetTotals);

/** The Wants Summary: what is allocated to needs, wants and savings, and what is unallocated, each with its share to a tenth of a percent. */
export const selectClassSummary = createSelector([selectBudgetTotals, selectCountedAllocations], (totals, allocations) => {
  const { needs, wantsAllocated, savings } = classSummary(totals.income, allocations);
  return incomeShares(totals.income, { needs, wants: wantsAllocated, savings }, 1);
});

const NO_FIELDS: string[] = [];

/** The fields of a row that the last refused save named (empty when it named none). */
const selectRefusedFields = (state: RootState, kind: 'incomes' | 'allocations', key: number) =>
  state.budgetEdit.draft?.refused[kind][key] ?? NO_FIELDS;

/** The draft's row with the key that was added last, if any: its first field takes the focus. */
const selectAddedKey = (state: RootState) => state.budgetEdit.draft?.addedKey ?? null;

/**
 * Everything one table row draws from the store, read by one subscription per row (a keystroke then runs 300
 * row selectors, not three times that): the row, the fields a refused save named, and whether it was just added.
 * Compare with shallowEqual.
 */
export interface RowView<Line> {
  row: Line | undefined;
  refused: string[];
  added: boolean;
  /** After a Reload: the fields someone else changed too, with their values (shown beside the person's). */
  clash: Partial<Line>;
}

const NO_CLASH = {};
const selectClash = (state: RootState, kind: 'incomes' | 'allocations', key: number) => state.budgetEdit.draft?.clashes?.[kind]?.[key] ?? NO_CLASH;

export const selectIncomeRowView = (state: RootState, budgetId: number, key: number): RowView<IncomeLine> => ({
  row: selectIncome(state, budgetId, key),
  refused: selectRefusedFields(state, 'incomes', key),
  added: selectAddedKey(state) === key,
  clash: selectClash(state, 'incomes', key),
});

export const selectAllocationRowView = (state: RootState, budgetId: number, key: number): RowView<AllocationLine> => ({
  row: selectAllocation(state, budgetId, key),
  refused: selectRefusedFields(state, 'allocations', key),
  added: selectAddedKey(state) === key,
  clash: selectClash(state, 'allocations', key),
});

/**
 * The rows a save sends, in the order it sends them: the rows added, changed or marked deleted since the draft's
 * base (the budget as read, or at the last Reload); the server leaves every row not sent as it is, so a budget of
 * 300 lines with one amount changed uploads one line (issue 48: on a phone's upload, most of a save's time). An
 * edit keeps the rows it did not touch as the very objects of the base, which is how they are told apart. New
 * rows toggled deleted are left out.
 */
const selectSavedRows = createSelector([selectDraft], (draft) => {
  if (!draft) return null;
  const changed = <T extends { id: number; key: number; deleted: boolean }>(rows: T[], base: Record<number, T | undefined>) =>
    rows.filter((row) => (row.id === 0 ? !row.deleted : row !== base[row.key]));
  return {
    incomes: changed(incomeSelectors.selectAll(draft.incomes), draft.base.incomes.entities),
    allocations: changed(allocationSelectors.selectAll(draft.allocations), draft.base.allocations.entities),
  };
});

/** The row keys of the save body's `incomes` and `allocations`, index for index (to place a refusal's `allocations.3.amount`). */
export const selectSaveRowKeys = createSelector([selectSavedRows], (rows) =>
  rows ? { incomes: rows.incomes.map((row) => row.key), allocations: rows.allocations.map((row) => row.key) } : null,
);

/**
 * The PUT body: the changed rows with their ids (0 for new), deleted existing rows flagged `deleted: true`, new
 * rows toggled deleted left out, and the lock_version the draft started from.
 */
export const selectSavePayload = createSelector([selectDraft, selectSavedRows], (draft, rows): UpdateBudgetBody | null => {
  if (!draft || !rows) return null;
  return {
    lock_version: draft.lockVersion,
    incomes: rows.incomes.map((row) => ({
      id: row.id,
      name: row.name,
      amount: row.amount,
      bank_account_id: row.bank_account_id || null,
      comment: row.comment,
      owner: row.owner,
      deleted: row.deleted,
    })),
    allocations: rows.allocations.map((row) => ({
      id: row.id,
      name: row.name,
      amount: row.amount,
      allocation_category_id: row.allocation_category_id,
      allocation_class: row.allocation_class,
      is_fixed_amount: row.is_fixed_amount,
      comment: row.comment,
      special_event_id: row.special_event_id,
      deleted: row.deleted,
    })),
  };
});
