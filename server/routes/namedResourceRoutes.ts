import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, institutionBodySchema } from '../../src/shared/schemas/setup';
import type { HouseholdScope } from '../db/scope';
import { householdScope } from '../plugins/auth';
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
  },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { path, resource } = options;
  const nested = acceptNested(options.key);
  // Both lists share one body shape: `{name}`.
  const body = institutionBodySchema;

  routes.get(path, async (request) => resource.list(householdScope(request)));

  routes.post(path, { preValidation: nested, schema: { body } }, async (request, reply) => {
    return reply.status(201).send(await resource.create(householdScope(request), request.body.name));
  });

  routes.put(`${path}/:id`, { preValidation: nested, schema: { params: idParamsSchema, body } }, async (request) =>
    resource.rename(householdScope(request), request.params.id, request.body.name),
  );

  routes.delete(`${path}/:id`, { schema: { params: idParamsSchema } }, async (request) => {
    await options.remove(householdScope(request), request.params.id);
    return { success: true };
  });
}
