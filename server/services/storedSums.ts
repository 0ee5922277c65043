import { type Kysely, type RawBuilder, sql } from 'kysely';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';
import { countsAsSpendingSql, partSpentSum, spentSum } from './spending';

/**
 * The sums the database keeps by triggers on `transactions` (migrations 0013, 0015, 0016, 0020), each with what
 * the rows say it should hold, computed from the figures' own definitions (an allocation's spent by
 * `countsAsSpendingSql`, not by the rule a migration froze into its trigger). `totals:check` compares the two;
 * `totals:check --rebuild` replaces a stored sum by what the rows say.
 */
interface StoredSum {
  name: string;
  /** Key columns, then value columns, as both queries answer them. */
  keys: string[];
  values: string[];
  stored: (db: Kysely<Database>) => RawBuilder<Record<string, unknown>>;
  fromRows: (db: Kysely<Database>) => RawBuilder<Record<string, unknown>>;
  rebuild: (db: Kysely<Database>) => Promise<void>;
}

/** The first day of a transaction's month, as `account_months` keys it. */
const monthOf = (db: Kysely<Database>) =>
  isPostgres(db) ? sql`cast(date_trunc('month', transaction_date) as date)` : sql`substr(transaction_date, 1, 7) || '-01'`;

const allocationSpending = () =>
  sql<Record<string, unknown>>`select allocation_id, sum(spent) as spent from (
      select allocation_id, ${spentSum} as spent from transactions
      where allocation_id is not null and ${countsAsSpendingSql('transactions.brought_forward_status')} group by allocation_id
      union all
      select transaction_splits.allocation_id, ${partSpentSum} as spent from transaction_splits
      inner join transactions on transactions.id = transaction_splits.transaction_id
      where transaction_splits.allocation_id is not null and ${countsAsSpendingSql('transactions.brought_forward_status')}
      group by transaction_splits.allocation_id
    ) spending group by allocation_id`;

/** A part in an envelope moves its amount, and one of the count, from its row's unassigned key (0) to the envelope. */
const transactionTotals = () =>
  sql<Record<string, unknown>>`select bank_account_id, envelope_id, sum(net) as net, sum(row_count) as row_count from (
      select bank_account_id, coalesce(sink_fund_allocation_id, 0) as envelope_id, sum(deposit_amount - withdrawal_amount) as net, count(*) as row_count
      from transactions group by bank_account_id, coalesce(sink_fund_allocation_id, 0)
      union all
      select transactions.bank_account_id, transaction_splits.sink_fund_allocation_id, sum(transaction_splits.amount), count(*)
      from transaction_splits inner join transactions on transactions.id = transaction_splits.transaction_id
      where transaction_splits.sink_fund_allocation_id is not null group by transactions.bank_account_id, transaction_splits.sink_fund_allocation_id
      union all
      select transactions.bank_account_id, 0, -sum(transaction_splits.amount), -count(*)
      from transaction_splits inner join transactions on transactions.id = transaction_splits.transaction_id
      where transaction_splits.sink_fund_allocation_id is not null group by transactions.bank_account_id
    ) totals group by bank_account_id, envelope_id`;

const accountDays = () =>
  sql<Record<string, unknown>>`select bank_account_id, transaction_date as day, sum(deposit_amount - withdrawal_amount) as net from transactions group by bank_account_id, transaction_date`;

const accountMonths = (db: Kysely<Database>) =>
  sql<Record<string, unknown>>`select bank_account_id, ${monthOf(db)} as month, sum(deposit_amount - withdrawal_amount) as net from transactions group by bank_account_id, ${monthOf(db)}`;

const householdCounts = () => sql<Record<string, unknown>>`select household_id, count(*) as transaction_count from transactions group by household_id`;

/** A table of sums: what it stores, and its rebuild, emptied and filled from the rows. */
function summaryTable(table: string, keys: string[], values: string[], fromRows: StoredSum['fromRows']): StoredSum {
  const columns = sql.join([...keys, ...values].map((column) => sql.id(column)));
  return {
    name: table,
    keys,
    values,
    stored: () => sql`select ${columns} from ${sql.table(table)}`,
    fromRows,
    rebuild: async (db) => {
      await sql`delete from ${sql.table(table)}`.execute(db);
      await sql`insert into ${sql.table(table)} (${columns}) ${fromRows(db)}`.execute(db);
    },
  };
}

