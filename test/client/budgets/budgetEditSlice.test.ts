import { setupStore, type AppStore } from '../../../src/app/store';
import { userLoggedOut } from '../../../src/platform/authSlice';
import {
  allocationAdded,
  allocationChanged,
  budgetSaved,
  draftRebased,
  editCancelled,
  editStarted,
  incomeAdded,
  incomeChanged,
  rowDeleteToggled,
} from '../../../src/features/budgets/budgetEditSlice';
import {
  selectAllocation,
  selectAllocationTableLines,
  selectBudgetTotals,
  selectCategoryTotal,
  selectClassSummary,
  selectHasUnsavedEdits,
  selectIncome,
  selectIsEditing,
  selectSavePayload,
  selectSaveRowKeys,
} from '../../../src/features/budgets/budgetSelectors';
import { budgetsApi } from '../../../src/features/budgets/budgetsApi';
import { categoriesApi } from '../../../src/features/setup/categoriesApi';
import { categories, sampleBudget } from './fixtures';

async function storeWithBudget(budget = sampleBudget()): Promise<AppStore> {
  const store = setupStore();
  await store.dispatch(budgetsApi.util.upsertQueryData('getBudget', budget.id, budget));
  await store.dispatch(categoriesApi.util.upsertQueryData('getAllocationCategories', undefined, categories));
  return store;
}

