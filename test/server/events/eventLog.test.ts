import { eventsSince, KEPT_EVENTS, logEvent } from '../../../server/services/events/eventLog';
import { testDialects, useTestServer } from '../../support/testServer';

/** The live event log keeps each household's newest events, counted per household (issue 43). */
describe.each(testDialects)('the live event log on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  it("keeps a quiet household's catch-up history however busy another household is", async () => {
    const { db } = ctx.server;
    const quiet = ctx.other.householdId;
    const busy = ctx.user.householdId;
    const log = (householdId: number, revision: number) =>
      logEvent(db, householdId, { previousRevision: revision - 1, revision, by: null, tab: null, resources: ['reports'] });

    for (let revision = 1; revision <= 5; revision++) await log(quiet, revision);
    const busyEvents = KEPT_EVENTS + 150;
    for (let revision = 1; revision <= busyEvents; revision++) await log(busy, revision);
    // The quiet household writes again until one of its events is the one that prunes (every 100th id).
    let quietRevision = 5;
    for (;;) {
      await log(quiet, ++quietRevision);
      const newest = await db.selectFrom('live_events').select('id').where('household_id', '=', quiet).orderBy('id', 'desc').executeTakeFirstOrThrow();
      if (newest.id % 100 === 0) break;
    }

    // Every event of the quiet household is still there: a client that saw revision 0 gets them, not "everything".
    const missed = await eventsSince(db, quiet, 0, quietRevision);
    expect(missed.map((event) => event.revision)).toEqual(Array.from({ length: quietRevision }, (_, i) => i + 1));
    expect(missed.flatMap((event) => event.resources)).not.toContain('everything');

    // The busy household keeps its own newest KEPT_EVENTS (pruned every 100 ids, so up to 100 more), not fewer.
    const kept = await db.selectFrom('live_events').select('revision').where('household_id', '=', busy).orderBy('revision').execute();
    expect(kept.length).toBeGreaterThanOrEqual(KEPT_EVENTS);
    expect(kept.length).toBeLessThan(KEPT_EVENTS + 100);
    expect(Number(kept[kept.length - 1].revision)).toBe(busyEvents);
    const since = busyEvents - KEPT_EVENTS;
    expect((await eventsSince(db, busy, since, busyEvents)).map((event) => event.revision)).toEqual(Array.from({ length: KEPT_EVENTS }, (_, i) => since + i + 1));
    // Older than what is kept: one event that says everything changed.
    expect(await eventsSince(db, busy, 0, busyEvents)).toEqual([{ revision: busyEvents, by: null, tab: null, resources: ['everything'] }]);
  }, 60_000);
});
