import { sql } from 'kysely';
import type { HouseholdScope } from '../db/scope';

/** An account's checkpoint: closing_balance, or the opening balance before the first close. */
export const checkpointBalance = sql<number>`coalesce(bank_accounts.closing_balance, bank_accounts.opening_balance)`;

/** A transaction moves its account's current balance when dated after the checkpoint (every one while there is none). */
export const afterCheckpoint = sql<boolean>`(bank_accounts.closing_date is null or transactions.transaction_date > bank_accounts.closing_date)`;

/** Σ(deposit − withdrawal) of the joined transactions; PostgreSQL sums bigint into numeric, which arrives as text. */
export const netOfTransactions = sql<number | string>`coalesce(sum(transactions.deposit_amount - transactions.withdrawal_amount), 0)`;

/**
 * Each account's current balance: its checkpoint (closing_balance, or the opening balance before the first
 * close) plus the net of every transaction dated after closing_date (all of them when there is none).
 * One grouped query for all the accounts asked for (every account of the household when `accountIds` is absent).
 */
export async function currentBalances(scope: HouseholdScope, accountIds?: number[]): Promise<Map<number, number>> {
  if (accountIds && accountIds.length === 0) return new Map();
  let query = scope
    .selectFrom('bank_accounts')
    .leftJoin('transactions', (join) => join.onRef('transactions.bank_account_id', '=', 'bank_accounts.id').on(afterCheckpoint))
    .select(['bank_accounts.id', sql<number | string>`${checkpointBalance} + ${netOfTransactions}`.as('balance')])
    .groupBy(['bank_accounts.id', 'bank_accounts.closing_balance', 'bank_accounts.opening_balance']);
  if (accountIds) query = query.where('bank_accounts.id', 'in', accountIds);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.id, Number(row.balance)]));
}
