import type { Budget } from '../../../src/shared/schemas/budgets';
import { createBankAccount, createCategory, createTransaction } from '../../support/builders';
import { call, type SignedInUser, type TestServer } from '../../support/testServer';

/**
 * A small household whose reports are worked out by hand in `expected` below. Four monthly budgets (Nov 2025,
 * then Jan, Feb and Mar 2026: no December budget), built and cycled through the API:
 * - accounts: Chequing (opening 1,000.00), Visa credit card (opening -100.00), Savings (opening 0, closed);
 * - categories: Home (Rent, a need), `Food, "Fun" & Drinks` (Groceries and Dining, wants), Saving (Emergency,
 *   savings), Travel (never used);
 * - a gift on Dec 15 (between budgets) and a deposit on Apr 2 (after the last budget);
 * - in January two unpaid card charges that closing January carries into February (copies plus a balancing row
 *   dated Feb 1), a refund against Groceries and a transfer to Savings from the Emergency allocation;
 * - in February the card is paid by a transfer; February is closed and reopened;
 * - March's only income is 0.
 */
export const FOOD = 'Food, "Fun" & Drinks';

export interface Household {
  budgets: Record<'nov' | 'jan' | 'feb' | 'mar', Budget>;
  categories: Record<'home' | 'food' | 'saving' | 'travel', { id: number; name: string }>;
  /** Closes February, then reopens it: the household ends as it was. */
  closeFebruary(): Promise<void>;
  reopenFebruary(): Promise<void>;
}

const lines = (categories: Household['categories'], withDining: boolean) => [
  { name: 'Rent', amount: 100_000, allocation_category_id: categories.home.id, allocation_class: 'need' },
  { name: 'Groceries', amount: 40_000, allocation_category_id: categories.food.id, allocation_class: 'want' },
  ...(withDining ? [{ name: 'Dining', amount: 10_000, allocation_category_id: categories.food.id, allocation_class: 'want' }] : []),
  { name: 'Emergency', amount: 30_000, allocation_category_id: categories.saving.id, allocation_class: 'savings' },
];

