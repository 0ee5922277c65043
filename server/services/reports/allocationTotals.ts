import { sql } from 'kysely';
import type { AllocationClass } from '../../../src/shared/schemas/budgets';
import type { HouseholdScope } from '../../db/scope';
import { cents, spendingQuery, spentSum } from '../budgets/budgetReads';

export interface AllocationTotal<Key> {
  budget_id: number;
  key: Key;
  /** Σ amount of the allocations. */
  budgeted: number;
  /** Σ spent on them, by the budget screen's rule. */
  spent: number;
}


/**
 * Budgeted and spent per budget and category (or class) over the budgets asked for: two grouped queries, each a
 * plain scan of the budgets' allocations (the spent one into the transactions index), so no plan can repeat one
 * for every allocation. A group with allocations but no spending has spent 0.
 */
export function allocationTotals(
  scope: HouseholdScope,
  budgetIds: number[],
  column: 'allocation_category_id',
  onlyCategoryId?: number,
): Promise<Array<AllocationTotal<number>>>;
export function allocationTotals(scope: HouseholdScope, budgetIds: number[], column: 'allocation_class'): Promise<Array<AllocationTotal<AllocationClass>>>;
export async function allocationTotals(
  scope: HouseholdScope,
  budgetIds: number[],
  column: 'allocation_category_id' | 'allocation_class',
  onlyCategoryId?: number,
): Promise<Array<AllocationTotal<number | AllocationClass>>> {
  const key = sql<number | AllocationClass>`${sql.ref(`allocations.${column}`)}`;
  let budgeted = scope
    .selectFrom('allocations')
    .select(['allocations.budget_id', key.as('key'), sql<number | string>`sum(allocations.amount)`.as('total')])
    .where('allocations.budget_id', 'in', budgetIds)
    .groupBy(['allocations.budget_id', key]);
  let spent = spendingQuery(scope, budgetIds)
    .select(['allocations.budget_id', key.as('key'), spentSum.as('total')])
    .groupBy(['allocations.budget_id', key]);
  if (onlyCategoryId !== undefined) {
    budgeted = budgeted.where('allocations.allocation_category_id', '=', onlyCategoryId);
    spent = spent.where('allocations.allocation_category_id', '=', onlyCategoryId);
  }
  const [budgetedRows, spentRows] = await Promise.all([budgeted.execute(), spent.execute()]);
  const spentOf = new Map(spentRows.map((row) => [`${row.budget_id}:${row.key}`, cents(row.total)]));
  return budgetedRows.map((row) => ({
    budget_id: row.budget_id,
    key: row.key,
    budgeted: cents(row.total),
    spent: spentOf.get(`${row.budget_id}:${row.key}`) ?? 0,
  }));
}
