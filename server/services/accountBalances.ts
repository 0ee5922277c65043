import { sql } from 'kysely';
import type { AccountBalance } from '../../src/shared/schemas/accountBalances';
import type { HouseholdScope } from '../db/scope';
import { countsInBalance } from './balances';
import { institutionOf } from './bankAccounts';

export interface AccountBalanceOptions {
  includeClosed?: boolean;
}

const net = sql<number>`transactions.deposit_amount - transactions.withdrawal_amount`;

/**
 * Every account (open ones unless closed ones are asked for) with its checkpoint, the balance expected at the end
 * of the current budget (the earliest open one) and its current balance, all three by the one balance rule
 * (opening balance + transactions after the opening date, up to the day asked): one grouped statement for all
 * accounts, the current budget joined in as a one-row table.
 */
export async function accountBalances(scope: HouseholdScope, options: AccountBalanceOptions = {}): Promise<AccountBalance[]> {
  const currentBudget = scope.selectFrom('budgets').select('budgets.end_date').where('budgets.status', '=', 'open').orderBy('budgets.start_date').limit(1);
  let query = scope
    .selectFrom('bank_accounts')
    .leftJoin('institutions', 'institutions.id', 'bank_accounts.institution_id')
    .leftJoin(currentBudget.as('current_budget'), (join) => join.onTrue())
    .leftJoin('transactions', (join) => join.onRef('transactions.bank_account_id', '=', 'bank_accounts.id').on(countsInBalance))
    .select([
      'bank_accounts.id',
      'bank_accounts.name',
      'bank_accounts.status',
      'bank_accounts.institution_id',
      'institutions.name as institution_name',
      'bank_accounts.account_type',
      'bank_accounts.account_category',
      'bank_accounts.is_cash',
      'bank_accounts.closing_date',
      'current_budget.end_date as next_closing_date',
      'bank_accounts.opening_balance',
      // PostgreSQL sums bigint into numeric, which arrives as text.
      sql<number | string>`coalesce(sum(case when transactions.transaction_date <= bank_accounts.closing_date then ${net} else 0 end), 0)`.as('net_to_closing'),
      sql<number | string>`coalesce(sum(case when transactions.transaction_date <= current_budget.end_date then ${net} else 0 end), 0)`.as('net_to_next_closing'),
      sql<number | string>`coalesce(sum(${net}), 0)`.as('net_after_opening'),
    ])
    .groupBy([
      'bank_accounts.id',
      'bank_accounts.name',
      'bank_accounts.status',
      'bank_accounts.institution_id',
      'institutions.name',
      'bank_accounts.account_type',
      'bank_accounts.account_category',
      'bank_accounts.is_cash',
      'bank_accounts.closing_date',
      'bank_accounts.opening_balance',
      'current_budget.end_date',
    ])
    .orderBy(sql`lower(bank_accounts.name)`)
    .orderBy('bank_accounts.id');
  if (!options.includeClosed) query = query.where('bank_accounts.status', '=', 'open');
  const rows = await query.execute();
  return rows.map((row) => {
    const opening = Number(row.opening_balance);
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      institution: institutionOf(row),
      account_type: row.account_type,
      account_category: row.account_category,
      is_cash: row.is_cash === 1,
      closing_date: row.closing_date,
      next_closing_date: row.next_closing_date,
      closing_balance: opening + Number(row.net_to_closing),
      expected_closing_balance: row.next_closing_date === null ? null : opening + Number(row.net_to_next_closing),
      current_balance: opening + Number(row.net_after_opening),
    };
  });
}
