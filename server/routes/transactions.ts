import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  byAllocationQuerySchema,
  bySinkFundAllocationQuerySchema,
  lastUpdateSchema,
  quickAddBodySchema,
  saveWindowBodySchema,
  transactionListSchema,
  transactionSchema,
  WINDOW_LOCK_HEADER,
  windowQuerySchema,
} from '../../src/shared/schemas/transactions';
import { LARGE_WRITE_ROWS, refreshStatistics } from '../db/statistics';
import { householdScope } from '../plugins/auth';
import { recorded } from '../services/activity/record';
import { quickAddEntry, recordWindowSave } from '../services/activity/windowChanges';
import { quickAdd, quickAddChoices } from '../services/transactions/quickAdd';
import { quickAddChoicesQuerySchema, quickAddChoicesSchema } from '../../src/shared/schemas/transactionTools';
import { answerRecorded } from './recordedReply';
import { readWindow, saveWindow } from '../services/transactions/window';
import { lastTransactionDate, transactionsOfAllocation, transactionsOfSinkFundAllocation } from '../services/transactions/reads';

export async function transactionRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/transactions', { schema: { querystring: windowQuerySchema, response: { 200: transactionListSchema } } }, async (request, reply) => {
    const window = await readWindow(householdScope(request), request.query.bank_account_id, request.query.budget_id);
    return reply.header(WINDOW_LOCK_HEADER, String(window.windowLockVersion)).send(window.transactions);
  });

  routes.post('/transactions', { schema: { body: saveWindowBodySchema, response: { 200: transactionListSchema } } }, async (request, reply) => {
    const body = request.body;
    const saved = await recordWindowSave(householdScope(request), { bankAccountId: body.bank_account_id, budgetId: body.budget_id }, (trx) => saveWindow(trx, body));
    const window = answerRecorded(reply, saved);
    if (body.transactions.length >= LARGE_WRITE_ROWS) await refreshStatistics(householdScope(request).db, { transactions: body.transactions.length }, request.log);
    return reply.header(WINDOW_LOCK_HEADER, String(window.windowLockVersion)).send(window.transactions);
  });

  routes.post('/transactions/one', { schema: { body: quickAddBodySchema, response: { 201: transactionSchema } } }, async (request, reply) => {
    const added = await recorded(householdScope(request), (trx) => quickAdd(trx, request.body), quickAddEntry);
    return reply.code(201).send(answerRecorded(reply, added).transaction);
  });

  routes.get('/transactions/one/choices', { schema: { querystring: quickAddChoicesQuerySchema, response: { 200: quickAddChoicesSchema } } }, async (request) =>
    quickAddChoices(householdScope(request), request.query.date),
  );

  routes.get('/transactions/by_allocation', { schema: { querystring: byAllocationQuerySchema, response: { 200: transactionListSchema } } }, async (request) =>
    transactionsOfAllocation(householdScope(request), request.query.allocation_id),
  );

  routes.get('/transactions/by_sink_fund_allocation', { schema: { querystring: bySinkFundAllocationQuerySchema, response: { 200: transactionListSchema } } }, async (request) =>
    transactionsOfSinkFundAllocation(householdScope(request), request.query.sink_fund_allocation_id),
  );

  routes.get('/transactions/last_update', { schema: { response: { 200: lastUpdateSchema } } }, async (request) =>
    lastTransactionDate(householdScope(request), app.config.timeZone),
  );
}
