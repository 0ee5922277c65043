import { type RawBuilder, sql } from 'kysely';
import type { DateOnly } from '../../src/shared/dates';
import type { HouseholdScope } from '../db/scope';

/**
 * The server's side of the one balance definition (src/shared/openingBalance.ts): an account's balance is its
 * opening balance plus the net of every transaction dated after its opening date. Every figure built from
 * balances (Account Balances, GET /bank_accounts?include_current_balance=true, sink funds, net worth, the
 * close's checkpoints) reads it through `balanceOn` or `countsInBalance`.
 *
 * Flat with history (issue 35): `transaction_totals` (migration 0015, kept by triggers) holds the net of all an
 * account's rows whatever their dates, so a balance is that total less the rows dated on or before the opening
 * date (writes refuse them: normally none) and, for a balance at a day, less the rows dated after it (normally
 * the current month): two seeks of the (account, date) index instead of a sum of the whole history.
 */

/** Σ(deposit − withdrawal) of the joined transactions (a number on both databases: server/db/connect.ts parses PostgreSQL's numeric). */
export const netOfTransactions = sql<number>`coalesce(sum(transactions.deposit_amount - transactions.withdrawal_amount), 0)`;

type DateExpression = RawBuilder<string> | DateOnly;

/** Σ net of the rows of the account of the enclosing `bank_accounts` row whose date satisfies `comparison` with `date`. */
const netOfAccountRows = (comparison: '<=' | '>', date: DateExpression) =>
  sql<number>`(select coalesce(sum(dated.deposit_amount - dated.withdrawal_amount), 0) from transactions dated
    where dated.bank_account_id = bank_accounts.id and dated.transaction_date ${sql.raw(comparison)} ${date})`;

const accountTotal = sql<number>`(select coalesce(sum(transaction_totals.net), 0) from transaction_totals
  where transaction_totals.bank_account_id = bank_accounts.id)`;

/**
 * The balance of the enclosing `bank_accounts` row at the end of `onDate` (with every transaction when absent),
 * as an expression to select: a day before the opening date gives the opening balance.
 */
export function balanceOn(onDate?: DateExpression): RawBuilder<number> {
  const counted = sql<number>`bank_accounts.opening_balance + ${accountTotal} - ${netOfAccountRows('<=', sql`bank_accounts.opening_date`)}`;
  if (onDate === undefined) return counted;
  const upTo = sql<string>`case when bank_accounts.opening_date > ${onDate} then bank_accounts.opening_date else ${onDate} end`;
  return sql<number>`${counted} - ${netOfAccountRows('>', upTo)}`;
}

/** `figure` over the enclosing envelope's rows dated on or before its account's opening date (a seek). */
const ofEnvelopeRowsBeforeOpening = (figure: RawBuilder<number>) =>
  sql<number>`(select ${figure} from transactions dated
    where dated.sink_fund_allocation_id = sink_fund_allocations.id and dated.transaction_date <= bank_accounts.opening_date)`;

const ofEnvelopeTotals = (column: 'net' | 'row_count') =>
  sql<number>`(select coalesce(sum(transaction_totals.${sql.raw(column)}), 0) from transaction_totals
    where transaction_totals.envelope_id = sink_fund_allocations.id)`;

/**
 * The balance of the enclosing `sink_fund_allocations` row (joined to its `bank_accounts` row) and how many of its
 * transactions count in it: its rows dated after its account's opening date, so envelopes + Unassigned Money =
 * the account's balance.
 */
export const envelopeFigures = {
  balance: sql<number>`${ofEnvelopeTotals('net')} - ${ofEnvelopeRowsBeforeOpening(sql`coalesce(sum(dated.deposit_amount - dated.withdrawal_amount), 0)`)}`,
  transactionCount: sql<number>`${ofEnvelopeTotals('row_count')} - ${ofEnvelopeRowsBeforeOpening(sql`count(*)`)}`,
};

/**
 * Each account's balance at the end of `onDate` (today's balance, with every transaction, when absent): one
 * query for all the accounts asked for (every account of the household when `accountIds` is absent).
 */
export async function currentBalances(scope: HouseholdScope, accountIds?: number[], onDate?: DateOnly): Promise<Map<number, number>> {
  if (accountIds && accountIds.length === 0) return new Map();
  let query = scope.selectFrom('bank_accounts').select(['bank_accounts.id', balanceOn(onDate).as('balance')]);
  if (accountIds) query = query.where('bank_accounts.id', 'in', accountIds);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.id, row.balance]));
}
