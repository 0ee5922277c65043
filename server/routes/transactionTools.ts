import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  searchQuerySchema,
  searchResultsSchema,
  suggestionsBodySchema,
  suggestionsSchema,
} from '../../src/shared/schemas/transactionTools';
import { householdScope } from '../plugins/auth';
import { suggestionsFor } from '../services/transactions/suggestions';
import { searchTransactions } from '../services/transactions/search';

/** Finding transactions across the household, and allocations suggested for new rows. */
export async function transactionToolRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/transactions/search', { schema: { querystring: searchQuerySchema, response: { 200: searchResultsSchema } } }, async (request) =>
    searchTransactions(householdScope(request), request.query),
  );

  routes.post('/transactions/suggestions', { schema: { body: suggestionsBodySchema, response: { 200: suggestionsSchema } } }, async (request) => ({
    suggestions: await suggestionsFor(householdScope(request), request.body.budget_id, request.body.descriptions),
  }));
}
