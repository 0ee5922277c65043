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
import { idParamsSchema as params } from '../../src/shared/schemas/setup';
import { householdScope } from '../plugins/auth';
import { acceptNested } from '../plugins/nestedBody';
import { sendCached } from '../plugins/responseCache';
import { currentBudgetId, futureBudgets, listBudgets, readBudget } from '../services/budgets/budgetReads';
import {
  addBudget,
  closeBudgetRecorded,
  copyBudgetRecorded,
  massUpdateRecorded,
  removeBudget,
  reopenLastBudgetRecorded,
  saveBudget,
} from '../services/budgets/budgetWrites';
import { answerRecorded } from './recordedReply';

const budget = { 200: budgetSchema };
const success = { 200: successSchema };

/** The budget reads are the app's busiest requests: answered from the response cache while nothing changed. */
async function budgetReadRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/budgets', { schema: { response: { 200: z.array(budgetSummarySchema) } } }, async (request, reply) => sendCached(request, reply, 'budgets', listBudgets));
  routes.get('/budgets/current', { schema: { response: { 200: currentBudgetSchema } } }, async (request) => currentBudgetId(householdScope(request)));
  routes.get('/budgets/future', { schema: { response: { 200: z.array(futureBudgetSchema) } } }, async (request, reply) =>
    sendCached(request, reply, 'budgets/future', futureBudgets),
  );
  routes.get('/budgets/:id', { schema: { params, response: budget } }, async (request, reply) =>
    sendCached(request, reply, `budgets/${request.params.id}`, (scope) => readBudget(scope, request.params.id)),
  );
}

/** Creating, saving, mass editing and deleting budgets. */
async function budgetEditRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const nested = acceptNested('budget');
  routes.post('/budgets', { schema: { body: createBudgetBodySchema, response: { 201: budgetSchema } }, preValidation: nested }, async (request, reply) =>
    reply.status(201).send(answerRecorded(reply, await addBudget(householdScope(request), request.body.start_date))),
  );
  routes.put('/budgets/:id', { schema: { params, body: updateBudgetBodySchema, response: budget }, preValidation: nested }, async (request, reply) =>
    answerRecorded(reply, await saveBudget(householdScope(request), request.params.id, request.body)),
  );
  routes.post('/budgets/mass_update', { schema: { body: massUpdateBodySchema, response: success } }, async (request, reply) =>
    answerRecorded(reply, await massUpdateRecorded(householdScope(request), request.body)),
  );
  routes.delete('/budgets/:id', { schema: { params, response: success } }, async (request, reply) =>
    answerRecorded(reply, await removeBudget(householdScope(request), request.params.id)),
  );
}

/** The monthly cycle: copy to the next month, close, reopen the last closed. */
async function budgetCycleRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.put('/budgets/:id/copy', { schema: { params, response: budget } }, async (request, reply) =>
    answerRecorded(reply, await copyBudgetRecorded(householdScope(request), request.params.id)),
  );
  routes.put('/budgets/:id/close', { schema: { params, response: budget } }, async (request, reply) =>
    answerRecorded(reply, await closeBudgetRecorded(householdScope(request), request.params.id)),
  );
  routes.post('/budgets/reopen_last_budget', { schema: { response: budget } }, async (request, reply) =>
    answerRecorded(reply, await reopenLastBudgetRecorded(householdScope(request))),
  );
}

export async function budgetRoutes(app: FastifyInstance): Promise<void> {
  await budgetReadRoutes(app);
  await budgetEditRoutes(app);
  await budgetCycleRoutes(app);
}
