import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createHouseholdBodySchema, setupStatusSchema } from '../../src/shared/schemas/auth';
import { SUCCESS, successSchema } from '../../src/shared/schemas/common';
import { createFirstHousehold, hasAnyUser } from '../services/households';

/** First run: while the install has no user at all, anyone who can reach it may create the household. */
export async function setupRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/setup/status', { schema: { response: { 200: setupStatusSchema } }, config: { public: true } }, async () => ({
    needs_household: !(await hasAnyUser(app.db)),
  }));
  routes.post('/setup/household', { schema: { body: createHouseholdBodySchema, response: { 201: successSchema } }, config: { public: true } }, async (request, reply) => {
    await createFirstHousehold(app.db, request.body);
    return reply.status(201).send(SUCCESS);
  });
}
