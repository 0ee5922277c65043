import { CARRIED_FORWARD_STATUSES } from '../../../src/shared/transactionRules';
import type { HouseholdScope } from '../../db/scope';
import { unprocessable } from '../../errors';
import { reopenLastBudget } from '../budgets/budgetCycle';
import { deleteBudget } from '../budgets/budgetEdits';
import { findBudget } from '../budgets/periods';
import { type Footprint, footprintOf, refuseFootprintMoved } from './changeSet';

/** What undoing a copy or a close needs: the budget, and the rows its undo would touch as the change left them. */
export interface CycleUndo {
  budgetId: number;
  footprint: Footprint;
}

/** The lines of a copy: what deleting it deletes. */
async function copyFootprint(scope: HouseholdScope, budgetId: number): Promise<Footprint> {
  const [incomes, allocations] = await Promise.all([
    scope.selectFrom('incomes').select(['id', 'row_version']).where('budget_id', '=', budgetId).execute(),
    scope.selectFrom('allocations').select(['id', 'row_version']).where('budget_id', '=', budgetId).execute(),
  ]);
  return { ...footprintOf('incomes', incomes), ...footprintOf('allocations', allocations) };
}

/**
 * The rows reopening a closed budget writes: the carried-forward copies and balancing rows after its end (it
 * deletes them) and the settled originals in its window (it makes them unpaid again).
 */
async function closeFootprint(scope: HouseholdScope, budgetId: number): Promise<Footprint> {
  const budget = await findBudget(scope, budgetId);
  const rows = await scope
    .selectFrom('transactions')
    .select(['id', 'row_version'])
    .where((eb) =>
      eb.or([
        eb.and([eb('transaction_date', '>', budget.end_date), eb('brought_forward_status', 'in', CARRIED_FORWARD_STATUSES)]),
        eb.and([
          eb('transaction_date', '>=', budget.start_date),
          eb('transaction_date', '<=', budget.end_date),
          eb.or([eb('brought_forward_status', '=', 'brought_forward'), eb.and([eb('brought_forward_status', '=', 'added'), eb('status', '=', 'paid')])]),
        ]),
      ]),
    )
    .execute();
  return footprintOf('transactions', rows);
}

export const copyUndo = async (scope: HouseholdScope, budgetId: number): Promise<CycleUndo> => ({ budgetId, footprint: await copyFootprint(scope, budgetId) });
export const closeUndo = async (scope: HouseholdScope, budgetId: number): Promise<CycleUndo> => ({ budgetId, footprint: await closeFootprint(scope, budgetId) });

/** The undo of a copy: the copy is deleted (refused, as a delete is, once transactions are recorded in it). */
export async function copyBudgetUndo(scope: HouseholdScope, activityId: number, { budgetId, footprint }: CycleUndo): Promise<string> {
  const copy = await findBudget(scope, budgetId);
  await refuseFootprintMoved(scope, activityId, footprint, await copyFootprint(scope, budgetId));
  await deleteBudget(scope, budgetId);
  return copy.name;
}

/** The undo of a close: the budget is reopened, which only the latest closed budget can be. */
export async function closeBudgetUndo(scope: HouseholdScope, activityId: number, { budgetId, footprint }: CycleUndo): Promise<string> {
  const budget = await findBudget(scope, budgetId);
  if (budget.status !== 'closed') throw unprocessable('This budget is not closed any more');
  await refuseFootprintMoved(scope, activityId, footprint, await closeFootprint(scope, budgetId));
  const reopened = await reopenLastBudget(scope);
  if (reopened.id !== budgetId) throw unprocessable('Only the latest closed budget can be reopened');
  return budget.name;
}
