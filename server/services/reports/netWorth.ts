import type { NetWorthRow } from '../../../src/shared/schemas/reports';
import type { HouseholdScope } from '../../db/scope';
import { addDays } from '../../../src/shared/dates';
import { balancesOnDays } from '../balances';
import { reportBudgets } from './reportBudgets';

/**
 * Net worth per budget, by the one balance rule: the sum of the balances, at the budget's end, of the accounts
 * opened by then (closed accounts too), each its opening balance plus the net of every transaction dated after its
 * opening date up to that day, including those before the first budget shown and between budgets. Net change is
 * the net of the transactions dated in the budget's window (after their account's opening date): the net worth
 * at its end less the net worth the day before it starts, less the opening balances of the accounts opened in it.
 * The latest period therefore equals the sum of the Account Balances' current balances while nothing is dated
 * after it. Carried-forward card rows are counted like any other: a copy and its balancing row net to zero. The
 * balances come from `balancesOnDays` (balances.ts), which reads kept month and day sums, not the transactions.
 */
export async function netWorthReport(scope: HouseholdScope, range: { from?: string; to?: string }): Promise<NetWorthRow[]> {
  const budgets = await reportBudgets(scope, range);
  if (budgets.length === 0) return [];
  const dayBefore = (budget: { start_date: string }) => addDays(budget.start_date, -1);
  const [balances, openings] = await Promise.all([
    balancesOnDays(scope, budgets.flatMap((budget) => [dayBefore(budget), budget.end_date])),
    scope
      .selectFrom('bank_accounts')
      .select(['opening_date', 'opening_balance'])
      .where('opening_date', '>=', budgets[0].start_date)
      .where('opening_date', '<=', budgets[budgets.length - 1].end_date)
      .execute(),
  ]);
  const worthOn = (day: string) => [...balances.get(day)!.values()].reduce((sum, balance) => sum + balance, 0);
  return budgets.map((budget) => {
    const worth = worthOn(budget.end_date);
    const opened = openings
      .filter((account) => account.opening_date >= budget.start_date && account.opening_date <= budget.end_date)
      .reduce((sum, account) => sum + Number(account.opening_balance), 0);
    return { budget_id: budget.id, period: budget.period, net_change: worth - worthOn(dayBefore(budget)) - opened, net_worth: worth };
  });
}
