import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { today } from '../../src/shared/dates';
import { idParamsSchema } from '../../src/shared/schemas/setup';
import { sinkFundTransferBodySchema, updateSinkFundBodySchema } from '../../src/shared/schemas/sinkFunds';
import { householdScope } from '../plugins/auth';
import { acceptNested } from '../plugins/nestedBody';
import { transferAllocation } from '../services/sinkFunds/allocationTransfer';
import { updateSinkFund } from '../services/sinkFunds/sinkFundEdits';
import { listSinkFunds, readSinkFund } from '../services/sinkFunds/sinkFundReads';

export async function sinkFundRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const params = idParamsSchema;
  const nested = acceptNested('sink_fund');

  routes.get('/sink_funds', async (request) => listSinkFunds(householdScope(request)));
  routes.get('/sink_funds/:id', { schema: { params } }, async (request) => readSinkFund(householdScope(request), request.params.id));
  routes.put('/sink_funds/:id', { schema: { params, body: updateSinkFundBodySchema }, preValidation: nested }, async (request) =>
    updateSinkFund(householdScope(request), request.params.id, request.body),
  );
  routes.post(
    '/sink_funds/:id/transfer_allocation',
    { schema: { params, body: sinkFundTransferBodySchema }, preValidation: nested },
    async (request) => transferAllocation(householdScope(request), request.params.id, request.body, today(app.config.timeZone)),
  );
}
