import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { App } from '../../../src/app/App';
import { startSignedInApp } from '../../../src/app/boot';
import { setupStore } from '../../../src/app/store';
import { budgetsApi } from '../../../src/features/budgets/budgetsApi';
import { mockFetch } from '../../support/fetchMock';
import { CHUNK_LOAD, storeTestCredentials } from '../../support/render';
import { user } from '../auth/authFixtures';
import { accounts, categories, householdSettings, sampleBudget } from '../budgets/fixtures';

jest.setTimeout(60_000);

const server = () =>
  mockFetch({
    'GET /auth/validate_token': { success: true, data: user },
    'GET /budgets/current': { budget_id: 7 },
    'GET /budgets/7': sampleBudget(),
    'GET /allocation_categories': categories,
    'GET /bank_accounts': accounts,
    'GET /settings': householdSettings(),
    'GET /setup/status': { needs_household: false },
  });

describe('starting the app with a session stored on this device', () => {
  // First: the router is created when its chunk first loads (once per page load), at the address of that moment.
  it('the pages then use those answers: the budget shows without asking the server again', async () => {
    storeTestCredentials();
    window.history.replaceState(null, '', '/#/budgets/current');
    const network = server();
    const store = setupStore();
    startSignedInApp(store, '/budgets/current');
    render(
      <Provider store={store}>
        <App />
      </Provider>,
    );
    expect(await screen.findByRole('table', { name: 'Allocations' }, CHUNK_LOAD)).toHaveTextContent('Groceries');
    expect(window.location.hash).toBe('#/budgets/7');
    expect(network.find('GET', '/auth/validate_token')).toHaveLength(1);
    expect(network.find('GET', '/budgets/current')).toHaveLength(1);
    expect(network.find('GET', '/budgets/7')).toHaveLength(1);
  });

  it('checks the session and fetches the current budget before any page code runs', async () => {
    storeTestCredentials();
    const network = server();
    const store = setupStore();
    startSignedInApp(store, '/budgets/current');

    await waitFor(() => expect(network.find('GET', '/budgets/7')).toHaveLength(1));
    expect(network.find('GET', '/auth/validate_token')).toHaveLength(1);
    expect(network.find('GET', '/budgets/current')).toHaveLength(1);
    expect(network.find('GET', '/budgets/7')[0].headers.get('access-token')).toBe('token-1');
    await waitFor(() => expect(budgetsApi.endpoints.getBudget.select(7)(store.getState()).data?.name).toBe('Jan 01 - Jan 31, 2026'));
    expect(store.getState().auth).toMatchObject({ validated: true, householdName: 'The Smiths' });
  });

  it('on a budget address, fetches that budget', async () => {
    storeTestCredentials();
    const network = server();
    startSignedInApp(setupStore(), '/budgets/7');
    await waitFor(() => expect(network.find('GET', '/budgets/7')).toHaveLength(1));
    expect(network.find('GET', '/budgets/current')).toHaveLength(0);
  });

  it('without a session (or on the login page) asks nothing: the login page needs none of it', async () => {
    const network = server();
    startSignedInApp(setupStore(), '/budgets/current');
    storeTestCredentials();
    startSignedInApp(setupStore(), '/login');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(network.requests).toHaveLength(0);
  });
});
