import { configure, screen } from '@testing-library/react';
import TransactionsPage from '../../../src/features/transactions/TransactionsPage';
import { WINDOW_LOCK_HEADER, type Transaction } from '../../../src/shared/schemas/transactions';
import type { BankAccount } from '../../../src/shared/schemas/setup';
import { renderWithProviders, signedInState } from '../../support/render';
import { transaction } from './builders';

// The setup area's test helpers make antd usable in jsdom (MessageChannel, no style checks); reuse them.
export { setupUser } from '../setup/renderSetup';

// The first render loads antd and the page: allow for a slow first paint in jsdom.
configure({ asyncUtilTimeout: 5000 });
// Edit mode renders an antd Select per row: slow in jsdom, so allow more than the default.
jest.setTimeout(60_000);

export const account = (overrides: Partial<BankAccount> & { id: number; name: string }): BankAccount => ({
  institution_id: null,
  institution: null,
  account_type: 'normal',
  account_category: 'current',
  is_cash: true,
  account_no: null,
  opening_balance: 0,
  closing_balance: 100000,
  closing_date: '2026-02-28',
  status: 'open',
  import_format: null,
  import_settings: null,
  statement_day: null,
  payment_due_day: null,
  window_lock_version: 3,
  is_sink_fund: false,
  is_credit_card: false,
  current_balance: 100000,
  ...overrides,
});

export const CHEQUING = account({ id: 1, name: 'Chequing', closing_balance: 100000, current_balance: 95000 });
export const CARD = account({ id: 2, name: 'Visa', account_type: 'credit_card', account_category: 'liability', is_credit_card: true, closing_balance: -2000, current_balance: -7000 });

export const allocation = (id: number, name: string, category: { id: number; name: string }, amount = 50000, spent = 0) => ({
  id,
  name,
  amount,
  spent,
  budget_id: 7,
  allocation_category_id: category.id,
  allocation_category: category,
  allocation_class: 'want' as const,
  is_fixed_amount: false,
  comment: null,
  special_event_id: null,
});

const FOOD = { id: 1, name: 'Food' };
const HOME = { id: 2, name: 'Home' };
export const ALLOCATIONS = [allocation(11, 'Groceries', FOOD, 60000, 5000), allocation(12, 'Restaurants', FOOD, 20000, 0), allocation(13, 'Rent', HOME, 150000, 0)];

export const WINDOW = [
  transaction({ id: 101, transaction_date: '2026-03-02', description: 'Supermarket', withdrawal_amount: 5000, allocation_id: 11 }),
  transaction({ id: 102, transaction_date: '2026-03-05', description: 'Mystery charge', withdrawal_amount: 1200, status: 'unpaid' }),
];

export const windowResponse = (rows: Transaction[] = WINDOW, lockVersion = 3) => () => ({ body: rows, headers: { [WINDOW_LOCK_HEADER]: String(lockVersion) } });

/** A household with two accounts, the March 2026 budget (current) and February (closed). */
export const household = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  'GET /bank_accounts': [CHEQUING, CARD],
  'GET /settings': { family_type: 'couple', husband: 'H', wife: 'W', single_person: 'Me', primary_budget_account_id: 1, default_allocation_category_id_for_special_events: null, lock_version: 0 },
  'GET /budgets': [
    { id: 8, name: 'Apr 01 - Apr 30, 2026', start_date: '2026-04-01', end_date: '2026-04-30', status: 'open' },
    { id: 7, name: 'Mar 01 - Mar 31, 2026', start_date: '2026-03-01', end_date: '2026-03-31', status: 'open' },
    { id: 6, name: 'Feb 01 - Feb 28, 2026', start_date: '2026-02-01', end_date: '2026-02-28', status: 'closed' },
  ],
  'GET /budgets/current': { budget_id: 7 },
  'GET /allocation_categories': [FOOD, HOME],
  'GET /allocations': ALLOCATIONS,
  'GET /transactions': windowResponse(),
  ...overrides,
});

export const refusal = (status: number, errors: string[], field_errors?: Record<string, string[]>) => ({ status, body: { success: false, errors, ...(field_errors ? { field_errors } : {}) } });

export function renderTransactions(url = '/transactions') {
  return renderWithProviders(<TransactionsPage />, {
    path: '/transactions',
    url,
    preloadedState: signedInState(),
    routes: [{ path: '/budgets/:id', element: <h1>Budget page</h1> }],
  });
}

// antd gives every id "test-id" under jest, so a dialog is found by its title text rather than its name.
export const dialogTitled = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('[role="dialog"]') as HTMLElement;
