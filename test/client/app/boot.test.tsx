import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { App } from '../../../src/app/App';
import { startSignedInApp } from '../../../src/app/boot';
import { askEarly, firstRequests } from '../../../src/platform/headStart';
import { authApi } from '../../../src/features/auth/authApi';
import { setupStore } from '../../../src/app/store';
import { budgetsApi } from '../../../src/features/budgets/budgetsApi';
import { mockFetch, refusal } from '../../support/fetchMock';
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

/** `/budgets/current` answered (budget 7) only once the test says so. */
function heldCurrentAnswer() {
  let answerCurrent: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answerCurrent = resolve));
  const currentRoute = async () => {
    await answered;
    return { body: { budget_id: 7 } };
  };
  return { answerCurrent: () => answerCurrent(), currentRoute };
}

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

  it('the first render waits for the current budget and the budget when its code comes first: the router starts at the budget, with its data', async () => {
    storeTestCredentials();
    window.history.replaceState(null, '', '/#/budgets/current');
    const { answerCurrent, currentRoute } = heldCurrentAnswer();
    mockFetch({
      'GET /auth/validate_token': { success: true, data: user },
      'GET /budgets/current': currentRoute,
      'GET /budgets/7': sampleBudget(),
    });
    const store = setupStore();
    let started = false;
    const routedApp = startSignedInApp(store, '/budgets/current')!.then((app) => {
      started = true;
      return app;
    });
    // The router's code has arrived (jest loads it at once); the answer has not.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(started).toBe(false);
    answerCurrent();
    await routedApp;
    expect(window.location.hash).toBe('#/budgets/7');
    expect(budgetsApi.endpoints.getBudget.select(7)(store.getState()).data?.name).toBe('Jan 01 - Jan 31, 2026');
  });

  it('an answer that does not come holds the first render back only a while: the current budget page then waits for it', async () => {
    storeTestCredentials();
    window.history.replaceState(null, '', '/#/budgets/current');
    mockFetch({
      'GET /auth/validate_token': { success: true, data: user },
      'GET /budgets/current': () => new Promise(() => undefined),
    });
    // Waiting for the answer, this would never resolve (the test would time out).
    await startSignedInApp(setupStore(), '/budgets/current');
    expect(window.location.hash).toBe('#/budgets/current');
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

  it('asks for the current budget seen last at once, alongside the question of which is current', async () => {
    storeTestCredentials();
    const first = server();
    startSignedInApp(setupStore(), '/budgets/current');
    await waitFor(() => expect(first.find('GET', '/budgets/7')).toHaveLength(1));

    // Next start: the budget is asked for while /budgets/current is still unanswered, and only once.
    const { answerCurrent, currentRoute } = heldCurrentAnswer();
    const again = mockFetch({
      'GET /auth/validate_token': { success: true, data: user },
      'GET /budgets/current': currentRoute,
      'GET /budgets/7': sampleBudget(),
    });
    const store = setupStore();
    startSignedInApp(store, '/budgets/current');
    await waitFor(() => expect(again.find('GET', '/budgets/7')).toHaveLength(1));
    expect(budgetsApi.endpoints.getCurrentBudget.select()(store.getState()).status).toBe('pending');
    answerCurrent();
    await waitFor(() => expect(budgetsApi.endpoints.getCurrentBudget.select()(store.getState()).status).toBe('fulfilled'));
    expect(again.find('GET', '/budgets/7')).toHaveLength(1);
  });

  it('when a new month made another budget current, fetches that one too; another person on the device starts afresh', async () => {
    storeTestCredentials();
    const first = server();
    startSignedInApp(setupStore(), '/budgets/current');
    await waitFor(() => expect(first.find('GET', '/budgets/7')).toHaveLength(1));

    const nextMonth = mockFetch({
      'GET /auth/validate_token': { success: true, data: user },
      'GET /budgets/current': { budget_id: 8 },
      'GET /budgets/7': sampleBudget(),
      'GET /budgets/8': { ...sampleBudget(), id: 8 },
    });
    startSignedInApp(setupStore(), '/budgets/current');
    await waitFor(() => expect(nextMonth.find('GET', '/budgets/8')).toHaveLength(1));
    expect(nextMonth.find('GET', '/budgets/7')).toHaveLength(1);

    window.localStorage.setItem('uid', 'someone.else@example.com');
    const otherPerson = server();
    startSignedInApp(setupStore(), '/budgets/current');
    expect(otherPerson.find('GET', '/budgets/8')).toHaveLength(0);
    await waitFor(() => expect(otherPerson.find('GET', '/budgets/7')).toHaveLength(1));
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

  describe("index.html's head start", () => {
    afterEach(() => {
      delete window.everycentEarlyAnswers;
      jest.restoreAllMocks();
    });
    const credentials = { 'access-token': 'token-1', client: 'client-1', expiry: '9999999999', 'token-type': 'Bearer', uid: 'admin@example.com' };

    it('asks what the start asks, and the start takes those answers instead of asking again; a later request asks the server', async () => {
      storeTestCredentials();
      window.localStorage.setItem('currentBudget:admin@example.com', '7');
      expect(firstRequests('/budgets/current')).toEqual(['/auth/validate_token', '/budgets/current', '/budgets/7']);
      expect(firstRequests('/budgets/12')).toEqual(['/auth/validate_token', '/budgets/12']);
      expect(firstRequests('/transactions')).toEqual(['/auth/validate_token']);
      expect(firstRequests('/login')).toEqual([]);

      const network = server();
      askEarly(firstRequests('/budgets/current'), credentials);
      await waitFor(() => expect(network.requests.map((r) => r.path)).toEqual(['/auth/validate_token', '/budgets/current', '/budgets/7']));
      expect(network.requests[0].headers.get('access-token')).toBe('token-1');
      const store = setupStore();
      startSignedInApp(store, '/budgets/current');
      await waitFor(() => expect(budgetsApi.endpoints.getBudget.select(7)(store.getState()).data?.name).toBe('Jan 01 - Jan 31, 2026'));
      await waitFor(() => expect(store.getState().auth.validated).toBe(true));
      expect(budgetsApi.endpoints.getCurrentBudget.select()(store.getState()).data).toEqual({ budget_id: 7 });
      // Nothing asked twice: every answer came from the head start.
      expect(network.requests.map((r) => r.path)).toEqual(['/auth/validate_token', '/budgets/current', '/budgets/7']);
      expect(window.everycentEarlyAnswers?.size).toBe(0);

      // Taken once: asking again goes to the server.
      await store.dispatch(authApi.endpoints.validateToken.initiate(undefined, { forceRefetch: true }));
      expect(network.find('GET', '/auth/validate_token')).toHaveLength(2);
    });

    it('on a first visit, asks for the current budget as soon as it knows which one it is, and the start takes that too', async () => {
      storeTestCredentials();
      expect(firstRequests('/budgets/current')).toEqual(['/auth/validate_token', '/budgets/current']);
      const network = server();
      askEarly(firstRequests('/budgets/current'), credentials);
      await waitFor(() => expect(network.requests.map((r) => r.path)).toEqual(['/auth/validate_token', '/budgets/current', '/budgets/7']));
      const store = setupStore();
      startSignedInApp(store, '/budgets/current');
      await waitFor(() => expect(budgetsApi.endpoints.getBudget.select(7)(store.getState()).data?.name).toBe('Jan 01 - Jan 31, 2026'));
      expect(network.requests.map((r) => r.path)).toEqual(['/auth/validate_token', '/budgets/current', '/budgets/7']);
      expect(window.everycentEarlyAnswers?.size).toBe(0);
    });

    it('hands a refusal over as the answer (the app handles it as its own), and lets an old answer go', async () => {
      storeTestCredentials();
      const network = mockFetch({ 'GET /auth/validate_token': () => refusal(401, ['Not logged in']), 'GET /budgets/12': sampleBudget() });
      askEarly(['/auth/validate_token', '/budgets/12'], credentials);
      await waitFor(() => expect(network.requests).toHaveLength(2));
      const store = setupStore();
      const refused = await store.dispatch(authApi.endpoints.validateToken.initiate());
      expect(refused.error).toMatchObject({ status: 401 });
      expect(network.find('GET', '/auth/validate_token')).toHaveLength(1);

      // Ten seconds on, nobody takes an early answer: the data may have changed since.
      const now = performance.now();
      jest.spyOn(performance, 'now').mockReturnValue(now + 10_001);
      await store.dispatch(budgetsApi.endpoints.getBudget.initiate(12));
      expect(network.find('GET', '/budgets/12')).toHaveLength(2);
    });
  });
});
