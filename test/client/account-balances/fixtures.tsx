import AccountBalancesPage from '../../../src/features/account-balances/AccountBalancesPage';
import type { AccountBalance } from '../../../src/shared/schemas/accountBalances';
import { recordMessages } from '../../support/messages';
import { renderWithProviders, signedInState } from '../../support/render';

/** An open current account checkpointed at the end of February, in the March 2026 budget. */
export const accountBalance = (overrides: Partial<AccountBalance> = {}): AccountBalance => ({
  id: 1,
  name: 'Chequing',
  status: 'open',
  institution: null,
  account_type: 'normal',
  account_category: 'current',
  is_cash: true,
  closing_date: '2026-02-28',
  next_closing_date: '2026-03-31',
  closing_balance: 0,
  expected_closing_balance: 0,
  current_balance: 0,
  ...overrides,
});

const FIRST_BANK = { id: 3, name: 'First Bank' };

/** One account in each group: 90.00 less this month on Chequing, a card that was charged 50.00 (set up as a new card is: a non-cash liability). */
export const HOUSEHOLD_ACCOUNTS = [
  accountBalance({ id: 1, name: 'Chequing', institution: FIRST_BANK, closing_balance: 100_000, expected_closing_balance: 95_000, current_balance: 90_000 }),
  accountBalance({ id: 2, name: 'Rainy Day', account_category: 'asset', closing_balance: 500_000, expected_closing_balance: 500_000, current_balance: 500_000 }),
  accountBalance({ id: 3, name: 'House', account_category: 'asset', is_cash: false, closing_balance: 30_000_000, expected_closing_balance: 30_000_000, current_balance: 30_000_000 }),
  accountBalance({ id: 4, name: 'Visa', account_type: 'credit_card', account_category: 'liability', is_cash: false, institution: FIRST_BANK, closing_balance: -2_000, expected_closing_balance: -7_000, current_balance: -7_000 }),
  accountBalance({ id: 5, name: 'Mortgage', account_category: 'liability', is_cash: false, closing_balance: -20_000_000, expected_closing_balance: -20_000_000, current_balance: -20_000_000 }),
];

export const CLOSED_ACCOUNT = accountBalance({ id: 6, name: 'Old Savings', status: 'closed', account_category: 'asset', closing_balance: 1_234, expected_closing_balance: 1_234, current_balance: 1_234 });

/** `GET /account_balances` answering with the closed account only when asked for it. */
export const balancesRoute =
  (accounts: AccountBalance[] = HOUSEHOLD_ACCOUNTS, closed: AccountBalance[] = [CLOSED_ACCOUNT]) =>
  ({ search }: { search: string }) => ({ body: search === '?include_closed=true' ? [...accounts, ...closed] : accounts });

export const household = (overrides: Record<string, unknown> = {}) => ({
  'GET /account_balances': balancesRoute(),
  'GET /budgets/current': { budget_id: 7 },
  // What the guided start reads (every step done), for the empty states' next step.
  'GET /bank_accounts': [{ id: 1, name: 'Chequing', reconciled_through: '2026-02-28' }],
  'GET /budgets': [{ id: 7, name: 'Mar 01 - Mar 31, 2026', start_date: '2026-03-01', end_date: '2026-03-31', status: 'open' }],
  'GET /transactions/last_update': { transaction_date: '2026-03-05', has_transactions: true },
  ...overrides,
});

/** The page as the router mounts it, with the transactions page to follow a name's link to. */
export function renderBalances() {
  const rendered = renderWithProviders(<AccountBalancesPage />, {
    path: '/account-balances',
    preloadedState: signedInState(),
    routes: [{ path: '/transactions', element: <h1>Transactions page</h1> }],
  });
  return { ...rendered, messages: recordMessages(rendered.store) };
}

/** A group's table (its section is labelled with the group's title). */
export const groupSection = (container: HTMLElement, title: string) => {
  const section = container.querySelector<HTMLElement>(`section[aria-label="${title}"]`);
  if (!section) throw new Error(`No table "${title}"`);
  return section;
};
const texts = (cells: Iterable<Element>) => [...cells].map((cell) => cell.textContent ?? '');
export const headings = (section: HTMLElement) => texts(section.querySelectorAll('thead th'));
export const bodyRows = (section: HTMLElement) => [...section.querySelectorAll('tbody tr.ant-table-row')].map((row) => texts(row.querySelectorAll('td')));
export const totalRow = (section: HTMLElement) => texts(section.querySelectorAll('tfoot td'));
