import type { Versioned } from './lockVersions';
import type { HouseholdScope } from './scope';

/**
 * What each session last read of a versioned record, so that a save sending no version (older clients; the
 * contract allows it) is held against the version that session saw rather than against none (issue 27).
 * Reads come from the scope's own session only; a scope without one (the CLI, fixtures) records nothing.
 */
export async function lastRead(scope: HouseholdScope, record: Versioned, recordId: number): Promise<number | undefined> {
  if (scope.sessionId === null) return undefined;
  const row = await scope.db
    .selectFrom('session_reads')
    .select('version')
    .where('session_id', '=', scope.sessionId)
    .where('record', '=', record)
    .where('record_id', '=', recordId)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.version);
}

/** Remembers the version the session was just shown; a write only when it differs from the one remembered. */
export async function recordRead(scope: HouseholdScope, record: Versioned, recordId: number, version: number): Promise<void> {
  const sessionId = scope.sessionId;
  if (sessionId === null || (await lastRead(scope, record, recordId)) === version) return;
  await scope.db
    .insertInto('session_reads')
    .values({ session_id: sessionId, record, record_id: recordId, version })
    .onConflict((conflict) => conflict.columns(['session_id', 'record', 'record_id']).doUpdateSet({ version }))
    .execute();
}
