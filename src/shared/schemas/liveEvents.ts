import { z } from 'zod';
import { LIVE_RESOURCE_PATTERN, type LiveEvent } from '../liveEvents';

/** One event of `GET /events` (its `data:` line), for the OpenAPI document; the type is `LiveEvent`. */
export const liveEventSchema = z.object({
  revision: z.number().int().describe("The household's revision after the change; send the last one back as `Last-Event-ID`."),
  by: z.object({ user_id: z.number().int(), name: z.string() }).nullable().describe('Who made the change; null for a catch-up.'),
  tab: z.string().nullable().describe('The `live-tab` header of the write, if it sent one.'),
  resources: z.array(z.string().regex(LIVE_RESOURCE_PATTERN)).describe('What changed: budget:<id>, window:<account>:<budget>, envelopes:<account>, budgets, transactions, accounts, setup, members, reports, activity, everything.'),
}) satisfies z.ZodType<Omit<LiveEvent, 'resources'> & { resources: string[] }>;

export const liveEventsHeadersSchema = z.object({
  'last-event-id': z.string().regex(/^\d{1,15}$/).optional().describe('The revision of the last event received: the events since then are sent first.'),
});
