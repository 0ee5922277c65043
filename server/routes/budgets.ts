import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  budgetSchema,
  budgetSummarySchema,
  createBudgetBodySchema,
  currentBudgetSchema,
  futureBudgetSchema,
  massUpdateBodySchema,
  updateBudgetBodySchema,
} from '../../src/shared/schemas/budgets';
import { successSchema } from '../../src/shared/schemas/common';
import { idParamsSchema } from '../../src/shared/schemas/setup';
import { householdScope } from '../plugins/auth';
import { acceptNested } from '../plugins/nestedBody';
import { copyBudget, closeBudget, reopenLastBudget } from '../services/budgets/budgetCycle';
import { createBudget, deleteBudget, updateBudget } from '../services/budgets/budgetEdits';
import { currentBudgetId, futureBudgets, listBudgets, readBudget } from '../services/budgets/budgetReads';
import { massUpdate } from '../services/budgets/massUpdate';
import { sendCached } from '../plugins/responseCache';

export async function budgetRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const params = idParamsSchema;
  const budget = { 200: budgetSchema };

  // The budget reads are the app's busiest requests: answered from the response cache while nothing changed.
  routes.get('/budgets', { schema: { response: { 200: z.array(budgetSummarySchema) } } }, async (request, reply) =>
    sendCached(request, reply, 'budgets', listBudgets),
  );
  routes.get('/budgets/current', { schema: { response: { 200: currentBudgetSchema } } }, async (request) => currentBudgetId(householdScope(request)));
  routes.get('/budgets/future', { schema: { response: { 200: z.array(futureBudgetSchema) } } }, async (request, reply) =>
    sendCached(request, reply, 'budgets/future', futureBudgets),
  );
  routes.get('/budgets/:id', { schema: { params, response: budget } }, async (request, reply) =>
    sendCached(request, reply, `budgets/${request.params.id}`, (scope) => readBudget(scope, request.params.id)),
  );

  routes.post(
    '/budgets',
    { schema: { body: createBudgetBodySchema, response: { 201: budgetSchema } }, preValidation: acceptNested('budget') },
    async (request, reply) => reply.status(201).send(await createBudget(householdScope(request), request.body.start_date)),
  );
  routes.put(
    '/budgets/:id',
    { schema: { params, body: updateBudgetBodySchema, response: budget }, preValidation: acceptNested('budget') },
    async (request) => updateBudget(householdScope(request), request.params.id, request.body),
  );
  routes.put('/budgets/:id/copy', { schema: { params, response: budget } }, async (request) => copyBudget(householdScope(request), request.params.id));
  routes.put('/budgets/:id/close', { schema: { params, response: budget } }, async (request) => closeBudget(householdScope(request), request.params.id));
  routes.post('/budgets/reopen_last_budget', { schema: { response: budget } }, async (request) => reopenLastBudget(householdScope(request)));
  routes.post('/budgets/mass_update', { schema: { body: massUpdateBodySchema, response: { 200: successSchema } } }, async (request) =>
    massUpdate(householdScope(request), request.body),
  );
  routes.delete('/budgets/:id', { schema: { params, response: { 200: successSchema } } }, async (request) =>
    deleteBudget(householdScope(request), request.params.id),
  );
}
