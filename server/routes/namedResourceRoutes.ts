import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUCCESS, successSchema } from '../../src/shared/schemas/common';
import { idParamsSchema, namedItemBodySchema, namedItemSchema } from '../../src/shared/schemas/setup';
import { householdScope } from '../plugins/auth';
import { answerRecorded } from './recordedReply';
import { acceptNested } from '../plugins/nestedBody';
import type { namedResource, recordedNamedWrites } from '../services/namedResources';

/** The four routes of a setup list that is only a name (allocation categories, institutions). */
export function registerNamedResourceRoutes(
  app: FastifyInstance,
  options: {
    path: string;
    /** The singular key a nested body arrives under. */
    key: string;
    resource: ReturnType<typeof namedResource>;
    writes: ReturnType<typeof recordedNamedWrites>;
  },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { path, resource, writes } = options;
  const nested = acceptNested(options.key);
  const body = namedItemBodySchema;

  routes.get(path, { schema: { response: { 200: z.array(namedItemSchema) } } }, async (request) => resource.list(householdScope(request)));

  routes.post(path, { preValidation: nested, schema: { body, response: { 201: namedItemSchema } } }, async (request, reply) =>
    reply.status(201).send(answerRecorded(reply, await writes.add(householdScope(request), request.body.name))),
  );

  routes.put(`${path}/:id`, { preValidation: nested, schema: { params: idParamsSchema, body, response: { 200: namedItemSchema } } }, async (request, reply) =>
    answerRecorded(reply, await writes.rename(householdScope(request), request.params.id, request.body.name)),
  );

  routes.delete(`${path}/:id`, { schema: { params: idParamsSchema, response: { 200: successSchema } } }, async (request, reply) => {
    answerRecorded(reply, await writes.remove(householdScope(request), request.params.id));
    return SUCCESS;
  });
}
