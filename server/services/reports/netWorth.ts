import { sql } from 'kysely';
import type { NetWorthRow } from '../../../src/shared/schemas/reports';
import type { HouseholdScope } from '../../db/scope';
import { addDays } from '../../../src/shared/dates';
import { balanceOn } from '../balances';
import { reportBudgets } from './reportBudgets';

/**
 * Net worth per budget, by the one balance rule: each account's opening balance from its opening date on (closed
 * accounts too) plus the net of every transaction dated after its opening date up to the budget's end, including
 * those before the first budget shown and between budgets; net change is the net of the transactions dated in the
 * budget's window. The latest period therefore equals the sum of the Account Balances' current balances while
 * nothing is dated after it. Carried-forward card rows are counted like any other: a copy and its balancing row
 * net to zero. Three queries that read no transaction: the balances before the first budget from the running
 * totals (balances.ts), and each day's net from `account_days` (migration 0016), so every period costs a day's
 * row per account instead of every transaction of the history.
 */
export async function netWorthReport(scope: HouseholdScope, range: { from?: string; to?: string }): Promise<NetWorthRow[]> {
  const budgets = await reportBudgets(scope, range);
  if (budgets.length === 0) return [];
  const firstDay = budgets[0].start_date;
  const lastDay = budgets[budgets.length - 1].end_date;

  const [before, openings, days] = await Promise.all([
    scope
      .selectFrom('bank_accounts')
      .where('bank_accounts.opening_date', '<', firstDay)
      .select(balanceOn(addDays(firstDay, -1)).as('balance'))
      .execute(),
    scope
      .selectFrom('bank_accounts')
      .select(['bank_accounts.opening_date as day', 'bank_accounts.opening_balance'])
      .where('bank_accounts.opening_date', '>=', firstDay)
      .where('bank_accounts.opening_date', '<=', lastDay)
      .orderBy('bank_accounts.opening_date')
      .execute(),
    scope
      .selectFrom('bank_accounts')
      .innerJoin('account_days', 'account_days.bank_account_id', 'bank_accounts.id')
      .where(sql<boolean>`account_days.day > bank_accounts.opening_date`)
      .where('account_days.day', '>=', firstDay)
      .where('account_days.day', '<=', lastDay)
      .select(['account_days.day', sql<number>`sum(account_days.net)`.as('net')])
      .groupBy('account_days.day')
      .orderBy('account_days.day')
      .execute(),
  ]);

  let worth = 0;
  for (const account of before) worth += account.balance;
  const rows: NetWorthRow[] = [];
  let next = 0;
  let opened = 0;
  for (const budget of budgets) {
    while (opened < openings.length && openings[opened].day <= budget.end_date) worth += openings[opened++].opening_balance;
    while (next < days.length && days[next].day < budget.start_date) worth += days[next++].net;
    let change = 0;
    while (next < days.length && days[next].day <= budget.end_date) change += days[next++].net;
    worth += change;
    rows.push({ budget_id: budget.id, period: budget.period, net_change: change, net_worth: worth });
  }
  return rows;
}
