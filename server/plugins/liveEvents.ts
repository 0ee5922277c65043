import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACTIVITY_ID_HEADER } from '../../src/shared/activityHeader';
import { LIVE_TAB_HEADER } from '../../src/shared/liveEvents';
import { isPostgres } from '../db/dialect';
import { announceWrite } from '../services/events/announce';
import { LiveHub } from '../services/events/liveHub';
import { sessionsAlive } from '../services/sessions';
import { type LiveRelay, localRelay, postgresRelay } from '../services/events/relays';

declare module 'fastify' {
  interface FastifyInstance {
    live: { hub: LiveHub; relay: LiveRelay };
  }
  interface FastifyContextConfig {
    /** The route can end sessions (signing out, a new password, removing a member): their live streams end with them. */
    endsSessions?: boolean;
  }
}

/** A comment on every open stream this often: under the idle-connection limits of the server and of proxies. */
const HEARTBEAT_MS = 15_000;

const TAB = /^[\w-]{1,40}$/;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

const activityIdOf = (reply: FastifyReply): number | null => {
  const header = reply.getHeader(ACTIVITY_ID_HEADER);
  return header === undefined ? null : Number(header);
};

const tabOf = (request: FastifyRequest): string | null => {
  const value = request.headers[LIVE_TAB_HEADER];
  return typeof value === 'string' && TAB.test(value) ? value : null;
};

/**
 * The live stream's machinery: the streams of this process, the relay between processes (PostgreSQL's
 * LISTEN/NOTIFY when the database is PostgreSQL by URL; this process alone otherwise), and the hook that
 * announces every successful write as it answers. Registered before the routes, so its hook sees all.
 */
async function registerLiveEvents(app: FastifyInstance, { heartbeatMs = HEARTBEAT_MS }: { heartbeatMs?: number } = {}): Promise<void> {
  const hub = new LiveHub(heartbeatMs, (ids) => sessionsAlive(app.db, ids));
  const url = app.config.databaseUrl;
  const relay =
    url && isPostgres(app.db) ? await postgresRelay(url, app.db, hub, (error) => app.log.error({ err: error }, 'live events: listening failed')) : localRelay(hub);
  app.decorate('live', { hub, relay });

  // Before the answer leaves (the write has committed by then): once a writer has its answer, every stream has
  // its event and the log has it for reconnecting clients, on every process.
  app.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || !request.auth || reply.statusCode >= 400) return payload;
    if (request.routeOptions.config?.endsSessions) {
      // Before the answer: once someone is signed out or removed, their streams hear nothing more, on any process.
      await relay.sessionsEnded(request.auth.householdId).catch((error: unknown) => request.log.error({ err: error }, 'live events: ending streams failed'));
    }
    try {
      await announceWrite(app.db, relay, {
        auth: request.auth,
        routeUrl: request.routeOptions.url ?? request.url,
        activityId: activityIdOf(reply),
        tab: tabOf(request),
      });
    } catch (error) {
      // The write itself succeeded; clients refetch on their next reconnect or focus.
      request.log.error({ err: error }, 'live events: announcing a write failed');
    }
    return payload;
  });
  // Open streams would hold the server's close until they end by themselves.
  app.addHook('preClose', async () => hub.endAll());
  app.addHook('onClose', async () => relay.close());
}

export const liveEventsPlugin = fp(registerLiveEvents, { name: 'everycent-live-events', decorators: { fastify: ['db', 'config'] }, dependencies: ['everycent-auth'] });
