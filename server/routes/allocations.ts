import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allocationSchema, allocationsQuerySchema } from '../../src/shared/schemas/budgets';
import { householdScope } from '../plugins/auth';
import { budgetAllocations } from '../services/budgets/budgetReads';

export async function allocationRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/allocations', { schema: { querystring: allocationsQuerySchema, response: { 200: z.array(allocationSchema) } } }, async (request) =>
    budgetAllocations(householdScope(request), request.query.budget_id),
  );
}
