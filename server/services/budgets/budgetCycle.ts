import { sql } from 'kysely';
import { addMonths } from '../../../src/shared/dates';
import { NO_CLOSED_BUDGET_MESSAGE, type Budget } from '../../../src/shared/schemas/budgets';
import type { HouseholdScope } from '../../db/scope';
import { unprocessable } from '../../errors';
import { proposeScheduledAmounts } from '../schedules/scheduledAmounts';
import { rebuildCheckpoints, rollCheckpoints } from './accountCheckpoints';
import { budgetWithLines, readBudget } from './budgetReads';
import { carryForwardUnpaidCharges, undoCarryForward } from './creditCardCarryForward';
import { bumpLockVersion, currentBudget, findBudget, insertBudget, newestBudget, now, periodStarting, refuseOverlap } from './periods';

/**
 * PUT /budgets/:id/copy: the next month's budget with the same incomes and allocations (never transactions); the
 * lines schedules pay start at their scheduled total for the new month.
 */
export async function copyBudget(scope: HouseholdScope, id: number): Promise<Budget> {
  return scope.transaction(async (tx) => {
    const source = await findBudget(tx, id);
    const newest = await newestBudget(tx);
    if (newest?.id !== source.id) throw unprocessable('Only the newest budget can be copied');
    const period = periodStarting(addMonths(source.start_date, 1));
    await refuseOverlap(tx, period);
    const copy = await insertBudget(tx, period);
    // A typed literal: PostgreSQL cannot infer the type of a bare parameter in a SELECT list.
    const copyId = sql<number>`cast(${copy.id} as integer)`.as('budget_id');
    await tx
      .insertInto('incomes')
      .columns(['household_id', 'budget_id', 'name', 'amount', 'bank_account_id', 'comment', 'owner'])
      .expression(
        tx
          .selectFrom('incomes')
          .select(['incomes.household_id', copyId, 'incomes.name', 'incomes.amount', 'incomes.bank_account_id', 'incomes.comment', 'incomes.owner'])
          .where('incomes.budget_id', '=', source.id)
          .orderBy('incomes.id'),
      )
      .execute();
    await tx
      .insertInto('allocations')
      .columns([
        'household_id',
        'budget_id',
        'allocation_category_id',
        'name',
        'amount',
        'allocation_class',
        'is_fixed_amount',
        'comment',
        'special_event_id',
      ])
      .expression(
        tx
          .selectFrom('allocations')
          .select([
            'allocations.household_id',
            copyId,
            'allocations.allocation_category_id',
            'allocations.name',
            'allocations.amount',
            'allocations.allocation_class',
            'allocations.is_fixed_amount',
            'allocations.comment',
            'allocations.special_event_id',
          ])
          .where('allocations.budget_id', '=', source.id)
          .orderBy('allocations.id'),
      )
      .execute();
    await proposeScheduledAmounts(tx, copy);
    return budgetWithLines(tx, copy);
  });
}

/** PUT /budgets/:id/close: settle every account at the budget's end and carry unpaid card charges forward. */
export async function closeBudget(scope: HouseholdScope, id: number): Promise<Budget> {
  return scope.transaction(async (tx) => {
    const budget = await findBudget(tx, id);
    if (budget.status === 'closed') throw unprocessable('This budget is already closed');
    const current = await currentBudget(tx);
    if (current?.id !== budget.id) throw unprocessable('Only the current budget (the earliest open one) can be closed');
    await rollCheckpoints(tx, budget);
    await carryForwardUnpaidCharges(tx, budget);
    await tx
      .updateTable('budgets')
      .set({ status: 'closed', updated_at: now })
      .where('id', '=', id)
      .execute();
    await bumpLockVersion(tx, [id]);
    return readBudget(tx, id);
  });
}

/** POST /budgets/reopen_last_budget: the latest closed budget opens again, every checkpoint back before its start. */
export async function reopenLastBudget(scope: HouseholdScope): Promise<Budget> {
  return scope.transaction(async (tx) => {
    const budget = await tx
      .selectFrom('budgets')
      .selectAll()
      .where('status', '=', 'closed')
      .orderBy('start_date', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!budget) throw unprocessable(NO_CLOSED_BUDGET_MESSAGE);
    await undoCarryForward(tx, budget);
    await rebuildCheckpoints(tx, budget);
    await tx
      .updateTable('budgets')
      .set({ status: 'open', updated_at: now })
      .where('id', '=', budget.id)
      .execute();
    await bumpLockVersion(tx, [budget.id]);
    return readBudget(tx, budget.id);
  });
}
