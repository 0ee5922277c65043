import { type RawBuilder, sql } from 'kysely';
import type { HouseholdTable } from './schema';
import type { HouseholdScope } from './scope';

/**
 * Optimistic locking for the records two people edit (api-and-domain §0): budgets, settings, each bank
 * account's transactions window and each sink fund's envelope list carry a version that every write moves on. A write that sends the version it
 * read is accepted when nobody wrote since; a stale version is a conflict (409) only when someone else wrote:
 * each record remembers the session that moved it last and since which version only that session has, so a
 * screen that saves twice from what it first read is not refused by its own earlier save.
 */
interface VersionColumns {
  table: HouseholdTable;
  version: string;
  session: string;
  since: string;
}

export const VERSIONED = {
  budget: { table: 'budgets', version: 'lock_version', session: 'lock_session_id', since: 'lock_since_version' },
  settings: { table: 'settings', version: 'lock_version', session: 'lock_session_id', since: 'lock_since_version' },
  window: { table: 'bank_accounts', version: 'window_lock_version', session: 'window_lock_session_id', since: 'window_lock_since_version' },
  sinkFund: { table: 'bank_accounts', version: 'sink_fund_lock_version', session: 'sink_fund_lock_session_id', since: 'sink_fund_lock_since_version' },
} as const satisfies Record<string, VersionColumns>;

export type Versioned = keyof typeof VERSIONED;

export interface MoveVersion {
  /** The rows to move: their ids, or every row of the household in that table (settings has one). */
  ids: number[] | 'all';
  /** The version the writer read; absent (an older client) moves the version without a check. */
  sent?: number;
  /** A further condition for the rows to move (a budget must be open). */
  onlyIf?: RawBuilder<boolean>;
  /**
   * A write made outside the versioned screen (a quick add beside a transactions window): no session saw it,
   * so afterwards every stale version is a conflict, the writing session's own included.
   */
  fromElsewhere?: boolean;
}

/**
 * Moves the versions of the chosen rows on for the scope's session, where the sent version is acceptable.
 * Returns the new version of each row moved; a row missing from the answer was stale, absent or refused by
 * `onlyIf`, and nothing of it was written.
 */
export async function moveVersion(scope: HouseholdScope, kind: Versioned, { ids, sent, onlyIf, fromElsewhere }: MoveVersion): Promise<Map<number, number>> {
  const columns = VERSIONED[kind];
  if (ids !== 'all' && ids.length === 0) return new Map();
  const version = sql.ref(columns.version);
  const session = sql.ref(columns.session);
  const since = sql.ref(columns.since);
  const actor = fromElsewhere ? null : scope.sessionId;
  const conditions: RawBuilder<unknown>[] = [sql`household_id = ${scope.householdId}`];
  if (ids !== 'all') conditions.push(sql`id in (${sql.join(ids)})`);
  if (sent !== undefined) {
    conditions.push(sql`(${version} = ${sent} or (${session} = ${actor} and ${sent} >= ${since} and ${sent} < ${version}))`);
  }
  if (onlyIf) conditions.push(onlyIf);
  // SET reads the old values on both databases: `since` becomes the version this session started from.
  const { rows } = await sql<{ id: number; version: number }>`
    update ${sql.table(columns.table)}
    set ${version} = ${version} + 1,
        ${since} = case when ${session} = ${actor} then ${since} else ${version} end,
        ${session} = ${actor},
        updated_at = CURRENT_TIMESTAMP
    where ${sql.join(conditions, sql` and `)}
    returning id, ${version} as version`.execute(scope.db);
  return new Map(rows.map((row) => [Number(row.id), Number(row.version)]));
}
