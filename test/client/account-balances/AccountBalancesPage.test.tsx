import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '../../support/fetchMock';
import { setupUser } from '../../support/user';
import { budgetEndDate, today } from '../../../src/shared/dates';
import { accountBalance, balancesRoute, bodyRows, groupSection, headings, household, HOUSEHOLD_ACCOUNTS, renderBalances, totalRow } from './fixtures';

// The first render loads antd's Table: allow for a slow first paint in jsdom.
jest.setTimeout(60_000);

function narrowScreen() {
  const desktop = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...desktop(query), matches: query === '(max-width: 600px)' })) as typeof window.matchMedia;
  return () => (window.matchMedia = desktop);
}

describe('Account Balances', () => {
  it('lists the five groups with their balances and totals, and the net worth figures under them', async () => {
    mockFetch(household());
    const { container } = renderBalances();
    await screen.findByText('Chequing');

    expect([...container.querySelectorAll('.ec-balances-group h3')].map((h) => h.textContent)).toEqual([
      'Current Accounts',
      'Cash Assets',
      'Non Cash Assets',
      'Credit Cards',
      'Loans',
    ]);
    const current = groupSection(container, 'Current Accounts');
    expect(headings(current)).toEqual(['Name', 'Institution', 'Account Type', 'Balance At: Feb 28, 2026', 'Balance At: Mar 31, 2026', 'Current Balance']);
    expect(bodyRows(current)).toEqual([['Chequing', 'First Bank', 'Normal', '1,000.00', '950.00', '900.00']]);
    expect(totalRow(current)).toEqual(['Total', '', '', '1,000.00', '950.00', '900.00']);
    const cards = groupSection(container, 'Credit Cards');
    expect(bodyRows(cards)).toEqual([['Visa', 'First Bank', 'Credit Card', '-20.00', '-70.00', '-70.00']]);
    expect(bodyRows(groupSection(container, 'Cash Assets'))).toEqual([['Rainy Day', '', 'Normal', '5,000.00', '5,000.00', '5,000.00']]);
    expect(bodyRows(groupSection(container, 'Non Cash Assets'))[0][0]).toBe('House');
    expect(totalRow(groupSection(container, 'Loans'))).toEqual(['Total', '', '', '-200,000.00', '-200,000.00', '-200,000.00']);

    // Negative amounts stand out: bold dark red, as everywhere.
    const visaCurrent = within(cards).getAllByText('-70.00')[1];
    expect(visaCurrent).toHaveClass('ec-money--negative');
    expect(within(current).getAllByText('900.00')[0]).not.toHaveClass('ec-money--negative');

    expect(screen.getByLabelText('Total Assets')).toHaveTextContent('305,900.00');
    expect(screen.getByLabelText('Total Liabilities')).toHaveTextContent('-200,070.00');
    expect(screen.getByLabelText('Net Current Cash')).toHaveTextContent('830.00');
    expect(screen.getByLabelText('Net Cash Assets')).toHaveTextContent('5,000.00');
    expect(screen.getByLabelText('Net Non Cash Assets')).toHaveTextContent('100,000.00');
    expect(screen.getByLabelText('Net Worth')).toHaveTextContent('105,830.00');
  });

  it("links each name to that account's transactions in the current budget", async () => {
    mockFetch(household());
    const user = setupUser();
    const { router } = renderBalances();
    await user.click(await screen.findByText('Visa'));
    expect(await screen.findByText('Transactions page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?bank_account_id=4&budget_id=7');
  });

  it('opens the window that holds today (where an adjustment is dated) when the current budget is an earlier month', async () => {
    const start = `${today().slice(0, 8)}01`;
    const end = budgetEndDate(start);
    mockFetch(
      household({
        'GET /budgets': [
          { id: 8, name: 'This month', start_date: start, end_date: end, status: 'open' },
          { id: 7, name: 'Mar 01 - Mar 31, 2026', start_date: '2026-03-01', end_date: '2026-03-31', status: 'open' },
        ],
      }),
    );
    const user = setupUser();
    const { router } = renderBalances();
    await screen.findByText('Visa');
    await waitFor(() => expect(screen.getByText('Visa').closest('a')).toHaveAttribute('href', '/transactions?bank_account_id=4&budget_id=8'));
    await user.click(screen.getByText('Visa'));
    expect(await screen.findByText('Transactions page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?bank_account_id=4&budget_id=8');
  });

  it('adds closed accounts when asked, marked Closed, and counts them in the totals', async () => {
    const network = mockFetch(household());
    const user = setupUser();
    const { container } = renderBalances();
    await screen.findByText('Chequing');
    expect(screen.queryByText('Old Savings')).not.toBeInTheDocument();

    await user.click(screen.getByText('Include Closed Accounts?'));
    await screen.findByText('Old Savings');
    expect(network.requests.map((request) => request.search).filter((search) => search.includes('include_closed'))).toEqual(['?include_closed=true']);
    const cash = groupSection(container, 'Cash Assets');
    expect(bodyRows(cash)).toEqual([
      ['Rainy Day', '', 'Normal', '5,000.00', '5,000.00', '5,000.00'],
      ['Old SavingsClosed', '', 'Normal', '12.34', '12.34', '12.34'],
    ]);
    expect(totalRow(cash).at(-1)).toBe('5,012.34');
    expect(screen.getByLabelText('Net Worth')).toHaveTextContent('105,842.34');
  });

  it('puts each date in its cell when the accounts of a table were last closed on different days', async () => {
    mockFetch(
      household({
        'GET /account_balances': balancesRoute([
          accountBalance({ id: 1, name: 'Chequing', closing_balance: 100 }),
          accountBalance({ id: 2, name: 'Allowance', closing_date: '2026-03-14', closing_balance: 200 }),
          accountBalance({ id: 3, name: 'Savings', account_category: 'asset' }),
        ]),
      }),
    );
    const { container } = renderBalances();
    await screen.findByText('Allowance');
    const current = groupSection(container, 'Current Accounts');
    expect(headings(current)[3]).toBe('Balance At: Last Closing');
    expect(bodyRows(current).map((row) => row[3])).toEqual(['1.00Feb 28, 2026', '2.00Mar 14, 2026']);
    // A table whose accounts agree keeps the date in its heading; an empty one takes the page's, here none.
    expect(headings(groupSection(container, 'Cash Assets'))[3]).toBe('Balance At: Feb 28, 2026');
    expect(headings(groupSection(container, 'Loans'))[3]).toBe('Balance At: Last Closing');
  });

  it('leaves out the expected balance while no budget is open, and links to the account alone', async () => {
    mockFetch(
      household({
        'GET /account_balances': balancesRoute([accountBalance({ next_closing_date: null, expected_closing_balance: null, current_balance: 4_200 })]),
        'GET /budgets/current': { status: 404, body: { success: false, errors: ['There is no open budget'] } },
      }),
    );
    const user = setupUser();
    const { container, router } = renderBalances();
    await screen.findByText('Chequing');
    expect(headings(groupSection(container, 'Current Accounts'))).toEqual(['Name', 'Institution', 'Account Type', 'Balance At: Feb 28, 2026', 'Current Balance']);
    await user.click(screen.getByText('Chequing'));
    await screen.findByText('Transactions page');
    expect(router.state.location.search).toBe('?bank_account_id=1');
  });

  it('shows fewer columns on a phone: name, expected balance and current balance', async () => {
    const restore = narrowScreen();
    try {
      mockFetch(household());
      const { container } = renderBalances();
      await screen.findByText('Chequing');
      const current = groupSection(container, 'Current Accounts');
      expect(headings(current)).toEqual(['Name', 'Balance At: Mar 31, 2026', 'Current Balance']);
      expect(bodyRows(current)).toEqual([['Chequing', '950.00', '900.00']]);
      expect(totalRow(current)).toEqual(['Total', '950.00', '900.00']);
    } finally {
      restore();
    }
  });

  it('guides a household without accounts to the setup page', async () => {
    mockFetch(household({ 'GET /account_balances': [], 'GET /bank_accounts': [] }));
    renderBalances();
    const next = await screen.findByRole('note', { name: 'Next step' });
    expect(next).toHaveTextContent('Guided start step 1 of 4: Add your accounts');
    expect(within(next).getByRole('link', { name: 'Add your accounts (Bank Accounts)' })).toHaveAttribute('href', '/setup/bank-accounts');
    expect(screen.getByText('Adjust Account Balances').closest('button')).toBeDisabled();
  });

  it('shows why the balances did not load, and Retry loads them again', async () => {
    let calls = 0;
    mockFetch(household({ 'GET /account_balances': () => (++calls === 1 ? { status: 503, body: { success: false, errors: ['The server is busy.'] } } : { body: HOUSEHOLD_ACCOUNTS }) }));
    const user = setupUser();
    renderBalances();
    expect(await screen.findByText('The server is busy.')).toBeInTheDocument();
    await user.click(screen.getByText('Retry'));
    await waitFor(() => expect(screen.getByText('Chequing')).toBeInTheDocument());
  });
});
