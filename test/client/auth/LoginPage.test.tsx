import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../support/fetchMock';
import { CHUNK_LOAD, loadShellCode, renderApp, storeTestCredentials } from '../../support/render';
import { invalidLogin, sessionHeaders, signInOk } from './authFixtures';

const homeRoutes = {
  'GET /setup/status': { needs_household: false },
  // What Home's guided start asks.
  'GET /bank_accounts': [],
  'GET /budgets': [],
  'GET /transactions/last_update': { transaction_date: '2026-11-21', has_transactions: true },
};

async function logIn(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
}

// The first test loads the shell and antd (slow on a busy machine).
jest.setTimeout(30_000);
beforeAll(loadShellCode, 180_000);

describe('login page', () => {
  it('a successful login stores the five session headers and the household name, then opens home', async () => {
    const network = mockFetch({ ...homeRoutes, 'POST /auth/sign_in': signInOk });
    const { router, store } = await renderApp('/login');
    await logIn('ann@example.com', 'correct horse battery');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(network.find('POST', '/auth/sign_in')[0].body).toEqual({ email: 'ann@example.com', password: 'correct horse battery' });
    for (const [name, value] of Object.entries(sessionHeaders)) expect(window.localStorage.getItem(name)).toBe(value);
    expect(window.localStorage.getItem('householdName')).toBe('The Smiths');
    expect(store.getState().auth).toMatchObject({ loggedIn: true, validated: true, householdName: 'The Smiths' });
    expect(await screen.findByText('Saturday, November 21, 2026', {}, CHUNK_LOAD)).toBeInTheDocument();
  });

  it("a failed login shows the server's first error in the red bar and clears stored credentials", async () => {
    storeTestCredentials();
    mockFetch({ ...homeRoutes, 'POST /auth/sign_in': invalidLogin });
    const { router } = await renderApp('/login');
    await logIn('ann@example.com', 'wrong');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid login credentials. Please try again.');
    expect(alert).not.toHaveTextContent('second');
    expect(alert).toHaveClass('ec-message-error');
    expect(window.localStorage.getItem('access-token')).toBeNull();
    expect(window.localStorage.getItem('householdName')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('clears the previous message when a new attempt starts', async () => {
    let answer: () => void = () => undefined;
    let attempts = 0;
    mockFetch({
      ...homeRoutes,
      'POST /auth/sign_in': () =>
        ++attempts === 1 ? invalidLogin() : new Promise<ReturnType<typeof invalidLogin>>((resolve) => (answer = () => resolve(invalidLogin()))),
    });
    await renderApp('/login');
    await logIn('ann@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    answer();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials. Please try again.');
  });

  it('says so when the server cannot be reached', async () => {
    mockFetch({
      ...homeRoutes,
      'POST /auth/sign_in': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await renderApp('/login');
    await logIn('ann@example.com', 'whatever');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server. Check your connection.');
  });

  it('Enter in the password field submits, with no client-side validation', async () => {
    const network = mockFetch({ ...homeRoutes, 'POST /auth/sign_in': invalidLogin });
    await renderApp('/login');
    await userEvent.type(screen.getByLabelText('Password'), 'x{Enter}');
    await waitFor(() => expect(network.find('POST', '/auth/sign_in')).toHaveLength(1));
    expect(network.find('POST', '/auth/sign_in')[0].body).toEqual({ email: '', password: 'x' });
  });

  it('Cancel resets the form', async () => {
    mockFetch(homeRoutes);
    await renderApp('/login');
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
