import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { today } from '../../src/shared/dates';
import { idParamsSchema } from '../../src/shared/schemas/setup';
import { z } from 'zod';
import { sinkFundSchema, sinkFundTransferBodySchema, updateSinkFundBodySchema } from '../../src/shared/schemas/sinkFunds';
import { householdScope } from '../plugins/auth';
import { recorded } from '../services/activity/record';
import { answerRecorded } from './recordedReply';
import { formatMoney } from '../../src/shared/money';
import { acceptNested } from '../plugins/nestedBody';
import { transferAllocation } from '../services/sinkFunds/allocationTransfer';
import { updateSinkFund } from '../services/sinkFunds/sinkFundEdits';
import { listSinkFunds, readSinkFund } from '../services/sinkFunds/sinkFundReads';

export async function sinkFundRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const params = idParamsSchema;
  const nested = acceptNested('sink_fund');

  const sinkFund = { 200: sinkFundSchema };

  routes.get('/sink_funds', { schema: { response: { 200: z.array(sinkFundSchema) } } }, async (request) => listSinkFunds(householdScope(request)));
  routes.get('/sink_funds/:id', { schema: { params, response: sinkFund } }, async (request) => readSinkFund(householdScope(request), request.params.id));
  routes.put('/sink_funds/:id', { schema: { params, body: updateSinkFundBodySchema, response: sinkFund }, preValidation: nested }, async (request, reply) =>
    answerRecorded(
      reply,
      await recorded(
        householdScope(request),
        (trx) => updateSinkFund(trx, request.params.id, request.body),
        (fund) => ({ kind: 'sink_fund', summary: `saved the envelopes of ${fund.name}`, bankAccountId: fund.id, rowKeys: [`sink_fund:${fund.id}`] }),
      ),
    ),
  );
  routes.post(
    '/sink_funds/:id/transfer_allocation',
    { schema: { params, body: sinkFundTransferBodySchema, response: sinkFund }, preValidation: nested },
    async (request, reply) =>
      answerRecorded(
        reply,
        await recorded(
          householdScope(request),
          (trx) => transferAllocation(trx, request.params.id, request.body, today(app.config.timeZone)),
          (fund) => ({
            kind: 'sink_fund',
            summary: `moved ${formatMoney(request.body.amount)} between envelopes of ${fund.name}`,
            bankAccountId: fund.id,
            rowKeys: [`sink_fund:${fund.id}`],
          }),
        ),
      ),
  );
}
