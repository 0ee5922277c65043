import { type RawBuilder, sql } from 'kysely';
import { addDays, addMonths, type DateOnly } from '../../src/shared/dates';
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
/** `figure` over the parts in the enclosing envelope whose rows are dated on or before its account's opening date. */
const ofEnvelopePartsBeforeOpening = (figure: RawBuilder<number>) =>
  sql<number>`(select ${figure} from transaction_splits part inner join transactions dated on dated.id = part.transaction_id
    where part.sink_fund_allocation_id = sink_fund_allocations.id and dated.transaction_date <= bank_accounts.opening_date)`;

export const envelopeFigures = {
  balance: sql<number>`${ofEnvelopeTotals('net')} - ${ofEnvelopeRowsBeforeOpening(sql`coalesce(sum(dated.deposit_amount - dated.withdrawal_amount), 0)`)}
    - ${ofEnvelopePartsBeforeOpening(sql`coalesce(sum(part.amount), 0)`)}`,
  transactionCount: sql<number>`${ofEnvelopeTotals('row_count')} - ${ofEnvelopeRowsBeforeOpening(sql`count(*)`)} - ${ofEnvelopePartsBeforeOpening(sql`count(*)`)}`,
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

/**
 * Sums of keyed nets per account: `(account, from, to)` is Σ net of the account's keys in [from, to] (to the
 * last key when `to` is absent), by two binary searches over the running sums.
 */
function runningSums(rows: ReadonlyArray<{ accountId: number; key: string; net: number }>) {
  const byAccount = new Map<number, { keys: string[]; through: number[] }>();
  for (const row of [...rows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) {
    const account = byAccount.get(row.accountId) ?? { keys: [], through: [] };
    account.through.push((account.through[account.through.length - 1] ?? 0) + row.net);
    account.keys.push(row.key);
    byAccount.set(row.accountId, account);
  }
  /** How many keys sort before `key` (or up to it, with `inclusive`). */
  const position = (keys: string[], key: string, inclusive: boolean) => {
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (keys[middle] < key || (inclusive && keys[middle] === key)) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return (accountId: number, from: string, to?: string): number => {
    const account = byAccount.get(accountId);
    if (!account) return 0;
    const upTo = (count: number) => (count === 0 ? 0 : account.through[count - 1]);
    const end = to === undefined ? account.keys.length : position(account.keys, to, true);
    return upTo(end) - upTo(position(account.keys, from, false));
  };
}

/** The days whose rows a balance at the end of `day` reads, besides the months: from the day to its month's nearer edge. */
function daysToMonthEdge(day: DateOnly): { from: DateOnly; to: DateOnly; counted: 'through' | 'after' } | null {
  const monthStart = `${day.slice(0, 7)}-01`;
  const monthEnd = addDays(addMonths(monthStart, 1), -1);
  if (day === monthEnd) return null;
  const date = Number(day.slice(8, 10));
  const last = Number(monthEnd.slice(8, 10));
  // Near the month's start: the months from the day's own on, less its days up to the day; else the months after
  // it plus its days after the day.
  return date <= last - date ? { from: monthStart, to: day, counted: 'through' } : { from: addDays(day, 1), to: monthEnd, counted: 'after' };
}

/**
 * Each account's balance at the end of each of `days`, for the accounts opened by that day: the figure of
 * `balanceOn(day)` (today's balance less the rows dated after the day) for many days at once, as the net worth
 * report over every period needs. The rows after a day are read from the kept sums (migration 0020's
 * `account_months` after the day's month, 0016's `account_days` between the day and its month's nearer edge), so
 * fifteen years of period ends read a row per account and month, and none for a day that ends its month.
 */
export async function balancesOnDays(scope: HouseholdScope, days: readonly DateOnly[]): Promise<Map<DateOnly, Map<number, number>>> {
  const balances = new Map<DateOnly, Map<number, number>>();
  if (days.length === 0) return balances;
  const earliest = days.reduce((a, b) => (a < b ? a : b));
  const edges = days.map(daysToMonthEdge);
  const ranges = edges.filter((edge) => edge !== null);
  const [accounts, months, dayRows] = await Promise.all([
    scope.selectFrom('bank_accounts').select(['bank_accounts.id', 'bank_accounts.opening_date', balanceOn().as('balance')]).execute(),
    scope
      .selectFrom('bank_accounts')
      .innerJoin('account_months', 'account_months.bank_account_id', 'bank_accounts.id')
      .where('account_months.month', '>=', `${earliest.slice(0, 7)}-01`)
      .select(['account_months.bank_account_id', 'account_months.month', 'account_months.net'])
      .execute(),
    ranges.length === 0
      ? []
      : scope
          .selectFrom('bank_accounts')
          .innerJoin('account_days', 'account_days.bank_account_id', 'bank_accounts.id')
          .where((eb) => eb.or(ranges.map((range) => eb.and([eb('account_days.day', '>=', range.from), eb('account_days.day', '<=', range.to)]))))
          .select(['account_days.bank_account_id', 'account_days.day', 'account_days.net'])
          .execute(),
  ]);
  const monthSums = runningSums(months.map((row) => ({ accountId: row.bank_account_id, key: row.month, net: Number(row.net) })));
  const daySums = runningSums(dayRows.map((row) => ({ accountId: row.bank_account_id, key: row.day, net: Number(row.net) })));
  days.forEach((day, i) => {
    const edge = edges[i];
    const month = `${day.slice(0, 7)}-01`;
    const nextMonth = addMonths(month, 1);
    const onDay = new Map<number, number>();
    for (const account of accounts) {
      if (account.opening_date > day) continue;
      const monthsAfter = monthSums(account.id, nextMonth);
      const after =
        edge === null
          ? monthsAfter
          : edge.counted === 'after'
            ? monthsAfter + daySums(account.id, edge.from, edge.to)
            : monthSums(account.id, month) - daySums(account.id, edge.from, edge.to);
      onDay.set(account.id, Number(account.balance) - after);
    }
    balances.set(day, onDay);
  });
  return balances;
}
