import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUCCESS, successSchema } from '../../src/shared/schemas/common';
import { idParamsSchema, namedItemBodySchema, namedItemSchema } from '../../src/shared/schemas/setup';
import type { HouseholdScope } from '../db/scope';
import { householdScope } from '../plugins/auth';
import { recorded } from '../services/activity/record';
import { answerRecorded } from './recordedReply';
import { acceptNested } from '../plugins/nestedBody';
import type { namedResource } from '../services/namedResources';

/** The four routes of a setup list that is only a name (allocation categories, institutions). */
export function registerNamedResourceRoutes(
  app: FastifyInstance,
  options: {
    path: string;
    /** The singular key a nested body arrives under. */
    key: string;
    resource: ReturnType<typeof namedResource>;
    remove: (scope: HouseholdScope, id: number) => Promise<void>;
    /** In the activity's words: "allocation category", "financial institution". */
    thing: string;
    table: 'allocation_categories' | 'institutions';
  },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { path, resource } = options;
  const nested = acceptNested(options.key);
  const body = namedItemBodySchema;
  const change = (verb: string, item: { id: number; name: string }) => ({
    kind: 'setup' as const,
    summary: `${verb} the ${options.thing} ${item.name}`,
    rowKeys: [`${options.key}:${item.id}`],
  });

  routes.get(path, { schema: { response: { 200: z.array(namedItemSchema) } } }, async (request) => resource.list(householdScope(request)));

  routes.post(path, { preValidation: nested, schema: { body, response: { 201: namedItemSchema } } }, async (request, reply) => {
    const made = await recorded(householdScope(request), (trx) => resource.create(trx, request.body.name), (item) => change('added', item));
    return reply.status(201).send(answerRecorded(reply, made));
  });

  routes.put(`${path}/:id`, { preValidation: nested, schema: { params: idParamsSchema, body, response: { 200: namedItemSchema } } }, async (request, reply) =>
    answerRecorded(reply, await recorded(householdScope(request), (trx) => resource.rename(trx, request.params.id, request.body.name), (item) => change('saved', item))),
  );

  routes.delete(`${path}/:id`, { schema: { params: idParamsSchema, response: { 200: successSchema } } }, async (request, reply) => {
    const id = request.params.id;
    const removed = await recorded(
      householdScope(request),
      async (trx) => {
        const item = await trx.selectFrom(options.table).select(['id', 'name']).where('id', '=', id).executeTakeFirst();
        await options.remove(trx, id);
        return { id, name: item?.name ?? '' };
      },
      (item) => change('deleted', item),
    );
    answerRecorded(reply, removed);
    return SUCCESS;
  });
}
