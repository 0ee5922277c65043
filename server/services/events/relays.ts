import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import pg from 'pg';
import type { LiveEvent } from '../../../src/shared/liveEvents';
import type { Database } from '../../db/schema';
import type { LiveHub } from './liveHub';

/** How an event reaches the streams of every server process sharing the database. */
export interface LiveRelay {
  publish(householdId: number, event: LiveEvent): Promise<void>;
  /** Sessions of the household ended (signed out, removed...): every process ends their streams. */
  sessionsEnded(householdId: number): Promise<void>;
  close(): Promise<void>;
}

/** One process (SQLite): straight to this process's streams. */
export function localRelay(hub: LiveHub): LiveRelay {
  return {
    publish: async (householdId, event) => hub.deliver(householdId, event),
    sessionsEnded: (householdId) => hub.endEndedSessions(householdId),
    close: async () => undefined,
  };
}

const LIVE_CHANNEL = 'everycent_live';
const RECONNECT_MS = 1_000;

type Notice = { household_id: number; event: LiveEvent } | { household_id: number; sessions_ended: true };

/**
 * Several processes on one PostgreSQL database: each LISTENs on one channel with a connection of its own, and
 * an event is NOTIFYed through the pool (it reaches every listener, this process's included, once the
 * notifying statement has committed). While the listening connection is down, events would be lost: this
 * process's streams are ended instead, so their clients reconnect and catch up from the event log.
 */
export async function postgresRelay(url: string, db: Kysely<Database>, hub: LiveHub, log: (error: unknown) => void): Promise<LiveRelay> {
  let closed = false;
  let client: pg.Client | null = null;

  const listen = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel !== LIVE_CHANNEL || !message.payload) return;
      const notice = JSON.parse(message.payload) as Notice;
      if ('event' in notice) hub.deliver(notice.household_id, notice.event);
      else void hub.endEndedSessions(notice.household_id).catch(log);
    });
    next.on('error', (error) => {
      log(error);
      void next.end().catch(() => undefined);
    });
    next.on('end', () => {
      if (client !== next) return;
      client = null;
      hub.endAll();
      if (!closed) setTimeout(() => void listen().catch(log), RECONNECT_MS).unref();
    });
    await next.connect();
    await next.query(`listen ${LIVE_CHANNEL}`);
    client = next;
  };
  await listen();

  const notify = async (notice: Notice) => {
    await sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(notice)})`.execute(db);
  };
  return {
    publish: (householdId, event) => notify({ household_id: householdId, event }),
    sessionsEnded: (householdId) => notify({ household_id: householdId, sessions_ended: true }),
    close: async () => {
      closed = true;
      const last = client;
      client = null;
      await last?.end();
    },
  };
}
