import type { DateOnly } from '../../../src/shared/dates';
import type { MassUpdateBody, UpdateBudgetBody } from '../../../src/shared/schemas/budgets';
import { counted } from '../../../src/shared/wording';
import { refreshStatistics } from '../../db/statistics';
import type { HouseholdScope } from '../../db/scope';
import { budgetNames, recordLineChange } from '../activity/budgetLines';
import { closeUndo, copyUndo } from '../activity/cycleChanges';
import { listedChanges, recorded } from '../activity/record';
import { closeBudget, copyBudget, reopenLastBudget } from './budgetCycle';
import { createBudget, deleteBudget, updateBudget } from './budgetEdits';
import { massUpdate } from './massUpdate';

// The budget writes as the routes run them: each in one transaction with its activity entry, in the activity's
// words.

const budgetRow = (id: number) => `budget:${id}`;

export const addBudget = (scope: HouseholdScope, start: DateOnly) =>
  recorded(
    scope,
    (trx) => createBudget(trx, start),
    (made) => ({ kind: 'budget_create', summary: `added the budget ${made.name}`, budgetId: made.id, rowKeys: [budgetRow(made.id)] }),
  );

export const saveBudget = (scope: HouseholdScope, id: number, body: UpdateBudgetBody) =>
  recordLineChange(
    scope,
    'budget_save',
    [id],
    (trx) => updateBudget(trx, id, body),
    (changes, _touched, names) => listedChanges(`saved ${names.get(id) ?? 'a budget'}`, changes),
  );

export const copyBudgetRecorded = (scope: HouseholdScope, id: number) =>
  recorded(
    scope,
    (trx) => copyBudget(trx, id),
    async (copy, trx) => ({
      kind: 'budget_copy',
      summary: `copied ${(await budgetNames(trx, [id])).get(id)} to ${copy.name}`,
      budgetId: copy.id,
      undo: await copyUndo(trx, copy.id),
      rowKeys: [budgetRow(copy.id)],
    }),
  );

/** Closing moves every checkpoint, so the planner's statistics are refreshed after it. */
export async function closeBudgetRecorded(scope: HouseholdScope, id: number) {
  const closed = await recorded(
    scope,
    (trx) => closeBudget(trx, id),
    async (made, trx) => {
      const undo = await closeUndo(trx, made.id);
      return { kind: 'budget_close', summary: `closed the ${made.name} budget`, budgetId: made.id, undo, rowKeys: [budgetRow(made.id), ...Object.keys(undo.footprint)] };
    },
  );
  await refreshStatistics(scope.db);
  return closed;
}

export const reopenLastBudgetRecorded = (scope: HouseholdScope) =>
  recorded(scope, reopenLastBudget, (made) => ({ kind: 'budget_reopen', summary: `reopened the ${made.name} budget`, budgetId: made.id, rowKeys: [budgetRow(made.id)] }));

export const massUpdateRecorded = (scope: HouseholdScope, body: MassUpdateBody) =>
  recordLineChange(
    scope,
    'mass_edit',
    [...new Set(body.amounts.map((a) => a.budget_id))],
    (trx) => massUpdate(trx, body),
    (changes, touched) => listedChanges(`mass edited ${body.type} ${body.name} in ${counted(touched.length, 'budget')}`, changes),
  );

export async function removeBudget(scope: HouseholdScope, id: number) {
  const deleted = await recorded(
    scope,
    async (trx) => ({ name: (await budgetNames(trx, [id])).get(id), done: await deleteBudget(trx, id) }),
    ({ name }) => ({ kind: 'budget_delete', summary: `deleted the budget ${name}`, rowKeys: [budgetRow(id)] }),
  );
  return { ...deleted, result: deleted.result.done };
}
