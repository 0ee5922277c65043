import { sql } from 'kysely';
import { addDays } from '../../../src/shared/dates';
import type { Budget } from '../../db/schema';
import type { HouseholdScope } from '../../db/scope';
import { now } from './periods';

/**
 * An account's checkpoint (`closing_balance` on `closing_date`) is where its running balance was last settled.
 * Closing a budget settles every account at the budget's end; reopening it moves every checkpoint back to the
 * day before its start. Each is one statement for all accounts.
 */

/** Close: closing_balance += Σ(deposit − withdrawal) dated in the budget's window (no checkpoint yet = the opening balance). */
export async function rollCheckpoints(scope: HouseholdScope, budget: Budget): Promise<void> {
  await scope
    .updateTable('bank_accounts')
    .set((eb) => ({
      closing_balance: sql<number>`coalesce(${sql.ref('bank_accounts.closing_balance')}, ${sql.ref('bank_accounts.opening_balance')}) + coalesce((${eb
        .selectFrom('transactions')
        .select(sql<number>`sum(transactions.deposit_amount - transactions.withdrawal_amount)`.as('net'))
        .whereRef('transactions.bank_account_id', '=', 'bank_accounts.id')
        .where('transactions.transaction_date', '>=', budget.start_date)
        .where('transactions.transaction_date', '<=', budget.end_date)}), 0)`,
      closing_date: budget.end_date,
      updated_at: now,
    }))
    .execute();
}

/** Reopen: closing_balance = opening balance + Σ net dated before the budget's start; closing_date = the day before. */
export async function rebuildCheckpoints(scope: HouseholdScope, budget: Budget): Promise<void> {
  await scope
    .updateTable('bank_accounts')
    .set((eb) => ({
      closing_balance: sql<number>`${sql.ref('bank_accounts.opening_balance')} + coalesce((${eb
        .selectFrom('transactions')
        .select(sql<number>`sum(transactions.deposit_amount - transactions.withdrawal_amount)`.as('net'))
        .whereRef('transactions.bank_account_id', '=', 'bank_accounts.id')
        .where('transactions.transaction_date', '<', budget.start_date)}), 0)`,
      closing_date: addDays(budget.start_date, -1),
      updated_at: now,
    }))
    .execute();
}
