import { sql } from 'kysely';
import type { NetWorthRow } from '../../../src/shared/schemas/reports';
import type { HouseholdScope } from '../../db/scope';
import { countsInBalance } from '../balances';
import { cents } from '../budgets/budgetReads';
import { reportBudgets } from './reportBudgets';

const net = sql<number | string>`coalesce(sum(transactions.deposit_amount - transactions.withdrawal_amount), 0)`;

/**
 * Net worth per budget, by the one balance rule: each account's opening balance from its opening date on (closed
 * accounts too) plus the net of every transaction dated after its opening date up to the budget's end, including
 * those before the first budget shown and between budgets; net change is the net of the transactions dated in the
 * budget's window. The latest period therefore equals the sum of the Account Balances' current balances while
 * nothing is dated after it. Carried-forward card rows are counted like any other: a copy and its balancing row
 * net to zero. Three grouped queries, driven from the household's accounts into the (account, date, amounts) index.
 */
export async function netWorthReport(scope: HouseholdScope, range: { from?: string; to?: string }): Promise<NetWorthRow[]> {
  const budgets = await reportBudgets(scope, range);
  if (budgets.length === 0) return [];
  const firstDay = budgets[0].start_date;
  const lastDay = budgets[budgets.length - 1].end_date;

  const [before, openings, days] = await Promise.all([
    scope
      .selectFrom('bank_accounts')
      .leftJoin('transactions', (join) =>
        join.onRef('transactions.bank_account_id', '=', 'bank_accounts.id').on(countsInBalance).on('transactions.transaction_date', '<', firstDay),
      )
      .where('bank_accounts.opening_date', '<', firstDay)
      .select(['bank_accounts.opening_balance', net.as('net')])
      .groupBy(['bank_accounts.id', 'bank_accounts.opening_balance'])
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
      .innerJoin('transactions', 'transactions.bank_account_id', 'bank_accounts.id')
      .where(countsInBalance)
      .where('transactions.transaction_date', '>=', firstDay)
      .where('transactions.transaction_date', '<=', lastDay)
      .select(['transactions.transaction_date as day', net.as('net')])
      .groupBy('transactions.transaction_date')
      .orderBy('transactions.transaction_date')
      .execute(),
  ]);

  let worth = 0;
  for (const account of before) worth += cents(account.opening_balance) + cents(account.net);
  const rows: NetWorthRow[] = [];
  let next = 0;
  let opened = 0;
  for (const budget of budgets) {
    while (opened < openings.length && openings[opened].day <= budget.end_date) worth += cents(openings[opened++].opening_balance);
    while (next < days.length && days[next].day < budget.start_date) worth += cents(days[next++].net);
    let change = 0;
    while (next < days.length && days[next].day <= budget.end_date) change += cents(days[next++].net);
    worth += change;
    rows.push({ budget_id: budget.id, period: budget.period, net_change: change, net_worth: worth });
  }
  return rows;
}
