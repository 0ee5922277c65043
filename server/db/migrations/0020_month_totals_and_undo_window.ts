import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect';
import { createSummary, dropSummary, type Summary } from './summaries';

// Migrations are typed loosely on purpose: an old migration must keep compiling when the Database type moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

/**
 * Issue 49, two things that keep a household's cost and size flat with its history:
 * - `account_months`: each account's net per calendar month, kept by triggers on `transactions` like 0016's
 *   `account_days` (every write path moves it in the same transaction as the rows). The net worth report reads
 *   an account's balance at a period's end from the months after it (and, for a day inside a month, the days to
 *   the month's edge) instead of every day or row of the history.
 * - undo data is kept only while an entry offers Undo (server/services/activity/undoWindow.ts): the household's
 *   entries that still keep it (`activities_with_undo`) and the row keys of an entry (`activity_rows` by
 *   household and entry) are found by a seek, not by reading every entry of the history.
 * - SQLite's statistics are taken again: until now ANALYZE read 1,000 entries of each index, which told the
 *   planner each household holds about 1,000 rows (server/db/connect.ts). It now reads up to 100,000.
 */
const monthOf = (db: AnyDb) => (isPostgres(db) ? `cast(date_trunc('month', transaction_date) as date)` : `substr(transaction_date, 1, 7) || '-01'`);

const accountMonths = (db: AnyDb): Summary => ({
  table: 'account_months',
  keys: [
    { name: 'bank_account_id', type: 'integer', of: 'bank_account_id' },
    { name: 'month', type: 'date', of: monthOf(db) },
  ],
  value: { name: 'net', of: 'deposit_amount - withdrawal_amount' },
  counts: 'true',
  moves: ['bank_account_id', 'transaction_date', 'deposit_amount', 'withdrawal_amount'],
});

export async function up(db: AnyDb): Promise<void> {
  await createSummary(db, accountMonths(db));
  await db.schema.createIndex('activities_with_undo').on('activities').columns(['household_id', 'id']).where(sql.ref('undo'), 'is not', null).execute();
  await db.schema.createIndex('activity_rows_household_activity').on('activity_rows').columns(['household_id', 'activity_id']).execute();
  if (!isPostgres(db)) await sql`analyze`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('activity_rows_household_activity').execute();
  await db.schema.dropIndex('activities_with_undo').execute();
  await dropSummary(db, accountMonths(db));
}
