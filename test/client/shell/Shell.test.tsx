import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../support/fetchMock';
import { CHUNK_LOAD, loadShellCode, renderApp, signedInState, storeTestCredentials } from '../../support/render';

jest.setTimeout(40_000);
beforeAll(loadShellCode, 180_000);

const menu = [
  ['Home', '/'],
  ['Current Budget', '/budgets/current'],
  ['Budgets', '/budgets'],
  ['Future Budgets', '/budgets/future'],
  ['Transactions', '/transactions'],
  ['Quick Add', '/quick-add'],
  ['Find Transactions', '/transactions/find'],
  ['Sink Funds', '/sink-funds'],
  ['Account Balances', '/account-balances'],
  ['Special Events', '/special-events'],
  ['Activity', '/activity'],
  ['Net Worth Report', '/reports/net-worth'],
  ['Category Spending Report', '/reports/category-spending'],
  ['Needs vs Wants Report', '/reports/needs-vs-wants'],
  ['Allocation Categories', '/setup/allocation-categories'],
  ['Financial Institutions', '/setup/institutions'],
  ['Bank Accounts', '/setup/bank-accounts'],
  ['Settings', '/setup/settings'],
  ['Members', '/setup/members'],
  ['Guided start', '/start'],
  ['Glossary', '/glossary'],
  ['Log out', '/logout'],
] as const;

const home = { 'GET /bank_accounts': [], 'GET /budgets': [], 'GET /transactions/last_update': { transaction_date: '2026-11-21', has_transactions: true }, 'GET /activity': { entries: [], next_before_id: null }, 'GET /schedules/upcoming': [] };

function narrowScreen(narrow: boolean) {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...original(query), matches: narrow && query.includes('max-width: 600px') })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

async function openShell(url = '/') {
  storeTestCredentials();
  const rendered = await renderApp(url, { preloadedState: signedInState() });
  await screen.findByText(/^EveryCent V3/, {}, CHUNK_LOAD);
  return rendered;
}

describe('shell (wide screen)', () => {
  it('shows every menu entry, grouped under Reports and Setup, each linking to its route', async () => {
    mockFetch(home);
    await openShell();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    for (const [label, path] of menu) expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', path);
    expect(within(nav).getByText('Reports')).toBeInTheDocument();
    expect(within(nav).getByText('Setup')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });

  it('navigates from the menu and shows "EveryCent V3 -- <heading>" in the toolbar', async () => {
    mockFetch(home);
    const { router } = await openShell();
    expect(await screen.findByRole('heading', { level: 1, name: 'EveryCent V3 -- Home' }, CHUNK_LOAD)).toBeInTheDocument();

    await userEvent.click(within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Sink Funds' }));
    expect(router.state.location.pathname).toBe('/sink-funds');
    expect(await screen.findByRole('heading', { level: 1, name: 'EveryCent V3 -- Sink Funds' }, CHUNK_LOAD)).toBeInTheDocument();
    // The menu stays: on wide screens it is a fixed panel.
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  });

  it('the menu is reachable and usable with the keyboard alone', async () => {
    mockFetch(home);
    const { router } = await openShell();
    const target = within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Account Balances' });
    for (let presses = 0; presses < 40 && document.activeElement !== target; presses++) await userEvent.tab();
    expect(target).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account-balances'));
  });

  it('shows the thin loading bar while a request is in flight', async () => {
    let answer: () => void = () => undefined;
    mockFetch({ 'GET /activity': home['GET /activity'], 'GET /bank_accounts': [], 'GET /budgets': [], 'GET /transactions/last_update': () => new Promise((resolve) => (answer = () => resolve({ body: { transaction_date: '2026-11-21', has_transactions: true } }))) });
    await openShell();
    expect(await screen.findByRole('progressbar', { name: 'Loading' }, CHUNK_LOAD)).toBeInTheDocument();
    await act(async () => answer());
    await screen.findByText('Saturday, November 21, 2026');
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('shows messages in the message area, and Retry reloads a failed page', async () => {
    let calls = 0;
    mockFetch({
      'GET /activity': home['GET /activity'], 'GET /bank_accounts': [], 'GET /budgets': [],
      'GET /transactions/last_update': () =>
        ++calls === 1 ? { status: 503, body: { success: false, errors: ['The server is busy.'] } } : { body: { transaction_date: '2026-11-21', has_transactions: true } },
    });
    const { router } = await openShell();
    const alert = await screen.findByRole('alert', {}, CHUNK_LOAD);
    expect(alert).toHaveTextContent('The server is busy.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Saturday, November 21, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it("leaves a failed page's banner behind: another page opens without it", async () => {
    mockFetch({ ...home, 'GET /budgets/future': () => ({ status: 503, body: { success: false, errors: ['The server is busy.'] } }) });
    const { router } = await openShell('/budgets/future');
    const bar = () => document.querySelector('.ec-shell-messages') as HTMLElement;
    await waitFor(() => expect(within(bar()).getByRole('alert')).toHaveTextContent('The server is busy.Retry'), CHUNK_LOAD);
    await act(() => router.navigate('/'));
    expect(await screen.findByText('Saturday, November 21, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('The server is busy.')).not.toBeInTheDocument();
  });
});

describe('shell (narrow screen, 600px or less)', () => {
  let restore: () => void;
  beforeEach(() => (restore = narrowScreen(true)));
  afterEach(() => restore());

  it('starts with the menu closed; the menu button opens it and it closes after navigating', async () => {
    mockFetch(home);
    const { router } = await openShell();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    // The heading leaves the toolbar for a row of its own.
    expect(await screen.findByRole('heading', { level: 2, name: 'Home' }, CHUNK_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^EveryCent V3$/);

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Special Events' }));

    expect(router.state.location.pathname).toBe('/special-events');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false'));
    // Gone, or hidden (queryByRole skips hidden elements).
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull());
  });
});
