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
import { refreshStatistics } from '../db/statistics';
import { householdScope } from '../plugins/auth';
import { acceptNested } from '../plugins/nestedBody';
import { copyBudget, closeBudget, reopenLastBudget } from '../services/budgets/budgetCycle';
import { createBudget, deleteBudget, updateBudget } from '../services/budgets/budgetEdits';
import { currentBudgetId, futureBudgets, listBudgets, readBudget } from '../services/budgets/budgetReads';
import { massUpdate } from '../services/budgets/massUpdate';
import { sendCached } from '../plugins/responseCache';
import { budgetNames, recordLineChange } from '../services/activity/budgetLines';
import { closeUndo, copyUndo } from '../services/activity/cycleChanges';
import { listedChanges, recorded } from '../services/activity/record';
import { counted } from '../../src/shared/wording';
import { answerRecorded } from './recordedReply';

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
    async (request, reply) => {
      const created = await recorded(
        householdScope(request),
        (trx) => createBudget(trx, request.body.start_date),
        (made) => ({ kind: 'budget_create', summary: `added the budget ${made.name}`, budgetId: made.id, rowKeys: [`budget:${made.id}`] }),
      );
      return reply.status(201).send(answerRecorded(reply, created));
    },
  );
  routes.put(
    '/budgets/:id',
    { schema: { params, body: updateBudgetBodySchema, response: budget }, preValidation: acceptNested('budget') },
    async (request, reply) => {
      const id = request.params.id;
      const saved = await recordLineChange(
        householdScope(request),
        'budget_save',
        [id],
        (trx) => updateBudget(trx, id, request.body),
        (changes, _touched, names) => listedChanges(`saved ${names.get(id) ?? 'a budget'}`, changes),
      );
      return answerRecorded(reply, saved);
    },
  );
  routes.put('/budgets/:id/copy', { schema: { params, response: budget } }, async (request, reply) => {
    const id = request.params.id;
    const copied = await recorded(
      householdScope(request),
      (trx) => copyBudget(trx, id),
      async (copy, trx) => ({
        kind: 'budget_copy',
        summary: `copied ${(await budgetNames(trx, [id])).get(id)} to ${copy.name}`,
        budgetId: copy.id,
        undo: await copyUndo(trx, copy.id),
        rowKeys: [`budget:${copy.id}`],
      }),
    );
    return answerRecorded(reply, copied);
  });
  routes.put('/budgets/:id/close', { schema: { params, response: budget } }, async (request, reply) => {
    const closed = await recorded(
      householdScope(request),
      (trx) => closeBudget(trx, request.params.id),
      async (made, trx) => {
        const undo = await closeUndo(trx, made.id);
        return { kind: 'budget_close', summary: `closed the ${made.name} budget`, budgetId: made.id, undo, rowKeys: [`budget:${made.id}`, ...Object.keys(undo.footprint)] };
      },
    );
    await refreshStatistics(householdScope(request).db);
    return answerRecorded(reply, closed);
  });
  routes.post('/budgets/reopen_last_budget', { schema: { response: budget } }, async (request, reply) => {
    const reopened = await recorded(householdScope(request), reopenLastBudget, (made) => ({
      kind: 'budget_reopen',
      summary: `reopened the ${made.name} budget`,
      budgetId: made.id,
      rowKeys: [`budget:${made.id}`],
    }));
    return answerRecorded(reply, reopened);
  });
  routes.post('/budgets/mass_update', { schema: { body: massUpdateBodySchema, response: { 200: successSchema } } }, async (request, reply) => {
    const body = request.body;
    const budgetIds = [...new Set(body.amounts.map((a) => a.budget_id))];
    const updated = await recordLineChange(
      householdScope(request),
      'mass_edit',
      budgetIds,
      (trx) => massUpdate(trx, body),
      (changes, touched) => listedChanges(`mass edited ${body.type} ${body.name} in ${counted(touched.length, 'budget')}`, changes),
    );
    return answerRecorded(reply, updated);
  });
  routes.delete('/budgets/:id', { schema: { params, response: { 200: successSchema } } }, async (request, reply) => {
    const id = request.params.id;
    const deleted = await recorded(
      householdScope(request),
      async (trx) => ({ name: (await budgetNames(trx, [id])).get(id), done: await deleteBudget(trx, id) }),
      ({ name }) => ({ kind: 'budget_delete', summary: `deleted the budget ${name}`, rowKeys: [`budget:${id}`] }),
    );
    return answerRecorded(reply, { ...deleted, result: deleted.result.done });
  });
}
