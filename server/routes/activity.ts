import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityPageSchema, activityQuerySchema, undoResultSchema } from '../../src/shared/schemas/activity';
import { idParamsSchema } from '../../src/shared/schemas/setup';
import { householdScope } from '../plugins/auth';
import { listActivity, undoActivity } from '../services/activity/activityLog';

/** Who did what, newest first; and undoing a change from its entry. */
export async function activityRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/activity', { schema: { querystring: activityQuerySchema, response: { 200: activityPageSchema } } }, async (request) =>
    listActivity(householdScope(request), request.query),
  );
  routes.post('/activity/:id/undo', { schema: { params: idParamsSchema, response: { 200: undoResultSchema } } }, async (request) =>
    undoActivity(householdScope(request), request.params.id),
  );
}
