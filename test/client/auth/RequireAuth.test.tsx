import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../support/fetchMock';
import { CHUNK_LOAD, loadShellCode, renderApp, storeTestCredentials } from '../../support/render';
import { user } from './authFixtures';

jest.setTimeout(30_000);
beforeAll(loadShellCode, 180_000);

const status = { 'GET /setup/status': { needs_household: false } };

describe('login guard', () => {
  it('without stored credentials: "Not logged in" and off to /login, without asking the server', async () => {
    const network = mockFetch(status);
    const { router } = await renderApp('/budgets');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not logged in');
    expect(network.find('GET', '/auth/validate_token')).toHaveLength(0);
  });

  it('validates a stored token once, then shows the page', async () => {
    storeTestCredentials();
    const network = mockFetch({
      'GET /auth/validate_token': { success: true, data: user },
      'GET /transactions/last_update': { transaction_date: '2026-11-21', has_transactions: true },
    });
    const { router, store } = await renderApp('/');
    expect(await screen.findByText('Last transaction entered:', {}, CHUNK_LOAD)).toBeInTheDocument();
    expect(network.find('GET', '/auth/validate_token')[0].headers.get('access-token')).toBe('token-1');
    expect(store.getState().auth).toMatchObject({ validated: true, householdName: 'The Smiths' });

    await act(() => router.navigate('/no-such-page'));
    await screen.findByText('There is no page at this address. Choose a page from the menu.', {}, CHUNK_LOAD);
    expect(network.find('GET', '/auth/validate_token')).toHaveLength(1);
  });

  it('a member signed in with a temporary password sees only "Choose your own password", not the page', async () => {
    storeTestCredentials();
    const network = mockFetch({ 'GET /auth/validate_token': { success: true, data: { ...user, must_change_password: true } } });
    await renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Choose your own password' }, CHUNK_LOAD)).toBeInTheDocument();
    expect(screen.getByLabelText('Temporary password')).toBeInTheDocument();
    expect(screen.queryByText('Last transaction entered:')).not.toBeInTheDocument();
    expect(network.find('GET', '/transactions/last_update')).toHaveLength(0);
  });

  it('a refused token: credentials cleared, "Not logged in", off to /login', async () => {
    storeTestCredentials();
    mockFetch({ ...status, 'GET /auth/validate_token': () => ({ status: 401, body: { success: false, errors: ['Invalid login credentials'] } }) });
    const { router } = await renderApp('/budgets');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not logged in');
    expect(window.localStorage.getItem('access-token')).toBeNull();
  });

  it('a server that cannot be reached: stays, explains, and can try again', async () => {
    storeTestCredentials();
    let calls = 0;
    mockFetch({
      'GET /auth/validate_token': () => {
        if (++calls === 1) throw new TypeError('Failed to fetch');
        return { body: { success: true, data: user } };
      },
      'GET /transactions/last_update': { transaction_date: '2026-11-21', has_transactions: true },
    });
    const { router } = await renderApp('/');
    expect(await screen.findByText('Could not reach the server. Check your connection.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(window.localStorage.getItem('access-token')).toBe('token-1');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Last transaction entered:', {}, CHUNK_LOAD)).toBeInTheDocument();
  });
});

describe('log out', () => {
  it('signs out on the server, clears storage and goes to /login', async () => {
    storeTestCredentials();
    const network = mockFetch({ ...status, 'DELETE /auth/sign_out': { success: true } });
    const { router, store } = await renderApp('/logout', {
      preloadedState: { auth: { loggedIn: true, validated: true, user, householdName: 'The Smiths' } },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const signOut = network.find('DELETE', '/auth/sign_out');
    expect(signOut).toHaveLength(1);
    expect(signOut[0].headers.get('client')).toBe('client-1');
    for (const key of ['access-token', 'client', 'expiry', 'token-type', 'uid', 'householdName']) expect(window.localStorage.getItem(key)).toBeNull();
    expect(store.getState().auth.loggedIn).toBe(false);
  });

  it('still logs out locally when the server cannot be reached', async () => {
    storeTestCredentials();
    mockFetch({
      ...status,
      'DELETE /auth/sign_out': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { router } = await renderApp('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('access-token')).toBeNull();
  });
});
