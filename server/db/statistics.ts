import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect';

/** A window save of at least this many rows is an import: large enough to move the planner's statistics. */
export const LARGE_WRITE_ROWS = 200;

/**
 * Keeps SQLite's planner statistics current (`PRAGMA optimize`: ANALYZE of the tables whose statistics are
 * missing or stale, bounded by `analysis_limit`). Without them SQLite picks a household-wide scan where a
 * narrower index fits (issue 35). Runs when the database opens (connect.ts) and after large writes: imports and
 * closing a budget. PostgreSQL keeps its own statistics (autovacuum's ANALYZE), so there is nothing to do there.
 */
// The question does not depend on the schema, so any Kysely will do.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function refreshStatistics(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`pragma optimize`.execute(db);
}
