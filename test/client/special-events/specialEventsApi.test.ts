import { waitFor } from '@testing-library/react';
import { setupStore } from '../../../src/app/store';
import { budgetsApi } from '../../../src/features/budgets/budgetsApi';
import { specialEventsApi } from '../../../src/features/special-events/specialEventsApi';
import { transactionsApi } from '../../../src/features/transactions/transactionsApi';
import { mockFetch } from '../../support/fetchMock';
import { signedInState } from '../../support/render';
import { sampleBudget } from '../budgets/fixtures';
import { CAR, HOLIDAY, HOTEL, linked, specialEvent } from './fixtures';

/** Which screens' data a write refreshes: each test keeps some queries open, makes one write and counts the reloads. */
describe('special events in the one api', () => {
  const loads = (network: ReturnType<typeof mockFetch>, path: string) => network.find('GET', path).length;

  it('linking allocations reloads the budgets that gain or lose a link (their event tags) and their allocation lists', async () => {
    const network = mockFetch({
      'GET /budgets/7': sampleBudget({ id: 7 }),
      'GET /budgets/8': sampleBudget({ id: 8 }),
      'GET /budgets/9': sampleBudget({ id: 9 }),
      'GET /allocations?budget_id=8': [CAR],
      'PUT /special_events/3/allocations': specialEvent({ ...HOLIDAY, allocations: [linked(HOTEL), linked(CAR)] }),
    });
    const store = setupStore(signedInState());
    for (const id of [7, 8, 9]) store.dispatch(budgetsApi.endpoints.getBudget.initiate(id));
    store.dispatch(transactionsApi.endpoints.getBudgetAllocations.initiate(8));
    await waitFor(() => expect(loads(network, '/budgets/9')).toBe(1));
    await waitFor(() => expect(loads(network, '/allocations')).toBe(1));

    // Before: the flights (July, budget 7). After: the hotel (July) and the car (August, budget 8).
    await store.dispatch(specialEventsApi.endpoints.setSpecialEventAllocations.initiate({ event: HOLIDAY, allocationIds: [HOTEL.id, CAR.id] }));
    await waitFor(() => expect(loads(network, '/budgets/7')).toBe(2));
    await waitFor(() => expect(loads(network, '/budgets/8')).toBe(2));
    await waitFor(() => expect(loads(network, '/allocations')).toBe(2));
    expect(loads(network, '/budgets/9')).toBe(1);
  });

  it("an event reloads when money moves in one of its budgets, and when the budget list changes", async () => {
    const network = mockFetch({
      'GET /special_events/3': HOLIDAY,
      'GET /special_events': [HOLIDAY],
      'POST /transactions': () => ({ body: [], headers: { 'x-window-lock-version': '4' } }),
      'POST /budgets': sampleBudget({ id: 10 }),
    });
    const store = setupStore(signedInState());
    store.dispatch(specialEventsApi.endpoints.getSpecialEvent.initiate(3));
    store.dispatch(specialEventsApi.endpoints.getSpecialEvents.initiate());
    await waitFor(() => expect(loads(network, '/special_events/3')).toBe(1));
    await waitFor(() => expect(loads(network, '/special_events')).toBe(1));

    await store.dispatch(transactionsApi.endpoints.saveTransactionWindow.initiate({ bank_account_id: 1, budget_id: 7, transactions: [] }));
    await waitFor(() => expect(loads(network, '/special_events/3')).toBe(2));
    await waitFor(() => expect(loads(network, '/special_events')).toBe(2));

    await store.dispatch(budgetsApi.endpoints.createBudget.initiate({ start_date: '2026-09-01' }));
    await waitFor(() => expect(loads(network, '/special_events/3')).toBe(3));
  });

  it('deleting an event reloads the list and the budgets its allocations were in (their tags go)', async () => {
    const network = mockFetch({
      'GET /budgets/7': sampleBudget({ id: 7 }),
      'GET /budgets/8': sampleBudget({ id: 8 }),
      'GET /special_events': [HOLIDAY],
      'DELETE /special_events/3': { success: true },
    });
    const store = setupStore(signedInState());
    store.dispatch(budgetsApi.endpoints.getBudget.initiate(7));
    store.dispatch(budgetsApi.endpoints.getBudget.initiate(8));
    store.dispatch(specialEventsApi.endpoints.getSpecialEvents.initiate());
    await waitFor(() => expect(loads(network, '/budgets/8')).toBe(1));
    await waitFor(() => expect(loads(network, '/special_events')).toBe(1));

    await store.dispatch(specialEventsApi.endpoints.deleteSpecialEvent.initiate(HOLIDAY));
    await waitFor(() => expect(loads(network, '/budgets/7')).toBe(2));
    await waitFor(() => expect(loads(network, '/special_events')).toBe(2));
    expect(loads(network, '/budgets/8')).toBe(1);
  });
});
