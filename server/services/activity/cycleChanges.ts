import type { HouseholdScope } from '../../db/scope';
import { unprocessable } from '../../errors';
import { reopenLastBudget } from '../budgets/budgetCycle';
import { deleteBudget } from '../budgets/budgetEdits';
import { findBudget } from '../budgets/periods';

/** The undo of a copy: the copy is deleted (refused, as a delete is, once transactions are recorded in it). */
export async function copyBudgetUndo(scope: HouseholdScope, { budgetId }: { budgetId: number }): Promise<string> {
  const copy = await findBudget(scope, budgetId);
  await deleteBudget(scope, budgetId);
  return copy.name;
}

/** The undo of a close: the budget is reopened, which only the latest closed budget can be. */
export async function closeBudgetUndo(scope: HouseholdScope, { budgetId }: { budgetId: number }): Promise<string> {
  const budget = await findBudget(scope, budgetId);
  if (budget.status !== 'closed') throw unprocessable('This budget is not closed any more');
  const reopened = await reopenLastBudget(scope);
  if (reopened.id !== budgetId) throw unprocessable('Only the latest closed budget can be reopened');
  return budget.name;
}
