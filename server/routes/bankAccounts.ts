import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { today } from '../../src/shared/dates';
import { z } from 'zod';
import { SUCCESS, successSchema } from '../../src/shared/schemas/common';
import { bankAccountBodySchema, bankAccountSchema, bankAccountsQuerySchema, idParamsSchema } from '../../src/shared/schemas/setup';
import { manualAdjustmentsBodySchema, transferBodySchema, transferResultSchema } from '../../src/shared/schemas/transactions';
import { householdScope } from '../plugins/auth';
import { recorded } from '../services/activity/record';
import { answerRecorded } from './recordedReply';
import { counted } from '../services/wording';
import { formatMoney } from '../../src/shared/money';
import { acceptNested } from '../plugins/nestedBody';
import { createBankAccount, deleteBankAccount, listBankAccounts, updateBankAccount } from '../services/bankAccounts';
import { adjustBalances } from '../services/transactions/manualAdjustments';
import { transfer } from '../services/transactions/transfer';

export async function bankAccountRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const nested = acceptNested('bank_account');

  routes.get('/bank_accounts', { schema: { querystring: bankAccountsQuerySchema, response: { 200: z.array(bankAccountSchema) } } }, async (request) =>
    listBankAccounts(householdScope(request), {
      includeClosed: request.query.include_closed === 'true',
      includeCurrentBalance: request.query.include_current_balance === 'true',
    }),
  );

  routes.post('/bank_accounts', { preValidation: nested, schema: { body: bankAccountBodySchema, response: { 201: bankAccountSchema } } }, async (request, reply) => {
    const account = await recorded(
      householdScope(request),
      (trx) => createBankAccount(trx, request.body, today(app.config.timeZone)),
      (made) => ({ kind: 'setup', summary: `added the bank account ${made.name}`, bankAccountId: made.id, rowKeys: [`bank_account:${made.id}`] }),
    );
    return reply.status(201).send(answerRecorded(reply, account));
  });

  routes.post('/bank_accounts/manually_adjust_balances', { schema: { body: manualAdjustmentsBodySchema, response: { 200: successSchema } } }, async (request, reply) => {
    const adjusted = await recorded(
      householdScope(request),
      (trx) => adjustBalances(trx, request.body, today(app.config.timeZone)),
      () => ({ kind: 'balance_adjustment', summary: `adjusted ${counted(request.body.adjustments.length, 'account balance')}` }),
    );
    answerRecorded(reply, adjusted);
    return SUCCESS;
  });

  routes.put(
    '/bank_accounts/:id',
    { preValidation: nested, schema: { params: idParamsSchema, body: bankAccountBodySchema, response: { 200: bankAccountSchema } } },
    async (request, reply) =>
      answerRecorded(
        reply,
        await recorded(
          householdScope(request),
          (trx) => updateBankAccount(trx, request.params.id, request.body),
          (made) => ({ kind: 'setup', summary: `saved the bank account ${made.name}`, bankAccountId: made.id, rowKeys: [`bank_account:${made.id}`] }),
        ),
      ),
  );

  routes.delete('/bank_accounts/:id', { schema: { params: idParamsSchema, response: { 200: successSchema } } }, async (request, reply) => {
    const id = request.params.id;
    const deleted = await recorded(
      householdScope(request),
      async (trx) => {
        const account = await trx.selectFrom('bank_accounts').select('name').where('id', '=', id).executeTakeFirst();
        await deleteBankAccount(trx, id);
        return account?.name ?? '';
      },
      (name) => ({ kind: 'setup', summary: `deleted the bank account ${name}`, rowKeys: [`bank_account:${id}`] }),
    );
    answerRecorded(reply, deleted);
    return SUCCESS;
  });

  routes.post(
    '/bank_accounts/:id/transfer',
    { preValidation: acceptNested('transfer'), schema: { params: idParamsSchema, body: transferBodySchema, response: { 200: transferResultSchema } } },
    async (request, reply) =>
      answerRecorded(
        reply,
        await recorded(
          householdScope(request),
          (trx) => transfer(trx, request.params.id, request.body),
          (made) => ({
            kind: 'transfer',
            summary: `transferred ${formatMoney(request.body.amount)}: ${made.withdrawal.description}`,
            bankAccountId: request.params.id,
            rowKeys: [`transaction:${made.withdrawal.id}`, `transaction:${made.deposit.id}`],
          }),
        ),
      ),
  );
}
