import { sql } from 'kysely';
import type { DateOnly } from '../../src/shared/dates';
import type { HouseholdScope } from '../db/scope';

/**
 * The server's side of the one balance definition (src/shared/openingBalance.ts): an account's balance is its
 * opening balance plus the net of every transaction dated after its opening date. Every figure built from
 * balances (Account Balances, GET /bank_accounts?include_current_balance=true, sink funds, net worth, the
 * close's checkpoints) joins transactions with `countsInBalance` and starts from `opening_balance`.
 */

/** A joined transaction moves its account's balance when dated after the account's opening date. */
export const countsInBalance = sql<boolean>`transactions.transaction_date > bank_accounts.opening_date`;

/** Σ(deposit − withdrawal) of the joined transactions; PostgreSQL sums bigint into numeric, which arrives as text. */
export const netOfTransactions = sql<number | string>`coalesce(sum(transactions.deposit_amount - transactions.withdrawal_amount), 0)`;

/**
 * Each account's balance at the end of `onDate` (today's balance, with every transaction, when absent): one
 * grouped query for all the accounts asked for (every account of the household when `accountIds` is absent).
 */
export async function currentBalances(scope: HouseholdScope, accountIds?: number[], onDate?: DateOnly): Promise<Map<number, number>> {
  if (accountIds && accountIds.length === 0) return new Map();
  let query = scope
    .selectFrom('bank_accounts')
    .leftJoin('transactions', (join) => {
      const counted = join.onRef('transactions.bank_account_id', '=', 'bank_accounts.id').on(countsInBalance);
      return onDate === undefined ? counted : counted.on('transactions.transaction_date', '<=', onDate);
    })
    .select(['bank_accounts.id', sql<number | string>`bank_accounts.opening_balance + ${netOfTransactions}`.as('balance')])
    .groupBy(['bank_accounts.id', 'bank_accounts.opening_balance']);
  if (accountIds) query = query.where('bank_accounts.id', 'in', accountIds);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.id, Number(row.balance)]));
}
