import { sql } from 'kysely';
import type { HouseholdScope } from '../db/scope';

/**
 * Each account's current balance: its checkpoint (closing_balance, or the opening balance before the first
 * close) plus the net of every transaction dated after closing_date (all of them when there is none).
 * One grouped query for all the accounts asked for (every account of the household when `accountIds` is absent).
 */
export async function currentBalances(scope: HouseholdScope, accountIds?: number[]): Promise<Map<number, number>> {
  if (accountIds && accountIds.length === 0) return new Map();
  let query = scope
    .selectFrom('bank_accounts')
    .leftJoin('transactions', (join) =>
      join
        .onRef('transactions.bank_account_id', '=', 'bank_accounts.id')
        .on(sql<boolean>`(bank_accounts.closing_date is null or transactions.transaction_date > bank_accounts.closing_date)`),
    )
    .select([
      'bank_accounts.id',
      sql<number | string>`coalesce(bank_accounts.closing_balance, bank_accounts.opening_balance)
        + coalesce(sum(transactions.deposit_amount - transactions.withdrawal_amount), 0)`.as('balance'),
    ])
    .groupBy(['bank_accounts.id', 'bank_accounts.closing_balance', 'bank_accounts.opening_balance']);
  if (accountIds) query = query.where('bank_accounts.id', 'in', accountIds);
  const rows = await query.execute();
  // PostgreSQL sums bigint into numeric, which arrives as text.
  return new Map(rows.map((row) => [row.id, Number(row.balance)]));
}
