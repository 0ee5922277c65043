import { sql } from 'kysely';
import type { AccountBalance } from '../../src/shared/schemas/accountBalances';
import type { HouseholdScope } from '../db/scope';
import { balanceOn } from './balances';
import { institutionOf } from './bankAccounts';

interface AccountBalanceOptions {
  includeClosed?: boolean;
}

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
      // PostgreSQL sums bigint into numeric, which arrives as text. No checkpoint yet: the opening balance.
      sql<number>`case when bank_accounts.closing_date is null then bank_accounts.opening_balance else ${balanceOn(sql`bank_accounts.closing_date`)} end`.as('balance_at_closing'),
      sql<number | null>`case when current_budget.end_date is null then null else ${balanceOn(sql`current_budget.end_date`)} end`.as('balance_at_next_closing'),
      balanceOn().as('balance'),
    ])
    .orderBy(sql`lower(bank_accounts.name)`)
    .orderBy('bank_accounts.id');
  if (!options.includeClosed) query = query.where('bank_accounts.status', '=', 'open');
  const rows = await query.execute();
  return rows.map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      institution: institutionOf(row),
      account_type: row.account_type,
      account_category: row.account_category,
      is_cash: row.is_cash === 1,
      closing_date: row.closing_date,
      next_closing_date: row.next_closing_date,
      closing_balance: row.balance_at_closing,
      expected_closing_balance: row.balance_at_next_closing,
      current_balance: row.balance,
  }));
}
