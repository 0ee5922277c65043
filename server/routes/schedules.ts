import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { today } from '../../src/shared/dates';
import { idParamsSchema } from '../../src/shared/schemas/setup';
import { occurrenceBodySchema, scheduleBodySchema, scheduleSchema, upcomingQuerySchema, upcomingSchema } from '../../src/shared/schemas/schedules';
import { householdScope } from '../plugins/auth';
import { acceptNested } from '../plugins/nestedBody';
import { enterOccurrenceNow, skipOccurrence } from '../services/schedules/entering';
import { addSchedule, changeSchedule, removeSchedule } from '../services/schedules/scheduleWrites';
import { listSchedules, readSchedule } from '../services/schedules/schedules';
import { upcomingOccurrences } from '../services/schedules/upcoming';
import { answerRecorded } from './recordedReply';

/** Bills that repeat (docs/schedules.md). "Today" is the server's, in its configured time zone. */
export async function scheduleRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const params = idParamsSchema;
  const nested = acceptNested('schedule');
  const todayDate = () => today(app.config.timeZone);

  routes.get('/schedules', { schema: { response: { 200: z.array(scheduleSchema) } } }, async (request) => listSchedules(householdScope(request), todayDate()));
  routes.get('/schedules/upcoming', { schema: { querystring: upcomingQuerySchema, response: { 200: z.array(upcomingSchema) } } }, async (request) =>
    upcomingOccurrences(householdScope(request), request.query, todayDate()),
  );
  routes.get('/schedules/:id', { schema: { params, response: { 200: scheduleSchema } } }, async (request) =>
    readSchedule(householdScope(request), request.params.id, todayDate()),
  );
  routes.post('/schedules', { preValidation: nested, schema: { body: scheduleBodySchema, response: { 201: scheduleSchema } } }, async (request, reply) =>
    reply.status(201).send(answerRecorded(reply, await addSchedule(householdScope(request), request.body, todayDate()))),
  );
  routes.put('/schedules/:id', { preValidation: nested, schema: { params, body: scheduleBodySchema, response: { 200: scheduleSchema } } }, async (request, reply) =>
    answerRecorded(reply, await changeSchedule(householdScope(request), request.params.id, request.body, todayDate())),
  );
  routes.delete('/schedules/:id', { schema: { params, response: { 200: scheduleSchema } } }, async (request, reply) =>
    answerRecorded(reply, await removeSchedule(householdScope(request), request.params.id, todayDate())),
  );
  routes.post('/schedules/:id/enter', { schema: { params, body: occurrenceBodySchema, response: { 200: scheduleSchema } } }, async (request, reply) =>
    answerRecorded(reply, await enterOccurrenceNow(householdScope(request), request.params.id, request.body.date, todayDate())),
  );
  routes.post('/schedules/:id/skip', { schema: { params, body: occurrenceBodySchema, response: { 200: scheduleSchema } } }, async (request, reply) =>
    answerRecorded(reply, await skipOccurrence(householdScope(request), request.params.id, request.body.date, todayDate())),
  );
}
