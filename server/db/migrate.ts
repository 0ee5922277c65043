import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as initial from './migrations/0001_initial';
import * as transactionAmountIndexes from './migrations/0002_transaction_amount_indexes';
import * as householdRevision from './migrations/0003_household_revision';
import * as lockSessions from './migrations/0004_lock_sessions';
import * as sinkFundLockVersion from './migrations/0005_sink_fund_lock_version';
import * as partners from './migrations/0006_partners';
import * as memberRoles from './migrations/0007_member_roles';
import * as openingDate from './migrations/0008_opening_date';
import * as rowVersions from './migrations/0009_row_versions';
import * as sessionReads from './migrations/0010_session_reads';
import * as reconciliation from './migrations/0011_reconciliation';
import * as transactionSearch from './migrations/0012_transaction_search';
import * as transactionCount from './migrations/0013_transaction_count';
import * as liveEvents from './migrations/0014_live_events';
import * as transactionTotals from './migrations/0015_transaction_totals';
import * as reportTotals from './migrations/0016_report_totals';
import * as householdEmails from './migrations/0017_household_emails';
import * as transactionsEntered from './migrations/0018_transactions_entered';
import * as monthTotalsAndUndoWindow from './migrations/0020_month_totals_and_undo_window';
import * as schedules from './migrations/0023_schedules';
import * as transactionSplits from './migrations/0024_transaction_splits';
import type { Database } from './schema';

// A static list (not a folder scan) so migrations run the same under tsx, jest and a bundle.
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_initial': initial,
  '0002_transaction_amount_indexes': transactionAmountIndexes,
  '0003_household_revision': householdRevision,
  '0004_lock_sessions': lockSessions,
  '0005_sink_fund_lock_version': sinkFundLockVersion,
  '0006_partners': partners,
  '0007_member_roles': memberRoles,
  '0008_opening_date': openingDate,
  '0009_row_versions': rowVersions,
  '0010_session_reads': sessionReads,
  '0011_reconciliation': reconciliation,
  '0012_transaction_search': transactionSearch,
  '0013_transaction_count': transactionCount,
  '0014_live_events': liveEvents,
  '0015_transaction_totals': transactionTotals,
  '0016_report_totals': reportTotals,
  '0017_household_emails': householdEmails,
  '0018_transactions_entered': transactionsEntered,
  '0020_month_totals_and_undo_window': monthTotalsAndUndoWindow,
  '0023_schedules': schedules,
  '0024_transaction_splits': transactionSplits,
};

const provider: MigrationProvider = { getMigrations: async () => ({ ...MIGRATIONS }) };

/**
 * Brings the database up to the latest migration, one migration per transaction (with its bookkeeping row),
 * on PostgreSQL and SQLite alike: a start that is killed half way leaves every migration applied whole or not
 * at all, and the next start carries on.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  for (;;) {
    // One step up at a time: each step is its own transaction.
    const { error, results = [] } = await migrator.migrateUp();
    const failed = results.find((r) => r.status === 'Error');
    if (error || failed) {
      throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
    }
    if (results.length === 0) return;
  }
}
