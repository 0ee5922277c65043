import { type RawBuilder, sql } from 'kysely';
import type { HouseholdTable } from './schema';
import type { HouseholdScope } from './scope';

/**
 * Optimistic locking for the records two people edit (api-and-domain §0, "Concurrent edits"): budgets, settings,
 * each bank account's transactions window and each sink fund's envelope list carry a version that every write
 * moves on. A write that sends the version it read is accepted only when nothing was written since, the same
 * session's own writes included: one session holds several drafts at once (a person's tabs share it), and a
 * draft saved over another draft of the same session would delete what that one saved.
 *
 * Settings alone keep the same-session exception, because the original client re-sends the version it first
 * read on a second save: each settings row remembers the session that moved it last and since which version
 * only that session has (migration 0004).
 */
interface VersionColumns {
  table: HouseholdTable;
  version: string;
  /** The columns of the same-session exception, for the one record that keeps it. */
  sameSession?: { session: string; since: string };
}

const VERSIONED = {
  budget: { table: 'budgets', version: 'lock_version' },
  settings: { table: 'settings', version: 'lock_version', sameSession: { session: 'lock_session_id', since: 'lock_since_version' } },
  window: { table: 'bank_accounts', version: 'window_lock_version' },
  sinkFund: { table: 'bank_accounts', version: 'sink_fund_lock_version' },
} as const satisfies Record<string, VersionColumns>;

export type Versioned = keyof typeof VERSIONED;

interface MoveVersion {
  /** The rows to move: their ids, or every row of the household in that table (settings has one). */
  ids: number[] | 'all';
  /** The version the writer read; absent, the version moves without a check (a write outside the screen). */
  sent?: number;
  /** A further condition for the rows to move (a budget must be open). */
  onlyIf?: RawBuilder<boolean>;
}

/**
 * Moves the versions of the chosen rows on, where the sent version is still the stored one. Returns the new
 * version of each row moved; a row missing from the answer was stale, absent or refused by `onlyIf`, and
 * nothing of it was written.
 */
export async function moveVersion(scope: HouseholdScope, kind: Versioned, { ids, sent, onlyIf }: MoveVersion): Promise<Map<number, number>> {
  const columns: VersionColumns = VERSIONED[kind];
  if (ids !== 'all' && ids.length === 0) return new Map();
  const version = sql.ref(columns.version);
  const conditions: RawBuilder<unknown>[] = [sql`household_id = ${scope.householdId}`];
  if (ids !== 'all') conditions.push(sql`id in (${sql.join(ids)})`);
  const assignments: RawBuilder<unknown>[] = [sql`${version} = ${version} + 1`];
  if (columns.sameSession) {
    const session = sql.ref(columns.sameSession.session);
    const since = sql.ref(columns.sameSession.since);
    const actor = scope.sessionId;
    if (sent !== undefined) conditions.push(sql`(${version} = ${sent} or (${session} = ${actor} and ${sent} >= ${since} and ${sent} < ${version}))`);
    // SET reads the old values on both databases: `since` becomes the version this session started from.
    assignments.push(sql`${since} = case when ${session} = ${actor} then ${since} else ${version} end`, sql`${session} = ${actor}`);
  } else if (sent !== undefined) {
    conditions.push(sql`${version} = ${sent}`);
  }
  if (onlyIf) conditions.push(onlyIf);
  const { rows } = await sql<{ id: number; version: number }>`
    update ${sql.table(columns.table)}
    set ${sql.join(assignments)}, updated_at = CURRENT_TIMESTAMP
    where ${sql.join(conditions, sql` and `)}
    returning id, ${version} as version`.execute(scope.db);
  return new Map(rows.map((row) => [Number(row.id), Number(row.version)]));
}
