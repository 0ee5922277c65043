import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../support/fetchMock';
import { CHUNK_LOAD, loadShellCode, renderApp, signedInState, storeTestCredentials } from '../../support/render';

jest.setTimeout(40_000);
beforeAll(loadShellCode, 180_000);

const home = {
  'GET /bank_accounts': [],
  'GET /budgets': [],
  'GET /transactions/last_update': { transaction_date: '2026-11-21', has_transactions: true },
  'GET /activity': { entries: [], next_before_id: null },
};

async function openShell(url = '/') {
  storeTestCredentials();
  const rendered = await renderApp(url, { preloadedState: signedInState() });
  await screen.findByText(/^EveryCent V3/, {}, CHUNK_LOAD);
  return rendered;
}

describe('skip link and focus after navigation', () => {
  it('the first Tab reaches "Skip to content", which moves the focus past the menu to the page heading', async () => {
    mockFetch(home);
    await openShell();
    const heading = await screen.findByRole('heading', { level: 2, name: 'Home' }, CHUNK_LOAD);
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(heading).toHaveFocus();
    // The next Tab is in the page, not back in the menu.
    await userEvent.tab();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).not.toContainElement(document.activeElement as HTMLElement);
  });

  it('choosing a page in the menu puts the focus on the new page heading', async () => {
    mockFetch(home);
    const { router } = await openShell();
    await screen.findByRole('heading', { level: 2, name: 'Home' }, CHUNK_LOAD);
    const link = within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Glossary' });
    link.focus();
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/glossary');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Glossary' }, CHUNK_LOAD);
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('a page without a heading of its own on a wide screen: the content area takes the focus', async () => {
    mockFetch({ ...home, 'GET /sink_funds': [] });
    const { router } = await openShell();
    await screen.findByRole('heading', { level: 2, name: 'Home' }, CHUNK_LOAD);
    within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Sink Funds' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/sink-funds');
    await screen.findByRole('heading', { level: 1, name: 'EveryCent V3 -- Sink Funds' }, CHUNK_LOAD);
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });
});
