import { waitFor } from '@testing-library/react';
import { setupStore } from '../../../src/app/store';
import { budgetsApi } from '../../../src/features/budgets/budgetsApi';
import { transactionsApi } from '../../../src/features/transactions/transactionsApi';
import { mockFetch } from '../../support/fetchMock';
import { signedInState } from '../../support/render';
import { CAR } from './fixtures';

describe("Adjust Allocations' list of a budget's allocations", () => {
  it('is fetched again after a mass edit adds a line to that budget, without a reload', async () => {
    const madeByMassEdit = { ...CAR, id: 77, name: 'Trip fund' };
    let answers = 0;
    const network = mockFetch({
      'GET /allocations?budget_id=8': () => ({ body: answers++ === 0 ? [CAR] : [CAR, madeByMassEdit] }),
      'POST /budgets/mass_update': { success: true },
    });
    const store = setupStore(signedInState());
    const list = store.dispatch(transactionsApi.endpoints.getBudgetAllocations.initiate(8));
    await waitFor(() => expect(transactionsApi.endpoints.getBudgetAllocations.select(8)(store.getState()).data).toHaveLength(1));
    await store
      .dispatch(
        budgetsApi.endpoints.massUpdateBudgets.initiate({ type: 'allocation', name: 'Trip fund', amounts: [{ id: 0, amount: 5000, budget_id: 8, originalAmount: 0 }] }),
      )
      .unwrap();
    await waitFor(() => expect(transactionsApi.endpoints.getBudgetAllocations.select(8)(store.getState()).data?.map((line) => line.name)).toEqual(['Rental car', 'Trip fund']));
    expect(network.requests.filter((request) => request.path === '/allocations')).toHaveLength(2);
    list.unsubscribe();
  });
});