export const STORED_SUMS: readonly StoredSum[] = [
  {
    name: 'households.transaction_count',
    keys: ['household_id'],
    values: ['transaction_count'],
    stored: () => sql`select id as household_id, transaction_count from households`,
    fromRows: householdCounts,
    rebuild: async (db) => {
      await sql`update households set transaction_count = coalesce((select count(*) from transactions where transactions.household_id = households.id), 0)`.execute(db);
    },
  },
  summaryTable('transaction_totals', ['bank_account_id', 'envelope_id'], ['net', 'row_count'], transactionTotals),
  summaryTable('allocation_spending', ['allocation_id'], ['spent'], allocationSpending),
  summaryTable('account_days', ['bank_account_id', 'day'], ['net'], accountDays),
  summaryTable('account_months', ['bank_account_id', 'month'], ['net'], accountMonths),
];

export interface SumDifference {
  key: string;
  stored: string;
  fromRows: string;
}

export interface SumCheck {
  name: string;
  /** Keys with a non-zero sum on either side. */
  compared: number;
  differences: SumDifference[];
}

/** key → values, both as text; an all-zero entry is the same as none (a trigger leaves zeros behind a delete). */
async function entries(db: Kysely<Database>, sum: StoredSum, query: RawBuilder<Record<string, unknown>>): Promise<Map<string, string>> {
  const { rows } = await query.execute(db);
  const found = new Map<string, string>();
  for (const row of rows) {
    const values = sum.values.map((column) => Number(row[column]));
    if (values.every((value) => value === 0)) continue;
    found.set(sum.keys.map((column) => `${column} ${String(row[column])}`).join(', '), values.join(' / '));
  }
  return found;
}

async function checkSum(db: Kysely<Database>, sum: StoredSum): Promise<SumCheck> {
  const stored = await entries(db, sum, sum.stored(db));
  const fromRows = await entries(db, sum, sum.fromRows(db));
  const differences: SumDifference[] = [];
  for (const key of new Set([...stored.keys(), ...fromRows.keys()])) {
    const kept = stored.get(key) ?? '0';
    const counted = fromRows.get(key) ?? '0';
    if (kept !== counted) differences.push({ key, stored: kept, fromRows: counted });
  }
  return { name: sum.name, compared: new Set([...stored.keys(), ...fromRows.keys()]).size, differences };
}

/** Every stored sum against the rows, in one snapshot so both sides see the same rows. */
export function checkStoredSums(db: Kysely<Database>): Promise<SumCheck[]> {
  // SQLite's transaction reads one snapshot as it is; PostgreSQL's default gives each statement its own.
  const transaction = isPostgres(db) ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
  return transaction.execute(async (trx) => {
    const checks: SumCheck[] = [];
    for (const sum of STORED_SUMS) checks.push(await checkSum(trx, sum));
    return checks;
  });
}

/**
 * Rebuilds every stored sum that differs from the rows, in one transaction (writers wait on PostgreSQL, so no
 * write lands between the delete and the refill), then answers the check as it was before.
 */
export function rebuildStoredSums(db: Kysely<Database>): Promise<SumCheck[]> {
  return db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) await sql`lock table transactions in share mode`.execute(trx);
    const checks: SumCheck[] = [];
    for (const sum of STORED_SUMS) {
      const check = await checkSum(trx, sum);
      if (check.differences.length > 0) await sum.rebuild(trx);
      checks.push(check);
    }
    return checks;
  });
}

/** What `totals:check` prints: a line per sum, and each difference (the first ten of a sum) under it. */
export function describeSumChecks(checks: SumCheck[], rebuilt: boolean): string {
  const lines: string[] = [];
  for (const check of checks) {
    if (check.differences.length === 0) {
      lines.push(`${check.name}: ${check.compared} sums agree with the transactions.`);
      continue;
    }
    lines.push(`${check.name}: ${check.differences.length} of ${check.compared} sums differ from the transactions${rebuilt ? ' (rebuilt)' : ''}:`);
    for (const difference of check.differences.slice(0, 10)) lines.push(`  ${difference.key}: stored ${difference.stored}, transactions ${difference.fromRows}`);
    if (check.differences.length > 10) lines.push(`  ... and ${check.differences.length - 10} more`);
  }
  const differing = checks.filter((check) => check.differences.length > 0).length;
  if (differing > 0 && !rebuilt) lines.push('Run `npm run cli -- totals:check --rebuild` to rebuild them from the transactions.');
  return lines.join('\n');
}
