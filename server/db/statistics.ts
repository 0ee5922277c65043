import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect';

/** A window save of at least this many rows is an import: large enough to move the planner's statistics. */
export const LARGE_WRITE_ROWS = 200;

/**
 * PostgreSQL's autovacuum analyzes a table once this many rows plus this share of its rows changed since its last
 * ANALYZE (its defaults, `autovacuum_analyze_threshold` and `autovacuum_analyze_scale_factor`); so does the app.
 */
const CHANGED_ROWS = 50;
const CHANGED_SHARE = 0.1;

interface LargeWrite {
  /** Transactions the write inserted, changed or deleted: PostgreSQL's counters can take seconds to show them. */
  transactions?: number;
  /** A whole household arrived (a household import, history from another tool): every table is analyzed. */
  everyTable?: boolean;
}

/**
 * Keeps the planner's statistics current, after large writes (an import into a window, closing a budget, a
 * household import, history from another tool) and when the database opens. Without them both databases pick a
 * household-wide scan where a narrower index fits (issue 35; issue 49 on PostgreSQL with autovacuum off: text
 * search 51–56 ms instead of 6–12).
 * - SQLite: `PRAGMA optimize` (ANALYZE of the tables whose statistics are missing or stale, bounded by
 *   `analysis_limit`; connect.ts runs it when the database opens); ANALYZE of every table after a household arrives.
 * - PostgreSQL: ANALYZE of the app's tables changed enough since their last ANALYZE, by autovacuum's own rule,
 *   so the statistics do not depend on autovacuum being on or having come round yet. Cheap when nothing is due:
 *   one read of PostgreSQL's counters.
 * The write is committed before this runs, so a failure here is logged and never fails the request.
 */
// The question does not depend on the schema, so any Kysely will do.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function refreshStatistics(db: Kysely<any>, write: LargeWrite = {}, log: { warn: (...args: unknown[]) => void } = console): Promise<void> {
  try {
    if (!isPostgres(db)) {
      // A plain ANALYZE reads a bounded sample of each index too (`analysis_limit`, connect.ts).
      await (write.everyTable ? sql`analyze` : sql`pragma optimize`).execute(db);
      return;
    }
    const due = await sql<{ name: string }>`
      select s.relname as name from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = current_schema() and s.relname <> 'kysely_migration' and s.relname <> 'kysely_migration_lock'
        and (${write.everyTable ?? false}
          or greatest(s.n_mod_since_analyze, case when s.relname = 'transactions' then ${write.transactions ?? 0} else 0 end)
            > ${CHANGED_ROWS} + ${CHANGED_SHARE} * greatest(c.reltuples, 0))
      order by s.relname`.execute(db);
    if (due.rows.length > 0) await sql`analyze ${sql.join(due.rows.map((table) => sql.id(table.name)))}`.execute(db);
  } catch (error) {
    log.warn({ err: error }, 'refreshing the planner statistics failed');
  }
}
