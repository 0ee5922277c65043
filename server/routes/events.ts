import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIVE_EVENTS_PATH } from '../../src/shared/liveEvents';
import { liveEventSchema, liveEventsHeadersSchema } from '../../src/shared/schemas/liveEvents';
import { eventsSince } from '../services/events/eventLog';
import { eventText } from '../services/events/liveHub';

/** A stream ends after this long and the client reconnects: its session is checked again, as on every call. */
const STREAM_LIFETIME_MS = 10 * 60 * 1000;
/** How long a client waits before reconnecting after the stream ends. */
const RETRY_MS = 2_000;

const DESCRIPTION = `Server-sent events (\`text/event-stream\`): which of the household's resources changed, as writes commit
(never the data). Each event's \`id\` is the household's revision and its \`data\` is the JSON below; \`Last-Event-ID\`
on reconnect sends what was missed first. A \`ready\` event gives the revision when the stream opens; comment lines
are heartbeats. The stream ends after ${STREAM_LIFETIME_MS / 60_000} minutes: reconnect with \`Last-Event-ID\`.`;

export async function eventRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    LIVE_EVENTS_PATH,
    { schema: { description: DESCRIPTION, headers: liveEventsHeadersSchema, response: { 200: liveEventSchema } } },
    async (request, reply) => {
      const auth = request.auth!;
      const since = request.headers['last-event-id'];
      reply.hijack();
      const raw = reply.raw;
      const headers = Object.fromEntries(Object.entries(reply.getHeaders()).filter((entry): entry is [string, string | number | string[]] => entry[1] !== undefined));
      raw.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx and similar proxies would otherwise hold events back in their buffers.
        'x-accel-buffering': 'no',
      });
      // The heartbeat keeps the connection busy; the server's idle timeout is for requests, not streams.
      request.raw.socket.setTimeout(0);
      raw.write(`retry: ${RETRY_MS}\n\n`);

      let open = true;
      const end = () => {
        if (!open) return;
        open = false;
        leave();
        clearTimeout(lifetime);
        raw.end();
      };
      // Joined before the catch-up is read, so nothing committed in between is missed (at worst told twice).
      const leave = app.live.hub.join(auth.householdId, { write: (text) => void (open && raw.write(text)), end });
      const lifetime = setTimeout(end, STREAM_LIFETIME_MS).unref();
      raw.on('close', end);

      try {
        const missed = since === undefined ? [] : await eventsSince(app.db, auth.householdId, Number(since), auth.revision);
        for (const event of missed) if (open) raw.write(eventText(event));
        if (open) raw.write(`event: ready\nid: ${Math.max(auth.revision, ...missed.map((event) => event.revision))}\ndata: {"revision":${auth.revision}}\n\n`);
      } catch (error) {
        request.log.error({ err: error }, 'live events: catch-up failed');
        end();
      }
    },
  );
}
