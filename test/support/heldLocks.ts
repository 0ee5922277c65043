import { type Kysely, sql } from 'kysely';
import type { Database } from '../../server/db/schema';
import type { TestServer } from './testServer';

/**
 * Orders concurrent requests on PostgreSQL: while a test holds households' row locks (the lock every write
 * transaction of a household takes first), requests queue behind it in the order they were made to wait, and
 * all go on when it lets go. On SQLite, which runs one write transaction at a time, there is nothing to hold.
 */
export interface HeldLock {
  /** Resolves once `count` statements of this database wait on a lock (at once on SQLite). */
  waiters(count: number): Promise<void>;
  release(): Promise<void>;
}

const nothingHeld: HeldLock = { waiters: async () => undefined, release: async () => undefined };

/** Runs `take` in a transaction left open until release (committed at once on SQLite: a request would wait for it). */
export async function holdLock(server: TestServer, take: (trx: Kysely<Database>) => Promise<unknown>): Promise<HeldLock> {
  if (server.dialect !== 'postgres') {
    await server.db.transaction().execute(take);
    return nothingHeld;
  }
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  let taken!: () => void;
  const isTaken = new Promise<void>((resolve) => (taken = resolve));
  const done = server.db.transaction().execute(async (trx) => {
    await take(trx);
    taken();
    await released;
  });
  await Promise.race([isTaken, done]);
  return {
    waiters: (count) => lockWaiters(server.db, count),
    release: async () => {
      letGo();
      await done;
    },
  };
}

/** Holds the households' rows as their write transactions would. */
export const holdHouseholds = async (server: TestServer, householdIds: number[]): Promise<HeldLock> =>
  server.dialect === 'postgres'
    ? holdLock(server, (trx) => trx.selectFrom('households').select('id').where('id', 'in', householdIds).forUpdate().execute())
    : nothingHeld;

const POLLS = 500;

async function lockWaiters(db: Kysely<Database>, count: number): Promise<void> {
  for (let poll = 0; poll < POLLS; poll++) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
    if (rows[0].n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never saw ${count} statements waiting on a lock`);
}
