import type { Allocation, Budget, BudgetSummary, FutureBudget, Income } from '../../../src/shared/schemas/budgets';
import type { AllocationCategory, Settings } from '../../../src/shared/schemas/setup';
import { bankAccount, settings } from '../../support/fixtures';

export const categories: AllocationCategory[] = [
  { id: 1, name: 'Housing' },
  { id: 2, name: 'Food' },
  { id: 3, name: 'Fun' },
];

export function income(fields: Partial<Income> & { id: number; name: string; amount: number }): Income {
  return { budget_id: 7, bank_account_id: null, comment: null, ...fields };
}

export function allocation(fields: Partial<Allocation> & { id: number; name: string; amount: number; allocation_category_id: number }): Allocation {
  const category = categories.find((c) => c.id === fields.allocation_category_id)!;
  return {
    spent: 0,
    budget_id: 7,
    allocation_category: { id: category.id, name: category.name },
    allocation_class: 'want',
    is_fixed_amount: false,
    comment: null,
    special_event_id: null,
    ...fields,
  };
}

/** Income 5,000.00 (3,000 + 2,000); Rent 1,500 need, Groceries 600 need (spent 450.25), Dining 200 want, Savings 500. */
export function sampleBudget(fields: Partial<Budget> = {}): Budget {
  return {
    id: 7,
    name: 'Jan 01 - Jan 31, 2026',
    start_date: '2026-01-01',
    end_date: '2026-01-31',
    status: 'open',
    lock_version: 3,
    incomes: [
      income({ id: 11, name: 'Salary', amount: 300000, bank_account_id: 5 }),
      income({ id: 12, name: 'Freelance', amount: 200000, comment: 'invoices' }),
    ],
    allocations: [
      allocation({ id: 21, name: 'Rent', amount: 150000, allocation_category_id: 1, allocation_class: 'need', is_fixed_amount: true }),
      allocation({ id: 22, name: 'Groceries', amount: 60000, spent: 45025, allocation_category_id: 2, allocation_class: 'need' }),
      allocation({ id: 23, name: 'Dining', amount: 20000, spent: 25000, allocation_category_id: 2 }),
      allocation({ id: 24, name: 'Emergency Fund', amount: 50000, allocation_category_id: 1, allocation_class: 'savings' }),
    ],
    ...fields,
  };
}

export const budgetList: BudgetSummary[] = [
  { id: 9, name: 'Mar 01 - Mar 31, 2026', start_date: '2026-03-01', end_date: '2026-03-31', status: 'open' },
  { id: 8, name: 'Feb 01 - Feb 28, 2026', start_date: '2026-02-01', end_date: '2026-02-28', status: 'open' },
  { id: 7, name: 'Jan 01 - Jan 31, 2026', start_date: '2026-01-01', end_date: '2026-01-31', status: 'closed' },
];

// Never reconciled: no closing balance yet.
const unreconciled = { closing_balance: null, closing_date: null };
export const accounts = [bankAccount({ id: 5, name: 'Chequing', ...unreconciled }), bankAccount({ id: 6, name: 'Savings Account', ...unreconciled })];

/** Alice and Bob's household (Sam's when single). */
export const householdSettings = (overrides: Partial<Settings> = {}): Settings =>
  settings({ husband: 'Bob', wife: 'Alice', single_person: 'Sam', lock_version: 0, ...overrides });

export function futureBudget(budget: Budget): FutureBudget {
  return { ...budget, allocations: budget.allocations.map(({ spent: _spent, ...rest }) => rest) };
}
