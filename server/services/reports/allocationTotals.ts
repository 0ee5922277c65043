import { sql } from 'kysely';
import type { AllocationClass } from '../../../src/shared/schemas/budgets';
import type { HouseholdScope } from '../../db/scope';

interface AllocationTotal<Key> {
  budget_id: number;
  key: Key;
  /** Σ amount of the allocations. */
  budgeted: number;
  /** Σ spent on them, by the budget screen's rule. */
  spent: number;
}


/**
 * Budgeted and spent per budget and category (or class) over the budgets asked for: one grouped scan of the
 * budgets' allocations, each with its spent from `allocation_spending` (migration 0016: the budget screen's rule,
 * kept by the database), so reports over every period never read the transactions. A group with allocations but
 * no spending has spent 0.
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
  let query = scope
    .selectFrom('allocations')
    .leftJoin('allocation_spending', 'allocation_spending.allocation_id', 'allocations.id')
    .select([
      'allocations.budget_id',
      key.as('key'),
      sql<number>`sum(allocations.amount)`.as('budgeted'),
      sql<number | null>`sum(allocation_spending.spent)`.as('spent'),
    ])
    .where('allocations.budget_id', 'in', budgetIds)
    .groupBy(['allocations.budget_id', key]);
  if (onlyCategoryId !== undefined) query = query.where('allocations.allocation_category_id', '=', onlyCategoryId);
  const rows = await query.execute();
  return rows.map((row) => ({ budget_id: row.budget_id, key: row.key, budgeted: row.budgeted, spent: row.spent ?? 0 }));
}