describe('budget edit draft', () => {
  it('starts from the server budget and is only "editing" for that budget', async () => {
    const store = await storeWithBudget();
    expect(selectIsEditing(store.getState(), 7)).toBe(false);
    store.dispatch(editStarted(sampleBudget()));
    expect(selectIsEditing(store.getState(), 7)).toBe(true);
    expect(selectIsEditing(store.getState(), 8)).toBe(false);
    expect(selectHasUnsavedEdits(store.getState())).toBe(false);
  });

  it('changes one row without touching the others, and totals follow live', async () => {
    const store = await storeWithBudget();
    store.dispatch(editStarted(sampleBudget()));
    const before = store.getState();
    store.dispatch(allocationChanged({ key: 23, changes: { amount: 30000 } }));
    const after = store.getState();
    expect(selectAllocation(after, 7, 23)?.amount).toBe(30000);
    expect(selectAllocation(after, 7, 22)).toBe(selectAllocation(before, 7, 22));
    expect(selectCategoryTotal(after, 7, 2)).toEqual({ amount: 90000, spent: 70025, remaining: 19975 });
    expect(selectBudgetTotals(after, 7).discretionary).toBe(500000 - 150000 - 60000 - 30000 - 50000);
    expect(selectHasUnsavedEdits(after)).toBe(true);
  });

  it('keeps the table layout object while amounts change, so the table does not re-render', async () => {
    const store = await storeWithBudget();
    store.dispatch(editStarted(sampleBudget()));
    const layout = selectAllocationTableLines(store.getState(), 7);
    store.dispatch(allocationChanged({ key: 21, changes: { amount: 1 } }));
    store.dispatch(incomeChanged({ key: 11, changes: { name: 'Pay' } }));
    expect(selectAllocationTableLines(store.getState(), 7)).toBe(layout);
    store.dispatch(allocationAdded({ categoryId: 3, categoryName: 'Fun' }));
    expect(selectAllocationTableLines(store.getState(), 7)).not.toBe(layout);
  });

  it('groups allocations by category name with allocations by name, and offers every household category while editing', async () => {
    const store = await storeWithBudget();
    const kinds = (lines: ReturnType<typeof selectAllocationTableLines>) =>
      lines.map((line) => (line.kind === 'row' ? selectAllocation(store.getState(), 7, line.key)?.name : `${line.kind}:${line.categoryName}`));
    expect(kinds(selectAllocationTableLines(store.getState(), 7))).toEqual([
      'header:Food',
      'Dining',
      'Groceries',
      'subtotal:Food',
      'header:Housing',
      'Emergency Fund',
      'Rent',
      'subtotal:Housing',
    ]);
    store.dispatch(editStarted(sampleBudget()));
    expect(kinds(selectAllocationTableLines(store.getState(), 7))).toEqual([
      'header:Food',
      'Dining',
      'Groceries',
      'add:Food',
      'subtotal:Food',
      'header:Fun',
      'add:Fun',
      'subtotal:Fun',
      'header:Housing',
      'Emergency Fund',
      'Rent',
      'add:Housing',
      'subtotal:Housing',
    ]);
  });

  it('adds a new income with id 0, amount 0 and an empty name, and a new allocation in its category', async () => {
    const store = await storeWithBudget();
    store.dispatch(editStarted(sampleBudget()));
    store.dispatch(incomeAdded());
    store.dispatch(allocationAdded({ categoryId: 3, categoryName: 'Fun' }));
    expect(selectIncome(store.getState(), 7, -1)).toEqual({ key: -1, id: 0, name: '', amount: 0, bank_account_id: null, comment: '', owner: 'shared', deleted: false });
    expect(selectAllocation(store.getState(), 7, -2)).toMatchObject({ id: 0, name: '', amount: 0, allocation_category_id: 3, allocation_class: 'want' });
  });

  it('leaves rows toggled deleted out of totals and the class summary, and brings them back when toggled again', async () => {
    const store = await storeWithBudget();
    store.dispatch(editStarted(sampleBudget()));
    store.dispatch(rowDeleteToggled({ kind: 'income', key: 12 }));
    store.dispatch(rowDeleteToggled({ kind: 'allocation', key: 21 }));
    expect(selectBudgetTotals(store.getState(), 7)).toMatchObject({ income: 300000, allocated: 130000, discretionary: 170000 });
    expect(selectClassSummary(store.getState(), 7)).toMatchObject({ needs: 60000, savings: 50000, wants: 20000, rest: 170000, needsPercent: 20, savingsPercent: 16.7, wantsPercent: 6.7, restPercent: 56.6 });
    store.dispatch(rowDeleteToggled({ kind: 'allocation', key: 21 }));
    expect(selectBudgetTotals(store.getState(), 7).allocated).toBe(280000);
  });

  it('builds the save payload: the rows changed, added or deleted (deleted flagged, new deleted left out), lock_version sent', async () => {
    const budget = sampleBudget();
    budget.incomes[0] = { ...budget.incomes[0], owner: 'wife' };
    const store = await storeWithBudget(budget);
    store.dispatch(editStarted(budget));
    store.dispatch(incomeAdded());
    store.dispatch(incomeChanged({ key: -1, changes: { name: 'Bonus', amount: 12345, bank_account_id: 6 } }));
    store.dispatch(allocationAdded({ categoryId: 3, categoryName: 'Fun' }));
    store.dispatch(allocationAdded({ categoryId: 3, categoryName: 'Fun' }));
    store.dispatch(allocationChanged({ key: -3, changes: { name: 'Concert', amount: 5000, is_fixed_amount: true } }));
    store.dispatch(rowDeleteToggled({ kind: 'allocation', key: -2 }));
    store.dispatch(rowDeleteToggled({ kind: 'allocation', key: 23 }));
    store.dispatch(incomeChanged({ key: 12, changes: { bank_account_id: null, owner: 'husband' } }));
    const payload = selectSavePayload(store.getState())!;
    expect(payload.lock_version).toBe(3);
    // Salary, Emergency Fund, Groceries and Rent were left alone: the server keeps rows a save does not name.
    expect(payload.incomes).toEqual([
      { id: 12, name: 'Freelance', amount: 200000, bank_account_id: null, comment: 'invoices', owner: 'husband', deleted: false },
      { id: 0, name: 'Bonus', amount: 12345, bank_account_id: 6, comment: '', owner: 'shared', deleted: false },
    ]);
    expect(payload.allocations!.map((row) => [row.id, row.name, row.deleted])).toEqual([
      [23, 'Dining', true],
      [0, 'Concert', false],
    ]);
    expect(payload.allocations!.every((row) => row.allocation_category_id! > 0)).toBe(true);
    // A row changed and changed back is sent (unchanged values are harmless); the save names rows by key, in order.
    store.dispatch(allocationChanged({ key: 21, changes: { amount: 1 } }));
    store.dispatch(allocationChanged({ key: 21, changes: { amount: 150000 } }));
    expect(selectSavePayload(store.getState())!.allocations!.map((row) => row.id)).toEqual([23, 21, 0]);
    expect(selectSaveRowKeys(store.getState())!.allocations).toEqual([23, 21, -3]);
    expect(payload.allocations![1]).toEqual({
      id: 0,
      name: 'Concert',
      amount: 5000,
      allocation_category_id: 3,
      allocation_class: 'want',
      is_fixed_amount: true,
      comment: '',
      special_event_id: null,
      deleted: false,
    });
  });

  it('after a conflict, rebases the edits on the latest budget: changed rows kept, untouched rows refreshed', async () => {
    const store = await storeWithBudget();
    store.dispatch(editStarted(sampleBudget()));
    store.dispatch(allocationChanged({ key: 21, changes: { amount: 160000 } }));
    store.dispatch(rowDeleteToggled({ kind: 'income', key: 12 }));
    store.dispatch(incomeChanged({ key: 11, changes: { owner: 'husband' } }));
    store.dispatch(allocationChanged({ key: 24, changes: { comment: 'mine' } }));
    store.dispatch(incomeAdded());
    const theirs = sampleBudget({ lock_version: 4 });
    theirs.incomes[0] = { ...theirs.incomes[0], owner: 'wife', comment: 'theirs' };
    theirs.allocations = theirs.allocations
      .filter((row) => row.id !== 24)
      .map((row) => (row.id === 22 ? { ...row, amount: 65000 } : row.id === 21 ? { ...row, spent: 150000 } : row));
    store.dispatch(draftRebased(theirs));
    const state = store.getState();
    expect(selectAllocation(state, 7, 21)).toMatchObject({ amount: 160000, spent: 150000 });
    expect(selectAllocation(state, 7, 22)?.amount).toBe(65000);
    expect(selectIncome(state, 7, 12)?.deleted).toBe(true);
    // Whose an income is counts as an edit like any other field: the person's choice stays on top.
    expect(selectIncome(state, 7, 11)).toMatchObject({ owner: 'husband', comment: '' });
    expect(selectIncome(state, 7, -1)?.id).toBe(0);
    const payload = selectSavePayload(state)!;
    expect(payload.lock_version).toBe(4);
    expect(payload.allocations!.find((row) => row.name === 'Emergency Fund')).toMatchObject({ id: 0, comment: 'mine' });
  });

  it('ends on cancel, on save and on log out', async () => {
    const store = await storeWithBudget();
    for (const end of [editCancelled(), budgetSaved(), userLoggedOut()]) {
      store.dispatch(editStarted(sampleBudget()));
      store.dispatch(incomeAdded());
      store.dispatch(end);
      expect(store.getState().budgetEdit.draft).toBeNull();
      expect(selectSavePayload(store.getState())).toBeNull();
    }
  });
});