export async function arrangeHousehold(server: TestServer, user: SignedInUser): Promise<Household> {
  const { scope } = user;
  const api = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> => {
    const response = await call<T>(server, user, { method, url, payload });
    if (response.status >= 300) throw new Error(`${method} ${url} → ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const categories = {
    home: await createCategory(scope, { name: 'Home' }),
    food: await createCategory(scope, { name: FOOD }),
    saving: await createCategory(scope, { name: 'Saving' }),
    travel: await createCategory(scope, { name: 'Travel' }),
  };
  const chequing = await createBankAccount(scope, { name: 'Chequing', opening_balance: 100_000 });
  const visa = await createBankAccount(scope, { name: 'Visa', account_type: 'credit_card', account_category: 'liability', opening_balance: -10_000 });
  const savings = await createBankAccount(scope, { name: 'Savings', account_category: 'asset', opening_balance: 0 });

  const create = (start: string) => api<Budget>('POST', '/budgets', { start_date: start });
  const fill = (budget: Budget, income: number, withDining: boolean) =>
    api<Budget>('PUT', `/budgets/${budget.id}`, {
      lock_version: budget.lock_version,
      incomes: [{ name: 'Salary', amount: income }],
      allocations: lines(categories, withDining),
    });
  const nov = await fill(await create('2025-11-01'), 300_000, false);
  const jan = await fill(await create('2026-01-01'), 300_000, true);
  const feb = await api<Budget>('PUT', `/budgets/${jan.id}/copy`);
  const copiedMar = await api<Budget>('PUT', `/budgets/${feb.id}/copy`);
  const mar = await api<Budget>('PUT', `/budgets/${copiedMar.id}`, {
    lock_version: copiedMar.lock_version,
    incomes: [{ id: copiedMar.incomes[0].id, name: 'Salary', amount: 0 }],
  });
  const allocation = (budget: Budget, name: string) => budget.allocations.find((line) => line.name === name)!.id;

  const spend = (accountId: number, date: string, amount: number, allocationName?: string, budget?: Budget, status: 'paid' | 'unpaid' = 'paid') =>
    createTransaction(scope, accountId, date, {
      withdrawal_amount: amount,
      allocation_id: allocationName && budget ? allocation(budget, allocationName) : null,
      status,
    });
  const receive = (accountId: number, date: string, amount: number, allocationName?: string, budget?: Budget) =>
    createTransaction(scope, accountId, date, {
      withdrawal_amount: 0,
      deposit_amount: amount,
      allocation_id: allocationName && budget ? allocation(budget, allocationName) : null,
    });

  await receive(chequing.id, '2025-11-01', 300_000);
  await spend(chequing.id, '2025-11-02', 100_000, 'Rent', nov);
  await spend(chequing.id, '2025-11-10', 35_000, 'Groceries', nov);
  await spend(chequing.id, '2025-12-15', 5_000);

  await receive(chequing.id, '2026-01-01', 300_000);
  await spend(chequing.id, '2026-01-03', 100_000, 'Rent', jan);
  await spend(visa.id, '2026-01-10', 12_000, 'Groceries', jan, 'unpaid');
  await spend(visa.id, '2026-01-12', 8_000, 'Groceries', jan);
  await spend(visa.id, '2026-01-20', 4_500, 'Dining', jan, 'unpaid');
  await api('POST', `/bank_accounts/${chequing.id}/transfer`, {
    to: savings.id,
    amount: 25_000,
    description: 'Emergency fund',
    date: '2026-01-25',
    budget_id: jan.id,
    from_allocation: allocation(jan, 'Emergency'),
  });
  // Closed after the money went in: a closed account takes no new rows.
  await scope.updateTable('bank_accounts').set({ status: 'closed' }).where('id', '=', savings.id).execute();
  await receive(chequing.id, '2026-01-28', 2_000, 'Groceries', jan);

  await receive(chequing.id, '2026-02-01', 300_000);
  await spend(chequing.id, '2026-02-03', 100_000, 'Rent', feb);
  await spend(visa.id, '2026-02-14', 15_000, 'Groceries', feb, 'unpaid');
  await api('POST', `/bank_accounts/${chequing.id}/transfer`, { to: visa.id, amount: 16_500, description: 'Card payment', date: '2026-02-20', budget_id: feb.id });

  await spend(chequing.id, '2026-03-05', 100_000, 'Rent', mar);
  await spend(chequing.id, '2026-03-31', 1_000);
  await receive(chequing.id, '2026-04-02', 99_999);

  await api('PUT', `/budgets/${nov.id}/close`);
  await api('PUT', `/budgets/${jan.id}/close`);

  return {
    budgets: { nov, jan, feb, mar },
    categories,
    closeFebruary: async () => void (await api('PUT', `/budgets/${feb.id}/close`)),
    reopenFebruary: async () => void (await api('POST', '/budgets/reopen_last_budget')),
  };
}

/**
 * The figures, by hand. Opening balances 1,000.00 - 100.00 + 0 = 900.00.
 * Nov: +3,000 - 1,000 - 350 = 1,650.00 → 2,550.00. Dec 15 gift -50.00 (no budget) → 2,500.00.
 * Jan: +3,000 - 1,000 - 120 - 80 - 45 + 20 (refund), the transfer nets 0 → 1,775.00 → 4,275.00.
 *      (Closing January adds -120 and -45 copies and a +165 balancing row on Feb 1: they net 0.)
 * Feb: +3,000 - 1,000 - 150, the card payment nets 0 → 1,850.00 → 6,125.00.
 * Mar: -1,000 - 10 → -1,010.00 → 5,115.00. The Apr 2 deposit is after every budget.
 */
export const expected = {
  netWorth: {
    nov: { period: '2025-11', net_change: 165_000, net_worth: 255_000 },
    jan: { period: '2026-01', net_change: 177_500, net_worth: 427_500 },
    feb: { period: '2026-02', net_change: 185_000, net_worth: 612_500 },
    mar: { period: '2026-03', net_change: -101_000, net_worth: 511_500 },
  },
  /**
   * Spent: Jan Groceries 120 + 80 - 20 = 180, Dining 45 (their carried copies do not count again in February),
   * Emergency 250 (the transfer); Feb Groceries 150; every Rent 1,000.
   */
  categorySpending: {
    home: { nov: [100_000, 100_000], jan: [100_000, 100_000], feb: [100_000, 100_000], mar: [100_000, 100_000] },
    food: { nov: [40_000, 35_000], jan: [50_000, 22_500], feb: [50_000, 15_000], mar: [50_000, 0] },
    saving: { nov: [30_000, 0], jan: [30_000, 25_000], feb: [30_000, 0], mar: [30_000, 0] },
    travel: { nov: [0, 0], jan: [0, 0], feb: [0, 0], mar: [0, 0] },
  },
  /**
   * Budgeted: needs 1,000, savings 300 of 3,000 → 33 % and 10 %, wants the rest (1,700, 57 %).
   * Actual: needs and savings are what was spent on them; wants is the rest of the income.
   * March has an income of 0: the amounts still follow the rule, the percentages are null.
   */
  needsVsWants: {
    // wantsParts: [allocated to wants, unallocated], which add up to budgeted wants.
    // actualApart: [spent on wants, not spent, their shares]: Nov 350 of 3,000 (12 %), 1,650 unspent (100 - 33 - 12 - 0);
    // Jan 225 (7.5 → 8 %), 1,525 unspent (100 - 33 - 8 - 8); Feb 150 (5 %), 1,850 unspent; Mar no income.
    nov: { income: 300_000, budgeted: [100_000, 170_000, 30_000, 33, 57, 10], wantsParts: [40_000, 130_000], actual: [100_000, 200_000, 0, 33, 67, 0], actualApart: [35_000, 165_000, 12, 55] },
    jan: { income: 300_000, budgeted: [100_000, 170_000, 30_000, 33, 57, 10], wantsParts: [50_000, 120_000], actual: [100_000, 175_000, 25_000, 33, 59, 8], actualApart: [22_500, 152_500, 8, 51] },
    feb: { income: 300_000, budgeted: [100_000, 170_000, 30_000, 33, 57, 10], wantsParts: [50_000, 120_000], actual: [100_000, 200_000, 0, 33, 67, 0], actualApart: [15_000, 185_000, 5, 62] },
    mar: { income: 0, budgeted: [100_000, -130_000, 30_000, null, null, null], wantsParts: [50_000, -180_000], actual: [100_000, -100_000, 0, null, null, null], actualApart: [0, -100_000, null, null] },
  },
} as const;
