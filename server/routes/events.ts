import type { FastifyInstance, FastifyReply } from 'fastify';
import { HttpError } from '../errors';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIVE_EVENTS_PATH, REPLACED_EVENT } from '../../src/shared/liveEvents';
import { liveEventSchema, liveEventsHeadersSchema } from '../../src/shared/schemas/liveEvents';
import { eventsSince } from '../services/events/eventLog';
import { type EndReason, eventText, STREAM_LIMITS } from '../services/events/liveHub';

/** A stream ends after this long and the client reconnects: its session is checked again, as on every call. */
const STREAM_LIFETIME_MS = 10 * 60 * 1000;
/** How long a client waits before reconnecting after the stream ends. */
const RETRY_MS = 2_000;

const DESCRIPTION = `Server-sent events (\`text/event-stream\`): which of the household's resources changed, as writes commit
(never the data). Each event's \`id\` is the household's revision and its \`data\` is the JSON below; \`Last-Event-ID\`
on reconnect sends what was missed first. A \`ready\` event gives the revision when the stream opens; comment lines
are heartbeats. The stream ends after ${STREAM_LIFETIME_MS / 60_000} minutes (reconnect with \`Last-Event-ID\`), when its
session ends (sign-out, a new password, removal from the household), and when the same session opens more than
${STREAM_LIMITS.perSession} (its oldest ends, after an \`event: ${REPLACED_EVENT}\`). With ${STREAM_LIMITS.total.toLocaleString('en-US')} streams open on the server, a new one is refused (503).
\`HEAD\` answers the headers alone.`;

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  // nginx and similar proxies would otherwise hold events back in their buffers.
  'x-accel-buffering': 'no',
};

/** The headers the app's hooks put on the reply (security headers...), for a reply written by hand. */
const headersOf = (reply: FastifyReply) =>
  Object.fromEntries(Object.entries(reply.getHeaders()).filter((entry): entry is [string, string | number | string[]] => entry[1] !== undefined));

const SERVER_FULL = 'This server has as many live connections open as it allows; this screen will try again shortly.';

export async function eventRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    LIVE_EVENTS_PATH,
    { schema: { description: DESCRIPTION, headers: liveEventsHeadersSchema, response: { 200: liveEventSchema } } },
    async (request, reply) => {
      const auth = request.auth!;
      const since = request.headers['last-event-id'];
      // HEAD (the GET route's own): the stream's headers, no stream.
      if (request.method === 'HEAD') {
        reply.hijack();
        reply.raw.writeHead(200, { ...headersOf(reply), ...STREAM_HEADERS });
        reply.raw.end();
        return;
      }
      if (app.live.hub.full) {
        reply.header('retry-after', String(RETRY_MS / 1000));
        throw new HttpError(503, [SERVER_FULL]);
      }
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, { ...headersOf(reply), ...STREAM_HEADERS });
      // The heartbeat keeps the connection busy; the server's idle timeout is for requests, not streams.
      request.raw.socket.setTimeout(0);
      raw.write(`retry: ${RETRY_MS}\n\n`);

      let open = true;
      const end = (reason?: EndReason) => {
        if (!open) return;
        open = false;
        leave();
        clearTimeout(lifetime);
        // The client of a stream another of its session replaced waits for the person to come back before reconnecting.
        if (reason === 'replaced') raw.write(`event: ${REPLACED_EVENT}\ndata: {}\n\n`);
        raw.end();
      };
      // Joined before the catch-up is read, so nothing committed in between is missed (at worst told twice).
      const leave = app.live.hub.join({ householdId: auth.householdId, sessionId: auth.sessionId, write: (text) => void (open && raw.write(text)), end });
      const lifetime = setTimeout(() => end(), STREAM_LIFETIME_MS).unref();
      raw.on('close', () => end());

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
