import { waitFor } from '@testing-library/react';
import { setupStore } from '../../../src/app/store';
import { budgetsApi } from '../../../src/features/budgets/budgetsApi';
import { editStarted } from '../../../src/features/budgets/budgetEditSlice';
import { homeApi } from '../../../src/features/home/homeApi';
import { transactionsApi } from '../../../src/features/transactions/transactionsApi';
import { mockFetch } from '../../support/fetchMock';
import { signedInState } from '../../support/render';
import { sampleBudget } from './fixtures';

/** Closing writes carried-forward and balancing rows and reopening deletes them: the lists that show rows reload. */
describe('closing and reopening in the one api', () => {
  const loads = (network: ReturnType<typeof mockFetch>, path: string) => network.find('GET', path).length;

  it.each([
    ['closing', (store: ReturnType<typeof setupStore>) => store.dispatch(budgetsApi.endpoints.closeBudget.initiate(7))],
    ['reopening', (store: ReturnType<typeof setupStore>) => store.dispatch(budgetsApi.endpoints.reopenLastBudget.initiate())],
  ])('%s reloads the transactions windows, the spent dialog and Home\'s last update', async (_name, write) => {
    const network = mockFetch({
      'GET /transactions': () => ({ body: [], headers: { 'x-window-lock-version': '1' } }),
      'GET /transactions/by_allocation': [],
      'GET /transactions/last_update': { transaction_date: '2026-01-05', has_transactions: true },
      'PUT /budgets/7/close': sampleBudget({ id: 7 }),
      'POST /budgets/reopen_last_budget': sampleBudget({ id: 7 }),
    });
    const store = setupStore(signedInState());
    store.dispatch(transactionsApi.endpoints.getTransactionWindow.initiate({ bankAccountId: 1, budgetId: 7 }));
    store.dispatch(budgetsApi.endpoints.getAllocationTransactions.initiate(22));
    store.dispatch(homeApi.endpoints.getLastUpdate.initiate());
    await waitFor(() => expect(loads(network, '/transactions')).toBe(1));
    await waitFor(() => expect(loads(network, '/transactions/by_allocation')).toBe(1));
    await waitFor(() => expect(loads(network, '/transactions/last_update')).toBe(1));

    await write(store);
    await waitFor(() => expect(loads(network, '/transactions')).toBe(2));
    await waitFor(() => expect(loads(network, '/transactions/by_allocation')).toBe(2));
    await waitFor(() => expect(loads(network, '/transactions/last_update')).toBe(2));
  });
});

/** The writes that can be undone answer their activity entry, so their confirmation can offer "Undo". */
describe('recorded writes', () => {
  const recorded = (body: unknown) => () => ({ body, headers: { 'activity-id': '17' } });

  it.each([
    ['a budget save', (store: ReturnType<typeof setupStore>) => store.dispatch(budgetsApi.endpoints.updateBudget.initiate({ id: 7, body: {} }))],
    ['a copy', (store: ReturnType<typeof setupStore>) => store.dispatch(budgetsApi.endpoints.copyBudget.initiate(7))],
    ['a close', (store: ReturnType<typeof setupStore>) => store.dispatch(budgetsApi.endpoints.closeBudget.initiate(7))],
    ['a mass edit', (store: ReturnType<typeof setupStore>) => store.dispatch(budgetsApi.endpoints.massUpdateBudgets.initiate({ type: 'income', name: 'Salary', amounts: [] }))],
    [
      'a transactions window save',
      (store: ReturnType<typeof setupStore>) => store.dispatch(transactionsApi.endpoints.saveTransactionWindow.initiate({ bank_account_id: 1, budget_id: 7, transactions: [] })),
    ],
  ])('%s answers the id of its activity entry', async (_name, write) => {
    mockFetch({
      'PUT /budgets/7': recorded(sampleBudget()),
      'PUT /budgets/7/copy': recorded(sampleBudget({ id: 8 })),
      'PUT /budgets/7/close': recorded(sampleBudget()),
      'POST /budgets/mass_update': recorded({ success: true }),
      'POST /transactions': recorded([]),
    });
    const store = setupStore(signedInState());
    const result = await write(store).unwrap();
    expect(result).toMatchObject({ activityId: 17 });
  });

  it('answers no entry when the server recorded none (the write moved nothing)', async () => {
    mockFetch({ 'PUT /budgets/7': sampleBudget() });
    const result = await setupStore(signedInState()).dispatch(budgetsApi.endpoints.updateBudget.initiate({ id: 7, body: {} })).unwrap();
    expect(result).toEqual({ budget: sampleBudget(), activityId: null });
  });
});

/** Issue 48: a save shows its result at once, from its own answer, without asking for what it has just sent. */
describe('saving a budget', () => {
  it('puts the saved budget in the cache from the answer and does not fetch it again', async () => {
    const saved = sampleBudget({ name: 'Saved' });
    const network = mockFetch({ 'GET /budgets/7': sampleBudget(), 'PUT /budgets/7': saved });
    const store = setupStore(signedInState());
    store.dispatch(budgetsApi.endpoints.getBudget.initiate(7));
    await waitFor(() => expect(budgetsApi.endpoints.getBudget.select(7)(store.getState()).data).toEqual(sampleBudget()));

    await store.dispatch(budgetsApi.endpoints.updateBudget.initiate({ id: 7, body: {} })).unwrap();
    await waitFor(() => expect(budgetsApi.endpoints.getBudget.select(7)(store.getState()).data).toEqual(saved));
    // A refetch would start in the same turn as the invalidation: give it a few turns to show.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(network.find('GET', '/budgets/7')).toHaveLength(1);
  });

  it('from the edit mode, ends the draft in the same turn as the answer lands: the page draws the saved budget once, in view mode', async () => {
    const saved = sampleBudget({ name: 'Saved' });
    mockFetch({ 'GET /budgets/7': sampleBudget(), 'PUT /budgets/7': saved });
    const store = setupStore(signedInState());
    store.dispatch(budgetsApi.endpoints.getBudget.initiate(7));
    await waitFor(() => expect(budgetsApi.endpoints.getBudget.select(7)(store.getState()).data).toEqual(sampleBudget()));
    store.dispatch(editStarted(sampleBudget()));
    // Every state a render could see: none may show the answer under a draft still open.
    const seen: { answered: boolean; editing: boolean }[] = [];
    store.subscribe(() => {
      const state = store.getState();
      seen.push({ answered: budgetsApi.endpoints.getBudget.select(7)(state).data?.name === 'Saved', editing: state.budgetEdit.draft !== null });
    });
    await store.dispatch(budgetsApi.endpoints.updateBudget.initiate({ id: 7, body: {}, endsEditing: true })).unwrap();
    await waitFor(() => expect(store.getState().budgetEdit.draft).toBeNull());
    expect(seen.some(({ answered }) => answered)).toBe(true);
    expect(seen.filter(({ answered, editing }) => answered && editing)).toEqual([]);
    // Nor view mode with the budget as it was before the save.
    expect(seen.find(({ editing }) => !editing)?.answered).toBe(true);
  });

  it('from elsewhere (Cover Overspending), leaves an edit draft alone', async () => {
    mockFetch({ 'PUT /budgets/7': sampleBudget({ name: 'Saved' }) });
    const store = setupStore(signedInState());
    store.dispatch(editStarted(sampleBudget()));
    await store.dispatch(budgetsApi.endpoints.updateBudget.initiate({ id: 7, body: {} })).unwrap();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.getState().budgetEdit.draft).not.toBeNull();
  });
});
