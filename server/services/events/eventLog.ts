import type { Kysely } from 'kysely';
import type { LiveEvent, LiveResource } from '../../../src/shared/liveEvents';
import type { Database } from '../../db/schema';

/** Events kept per household, about: enough for a laptop closed over a busy weekend. */
export const KEPT_EVENTS = 2_000;
const PRUNE_EVERY = 100;

interface LoggedEvent extends LiveEvent {
  /** The household's revision when the write's request arrived: the event covers the changes since then. */
  previousRevision: number;
}

export async function householdRevision(db: Kysely<Database>, householdId: number): Promise<number> {
  const row = await db.selectFrom('households').select('revision').where('id', '=', householdId).executeTakeFirst();
  return Number(row?.revision ?? 0);
}

/** Keeps an event for clients that reconnect later, on whichever process. */
export async function logEvent(db: Kysely<Database>, householdId: number, event: LoggedEvent): Promise<void> {
  const row = await db
    .insertInto('live_events')
    .values({
      household_id: householdId,
      previous_revision: event.previousRevision,
      revision: event.revision,
      user_id: event.by?.user_id ?? null,
      actor_name: event.by?.name ?? null,
      tab: event.tab,
      resources: JSON.stringify(event.resources),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (row.id % PRUNE_EVERY === 0) await pruneEvents(db, householdId);
}

/**
 * Keeps the household's own KEPT_EVENTS newest events (by revision, their order): counted per household, so a
 * busy household never shortens a quiet one's catch-up history. Two seeks of the (household, revision) index.
 */
export async function pruneEvents(db: Kysely<Database>, householdId: number): Promise<void> {
  const oldestKept = await db
    .selectFrom('live_events')
    .select('revision')
    .where('household_id', '=', householdId)
    .orderBy('revision', 'desc')
    .limit(1)
    .offset(KEPT_EVENTS - 1)
    .executeTakeFirst();
  if (oldestKept) await db.deleteFrom('live_events').where('household_id', '=', householdId).where('revision', '<', oldestKept.revision).execute();
}

/**
 * What a client that last saw revision `since` missed, up to the household's revision `current`: the logged
 * events, when together they cover every change in between; otherwise (a write from the command line, events
 * pruned) one event that says everything changed.
 */
export async function eventsSince(db: Kysely<Database>, householdId: number, since: number, current: number): Promise<LiveEvent[]> {
  if (since >= current) return [];
  const rows = await db
    .selectFrom('live_events')
    .selectAll()
    .where('household_id', '=', householdId)
    .where('revision', '>', since)
    .orderBy('revision')
    .orderBy('id')
    .execute();
  let covered = since;
  for (const row of [...rows].sort((a, b) => Number(a.previous_revision) - Number(b.previous_revision))) {
    if (Number(row.previous_revision) > covered) break;
    covered = Math.max(covered, Number(row.revision));
  }
  if (covered < current) return [{ revision: current, by: null, tab: null, resources: ['everything'] }];
  return rows.map((row) => ({
    revision: Number(row.revision),
    by: row.user_id !== null ? { user_id: row.user_id, name: row.actor_name ?? '' } : null,
    tab: row.tab,
    resources: JSON.parse(row.resources) as LiveResource[],
  }));
}
