import { screen } from '@testing-library/react';
import HomePage from '../../../src/features/home/HomePage';
import type { ActivityEntry } from '../../../src/shared/schemas/activity';
import { mockFetch } from '../../support/fetchMock';
import { renderWithProviders, signedInState } from '../../support/render';

const entry: ActivityEntry = {
  id: 7,
  user_id: 2,
  actor_name: 'Ben',
  kind: 'window_save',
  summary: 'saved 12 transactions in Joint Current for Nov 23 - Dec 22, 2026 (12 added)',
  text: 'Ben saved 12 transactions in Joint Current for Nov 23 - Dec 22, 2026 (12 added)',
  budget_id: 3,
  bank_account_id: 4,
  created_at: '2026-11-25T10:00:00.000Z',
  undoable: true,
  undone: false,
  undoes_id: null,
};

// The guided start's card asks what the household has set up (an empty household sees it; see GuideCard.test).
const setUp = { 'GET /bank_accounts': [], 'GET /budgets': [], 'GET /schedules/upcoming': [] };

describe('home page', () => {
  it("shows the household's last few changes, each linking to what it changed", async () => {
    const network = mockFetch({ ...setUp, 'GET /transactions/last_update': { transaction_date: '2026-11-21', has_transactions: true }, 'GET /activity': { entries: [entry], next_before_id: 6 } });
    renderWithProviders(<HomePage />, { preloadedState: signedInState() });
    expect(await screen.findByText(entry.text)).toBeInTheDocument();
    expect(screen.getByText('Open')).toHaveAttribute('href', '/transactions?bank_account_id=4&budget_id=3');
    expect(screen.getByText('All activity')).toHaveAttribute('href', '/activity');
    expect(network.find('GET', '/activity')[0].search).toBe('?limit=5');
  });

  it('shows the date of the last entered transaction in full', async () => {
    const network = mockFetch({ ...setUp, 'GET /transactions/last_update': { transaction_date: '2026-11-21', has_transactions: true }, 'GET /activity': { entries: [], next_before_id: null } });
    renderWithProviders(<HomePage />, { preloadedState: signedInState() });
    expect(screen.getByText('Last Transaction Update')).toBeInTheDocument();
    expect(await screen.findByText('Saturday, November 21, 2026')).toBeInTheDocument();
    expect(screen.getByText('Last transaction entered:')).toBeInTheDocument();
    expect(network.find('GET', '/transactions/last_update')).toHaveLength(1);
    expect(screen.getByText('Recent updates')).toBeInTheDocument();
    // The closed gaps it listed are gone with it.
    expect(screen.queryByText('Known gaps')).not.toBeInTheDocument();
  });

  it("says there are none yet instead of today's date when the household has no transactions", async () => {
    mockFetch({ ...setUp, 'GET /transactions/last_update': { transaction_date: '2026-11-25', has_transactions: false }, 'GET /activity': { entries: [], next_before_id: null } });
    renderWithProviders(<HomePage />, { preloadedState: signedInState() });
    expect(await screen.findByText(/None yet: no transactions have been entered\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add the first one with Quick Add' })).toHaveAttribute('href', '/quick-add');
    expect(screen.queryByText('Wednesday, November 25, 2026')).not.toBeInTheDocument();
  });

  it('when the date cannot be loaded, says so and offers a retry', async () => {
    mockFetch({
      ...setUp,
      'GET /transactions/last_update': () => ({ status: 500, body: { success: false, errors: ['Something went wrong on the server.'] } }),
      'GET /activity': { entries: [], next_before_id: null },
    });
    const { store } = renderWithProviders(<HomePage />, { preloadedState: signedInState() });
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(store.getState().messages.current).toMatchObject({ text: 'Something went wrong on the server.', retry: { endpointName: 'getLastUpdate' } });
  });
});
