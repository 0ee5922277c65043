import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { carriedForwardOriginsSchema, carriedForwardQuerySchema, markPaidBodySchema, markPaidResultSchema } from '../../src/shared/schemas/cardPayments';
import { idParamsSchema } from '../../src/shared/schemas/setup';
import { householdScope } from '../plugins/auth';
import { markChargesPaid } from '../services/transactions/cardPayments';
import { carriedForwardOrigins } from '../services/transactions/carriedForward';
import { answerRecorded } from './recordedReply';

export async function cardPaymentRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/bank_accounts/:id/mark_paid',
    { schema: { params: idParamsSchema, body: markPaidBodySchema, response: { 200: markPaidResultSchema } } },
    async (request, reply) => answerRecorded(reply, await markChargesPaid(householdScope(request), request.params.id, request.body)),
  );
  routes.get(
    '/bank_accounts/:id/carried_forward',
    { schema: { params: idParamsSchema, querystring: carriedForwardQuerySchema, response: { 200: carriedForwardOriginsSchema } } },
    async (request) => carriedForwardOrigins(householdScope(request), request.params.id, request.query.budget_id),
  );
}
