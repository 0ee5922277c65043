import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sinkFundEnvelopeSchema } from '../../src/shared/schemas/sinkFunds';
import { sinkFundAllocationsQuerySchema } from '../../src/shared/schemas/transactions';
import { householdScope } from '../plugins/auth';
import { openSinkFundAllocations } from '../services/sinkFundAllocations';

export async function sinkFundAllocationRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/sink_fund_allocations', { schema: { querystring: sinkFundAllocationsQuerySchema, response: { 200: z.array(sinkFundEnvelopeSchema) } } }, async (request) =>
    openSinkFundAllocations(householdScope(request), request.query.bank_account_id),
  );
}
