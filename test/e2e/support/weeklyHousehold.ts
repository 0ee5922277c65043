import { addMonths, today } from '../../../src/shared/dates';
import { apiFor, type Api } from './api';
import { createHousehold, type E2eUser } from './households';

interface Budget {
  id: number;
  lock_version: number;
  allocations: { id: number; name: string }[];
}

export interface WeeklyHousehold {
  user: E2eUser;
  api: Api;
  chequingId: number;
  lastMonthId: number;
  budgetId: number;
  start: string;
  allocationId: (name: string) => number;
}

/**
 * Last month and this month (Groceries 600.00, Rent 1,500.00, Fun 200.00) on a primary chequing account. Last
 * month's spending is the history suggestions learn from; this month Groceries is overspent by 100.00
 * (700.00 at the Corner Grocer) and Rent is untouched.
 */
export async function prepareWeeklyHousehold(): Promise<WeeklyHousehold> {
  const user = await createHousehold();
  const api = await apiFor(user);
  const food = await api('POST', '/allocation_categories', { name: 'Food' });
  const home = await api('POST', '/allocation_categories', { name: 'Home' });
  const start = `${today().slice(0, 8)}01`;
  const lastStart = addMonths(start, -1);
  const last = await api<Budget>('POST', '/budgets', { start_date: lastStart });
  const chequing = await api('POST', '/bank_accounts', { name: 'Chequing', account_type: 'normal', account_category: 'current', opening_balance: 500000 });
  const settings = await api<{ lock_version: number }>('GET', '/settings');
  await api('POST', '/settings', { family_type: 'couple', wife: 'Alice', husband: 'Bob', single_person: 'Me', primary_budget_account_id: chequing.id, lock_version: settings.lock_version });
  const filled = await api<Budget>('PUT', `/budgets/${last.id}`, {
    lock_version: last.lock_version,
    incomes: [{ name: 'Salary', amount: 300000, bank_account_id: chequing.id }],
    allocations: [
      { name: 'Groceries', amount: 60000, allocation_category_id: food.id },
      { name: 'Fun', amount: 20000, allocation_category_id: food.id },
      { name: 'Rent', amount: 150000, allocation_category_id: home.id },
    ],
  });
  const current = await api<Budget>('PUT', `/budgets/${last.id}/copy`);
  const lineOf = (budget: Budget, name: string) => budget.allocations.find((line) => line.name === name)!.id;
  await api('POST', '/transactions', {
    bank_account_id: chequing.id,
    budget_id: filled.id,
    transactions: [
      { transaction_date: `${lastStart.slice(0, 8)}03`, description: 'Corner Grocer', withdrawal_amount: 4000, allocation_id: lineOf(filled, 'Groceries') },
      { transaction_date: `${lastStart.slice(0, 8)}10`, description: 'Corner Grocer', withdrawal_amount: 3000, allocation_id: lineOf(filled, 'Groceries') },
      { transaction_date: `${lastStart.slice(0, 8)}02`, description: 'Landlord', withdrawal_amount: 150000, allocation_id: lineOf(filled, 'Rent') },
    ],
  });
  await api('POST', '/transactions', {
    bank_account_id: chequing.id,
    budget_id: current.id,
    transactions: [{ transaction_date: start, description: 'Corner Grocer big shop', withdrawal_amount: 70000, allocation_id: lineOf(current, 'Groceries'), bank_ref: 'BIG-1' }],
  });
  return { user, api, chequingId: chequing.id, lastMonthId: last.id, budgetId: current.id, start, allocationId: (name) => lineOf(current, name) };
}
