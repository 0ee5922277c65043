import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountBalancesQuerySchema, accountBalancesSchema } from '../../src/shared/schemas/accountBalances';
import { householdScope } from '../plugins/auth';
import { accountBalances } from '../services/accountBalances';

export async function accountBalanceRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/account_balances', { schema: { querystring: accountBalancesQuerySchema, response: { 200: accountBalancesSchema } } }, async (request) =>
    accountBalances(householdScope(request), { includeClosed: request.query.include_closed === 'true' }),
  );
}
