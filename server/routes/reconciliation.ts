import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { today } from '../../src/shared/dates';
import { reconcileBodySchema, reconcilePreviewQuerySchema, reconcilePreviewSchema, reconcileResultSchema } from '../../src/shared/schemas/reconciliation';
import { idParamsSchema } from '../../src/shared/schemas/setup';
import { householdScope } from '../plugins/auth';
import { recorded } from '../services/activity/record';
import { reconcile, reconcilePreview, reconcileSummary } from '../services/reconciliation';
import { answerRecorded } from './recordedReply';
import { rowKey } from '../services/activity/changeSet';

export async function reconciliationRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/bank_accounts/:id/reconcile',
    { schema: { params: idParamsSchema, querystring: reconcilePreviewQuerySchema, response: { 200: reconcilePreviewSchema } } },
    async (request) => reconcilePreview(householdScope(request), request.params.id, request.query.statement_date, today(app.config.timeZone)),
  );

  routes.post(
    '/bank_accounts/:id/reconcile',
    { schema: { params: idParamsSchema, body: reconcileBodySchema, response: { 200: reconcileResultSchema } } },
    async (request, reply) =>
      answerRecorded(
        reply,
        await recorded(
          householdScope(request),
          (trx) => reconcile(trx, request.params.id, request.body, today(app.config.timeZone)),
          async (result, trx) => {
            const account = await trx.find('bank_accounts', request.params.id);
            return {
              kind: 'balance_adjustment',
              summary: reconcileSummary(account.name, result),
              bankAccountId: account.id,
              rowKeys: [`bank_account:${account.id}`, ...(result.adjustment ? [rowKey('transactions', result.adjustment.id)] : [])],
            };
          },
        ),
      ),
  );
}
