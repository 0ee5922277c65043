import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { App } from '../../../src/app/App';
import { setupStore } from '../../../src/app/store';
import { mockFetch } from '../../support/fetchMock';
import { CHUNK_LOAD, loadShellCode, storeTestCredentials } from '../../support/render';
import { sessionHeaders, signInOk } from '../auth/authFixtures';

jest.setTimeout(40_000);
beforeAll(loadShellCode, 180_000);

// The entry as index.tsx mounts it: the login page first, the router once someone signs in.
function openApp(hash: string) {
  window.history.replaceState(null, '', `/${hash}`);
  const store = setupStore();
  render(
    <Provider store={store}>
      <App />
    </Provider>,
  );
  return store;
}

describe('app entry', () => {
  it('with the routed app already loaded (a stored session), draws it in the first render, with no loading fallback', () => {
    storeTestCredentials();
    window.history.replaceState(null, '', '/#/budgets/current');
    render(
      <Provider store={setupStore()}>
        <App routedApp={() => <p>the routed app</p>} />
      </Provider>,
    );
    expect(screen.getByText('the routed app')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('#/logout without a session just shows the login page', async () => {
    mockFetch({ 'GET /setup/status': { needs_household: false } });
    const store = openApp('#/logout');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/login');
    expect(store.getState().messages.current).toBeNull();
  });

  it('a guarded address without a session: "Not logged in" on the login page; signing in opens home', async () => {
    const network = mockFetch({
      'GET /setup/status': { needs_household: false },
      'POST /auth/sign_in': signInOk,
      'GET /transactions/last_update': { transaction_date: '2026-11-21', has_transactions: true },
    });
    openApp('#/budgets');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not logged in');
    expect(window.location.hash).toBe('#/login');

    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse battery{Enter}');

    expect(await screen.findByText('Saturday, November 21, 2026', {}, CHUNK_LOAD)).toBeInTheDocument();
    expect(window.location.hash).toBe('#/');
    expect(window.localStorage.getItem('access-token')).toBe(sessionHeaders['access-token']);
    // Signed in just now: the guard has nothing to validate.
    expect(network.find('GET', '/auth/validate_token')).toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('EveryCent V3 -- Home'));
  });
});
