import { waitFor } from '@testing-library/react';
import { setupStore } from '../../../src/app/store';
import { budgetsApi } from '../../../src/features/budgets/budgetsApi';
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
