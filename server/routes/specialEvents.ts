import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUCCESS, successSchema } from '../../src/shared/schemas/common';
import { idParamsSchema } from '../../src/shared/schemas/setup';
import { plannedAllocationsBodySchema, specialEventAllocationsBodySchema, specialEventBodySchema, specialEventSchema } from '../../src/shared/schemas/specialEvents';
import { counted } from '../../src/shared/wording';
import { householdScope } from '../plugins/auth';
import { recorded } from '../services/activity/record';
import { answerRecorded } from './recordedReply';
import { acceptNested } from '../plugins/nestedBody';
import { rowKey } from '../services/activity/changeSet';
import {
  addPlannedAllocations,
  createSpecialEvent,
  deleteSpecialEvent,
  listSpecialEvents,
  readSpecialEvent,
  setSpecialEventAllocations,
  updateSpecialEvent,
} from '../services/specialEvents';

const eventChange = (verb: string) => (made: { id: number; name: string }) => ({
  kind: 'special_event' as const,
  summary: `${verb} the special event ${made.name}`,
  rowKeys: [rowKey('special_events', made.id)],
});

/** Bodies arrive nested under `special_event` (the contract); the flat form is accepted too, as everywhere. */
export async function specialEventRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const params = idParamsSchema;
  const nested = acceptNested('special_event');

  const event = { 200: specialEventSchema };

  routes.get('/special_events', { schema: { response: { 200: z.array(specialEventSchema) } } }, async (request) =>
    listSpecialEvents(householdScope(request)),
  );
  routes.get('/special_events/:id', { schema: { params, response: event } }, async (request) =>
    readSpecialEvent(householdScope(request), request.params.id),
  );

  routes.post('/special_events', { preValidation: nested, schema: { body: specialEventBodySchema, response: { 201: specialEventSchema } } }, async (request, reply) =>
    reply.status(201).send(answerRecorded(reply, await recorded(householdScope(request), (trx) => createSpecialEvent(trx, request.body), eventChange('added')))),
  );
  routes.put('/special_events/:id', { preValidation: nested, schema: { params, body: specialEventBodySchema, response: event } }, async (request, reply) =>
    answerRecorded(reply, await recorded(householdScope(request), (trx) => updateSpecialEvent(trx, request.params.id, request.body), eventChange('saved'))),
  );
  routes.delete('/special_events/:id', { schema: { params, response: { 200: successSchema } } }, async (request, reply) => {
    const id = request.params.id;
    const deleted = await recorded(
      householdScope(request),
      async (trx) => {
        const made = await readSpecialEvent(trx, id);
        await deleteSpecialEvent(trx, id);
        return made;
      },
      eventChange('deleted'),
    );
    answerRecorded(reply, deleted);
    return SUCCESS;
  });

  routes.put(
    '/special_events/:id/allocations',
    { preValidation: nested, schema: { params, body: specialEventAllocationsBodySchema, response: event } },
    async (request, reply) =>
      answerRecorded(
        reply,
        await recorded(
          householdScope(request),
          (trx) => setSpecialEventAllocations(trx, request.params.id, request.body),
          // The lines it links, by row: an undo of an older change to one of them names this one.
          (made) => {
            const entry = eventChange('linked allocations to')(made);
            return { ...entry, rowKeys: [...entry.rowKeys, ...request.body.allocation_ids.map((id) => rowKey('allocations', id))] };
          },
        ),
      ),
  );

  routes.post(
    '/special_events/:id/planned_allocations',
    { preValidation: acceptNested('planned_allocations'), schema: { params, body: plannedAllocationsBodySchema, response: { 201: specialEventSchema } } },
    async (request, reply) => {
      const { result, activityId } = await recorded(
        householdScope(request),
        (trx) => addPlannedAllocations(trx, request.params.id, request.body),
        ({ event: made, allocationIds }) => ({
          kind: 'special_event' as const,
          summary: `added ${request.body.name} to the special event ${made.name} in ${counted(allocationIds.length, 'budget')}`,
          rowKeys: [rowKey('special_events', made.id), ...allocationIds.map((id) => rowKey('allocations', id))],
        }),
      );
      return reply.status(201).send(answerRecorded(reply, { result: result.event, activityId }));
    },
  );
}
