import { configure } from '@testing-library/react';
import TransactionsPage from '../../../src/features/transactions/TransactionsPage';
import { WINDOW_LOCK_HEADER, type Transaction } from '../../../src/shared/schemas/transactions';
import { bankAccount, settings } from '../../support/fixtures';
import { renderWithProviders, signedInState } from '../../support/render';
import { transaction } from './builders';
// Role queries without the visibility filter (see support/user.ts), as the tests' user needs.
import '../../support/user';

// The first render loads antd and the page: allow for a slow first paint in jsdom.
configure({ asyncUtilTimeout: 5000 });
// Edit mode renders an antd Select per row: slow in jsdom, so allow more than the default.
jest.setTimeout(60_000);

// Both accounts were last reconciled at the end of February, and their windows have been saved before.
const RECONCILED = { closing_date: '2026-02-28', window_lock_version: 3 };
export const CHEQUING = bankAccount({ id: 1, name: 'Chequing', ...RECONCILED, closing_balance: 100000, current_balance: 95000 });
export const CARD = bankAccount({
  id: 2,
  name: 'Visa',
  account_type: 'credit_card',
  account_category: 'liability',
  is_credit_card: true,
  ...RECONCILED,
  closing_balance: -2000,
  current_balance: -7000,
});

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

/** `POST /transactions/suggestions` answering from `byDescription` (any other description: no suggestion). */
export const suggestionsResponse = (byDescription: Record<string, number>) => (request: { body: unknown }) => ({
  body: {
    suggestions: (request.body as { descriptions: string[] }).descriptions.map((description) => ({
      description,
      allocation_id: byDescription[description] ?? null,
      votes: byDescription[description] ? 3 : 0,
      of: byDescription[description] ? 3 : 0,
    })),
  },
});

/** A household with two accounts, the March 2026 budget (current) and February (closed). */
export const household = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  'GET /bank_accounts': [CHEQUING, CARD],
  'GET /settings': settings({ husband: 'H', wife: 'W', primary_budget_account_id: 1, lock_version: 0 }),
  'GET /budgets': [
    { id: 8, name: 'Apr 01 - Apr 30, 2026', start_date: '2026-04-01', end_date: '2026-04-30', status: 'open' },
    { id: 7, name: 'Mar 01 - Mar 31, 2026', start_date: '2026-03-01', end_date: '2026-03-31', status: 'open' },
    { id: 6, name: 'Feb 01 - Feb 28, 2026', start_date: '2026-02-01', end_date: '2026-02-28', status: 'closed' },
  ],
  'GET /budgets/current': { budget_id: 7 },
  'GET /allocation_categories': [FOOD, HOME],
  'GET /allocations': ALLOCATIONS,
  'GET /transactions': windowResponse(),
  'POST /transactions/suggestions': suggestionsResponse({}),
  'GET /transactions/last_update': { transaction_date: '2026-03-05', has_transactions: true },
  // No bills that repeat: the window shows no upcoming rows and imports meet none.
  'GET /schedules': [],
  'GET /schedules/upcoming': [],
  ...overrides,
});

export function renderTransactions(url = '/transactions') {
  return renderWithProviders(<TransactionsPage />, {
    path: '/transactions',
    url,
    preloadedState: signedInState(),
    routes: [{ path: '/budgets/:id', element: <h1>Budget page</h1> }],
  });
}

// antd gives every id "test-id" under jest, so a dialog is found by its title text rather than its name.
