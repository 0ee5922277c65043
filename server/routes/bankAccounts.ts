import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { today } from '../../src/shared/dates';
import { z } from 'zod';
import { SUCCESS, successSchema } from '../../src/shared/schemas/common';
import { bankAccountBodySchema, bankAccountSchema, bankAccountsQuerySchema, idParamsSchema } from '../../src/shared/schemas/setup';
import { manualAdjustmentsBodySchema, transferBodySchema, transferResultSchema } from '../../src/shared/schemas/transactions';
import { householdScope } from '../plugins/auth';
import { answerRecorded } from './recordedReply';
import { acceptNested } from '../plugins/nestedBody';
import { listBankAccounts } from '../services/bankAccounts';
import { addBankAccount, adjustAccountBalances, removeBankAccount, saveBankAccount, transferFromAccount } from '../services/bankAccountWrites';

export async function bankAccountRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const nested = acceptNested('bank_account');

  routes.get('/bank_accounts', { schema: { querystring: bankAccountsQuerySchema, response: { 200: z.array(bankAccountSchema) } } }, async (request) =>
    listBankAccounts(householdScope(request), {
      includeClosed: request.query.include_closed === 'true',
      includeCurrentBalance: request.query.include_current_balance === 'true',
    }),
  );

  routes.post('/bank_accounts', { preValidation: nested, schema: { body: bankAccountBodySchema, response: { 201: bankAccountSchema } } }, async (request, reply) =>
    reply.status(201).send(answerRecorded(reply, await addBankAccount(householdScope(request), request.body, today(app.config.timeZone)))),
  );

  routes.post('/bank_accounts/manually_adjust_balances', { schema: { body: manualAdjustmentsBodySchema, response: { 200: successSchema } } }, async (request, reply) => {
    answerRecorded(reply, await adjustAccountBalances(householdScope(request), request.body, today(app.config.timeZone)));
    return SUCCESS;
  });

  routes.put(
    '/bank_accounts/:id',
    { preValidation: nested, schema: { params: idParamsSchema, body: bankAccountBodySchema, response: { 200: bankAccountSchema } } },
    async (request, reply) => answerRecorded(reply, await saveBankAccount(householdScope(request), request.params.id, request.body)),
  );

  routes.delete('/bank_accounts/:id', { schema: { params: idParamsSchema, response: { 200: successSchema } } }, async (request, reply) => {
    answerRecorded(reply, await removeBankAccount(householdScope(request), request.params.id));
    return SUCCESS;
  });

  routes.post(
    '/bank_accounts/:id/transfer',
    { preValidation: acceptNested('transfer'), schema: { params: idParamsSchema, body: transferBodySchema, response: { 200: transferResultSchema } } },
    async (request, reply) => answerRecorded(reply, await transferFromAccount(householdScope(request), request.params.id, request.body)),
  );
}
