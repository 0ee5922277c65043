import { sql } from 'kysely';
import type { CategorySpendingRow } from '../../../src/shared/schemas/reports';
import type { HouseholdScope } from '../../db/scope';
import { notFound } from '../../errors';
import { allocationCategories, CATEGORY_NOT_FOUND } from '../allocationCategories';
import { allocationsWithSpentQuery, cents } from '../budgets/budgetReads';
import { reportBudgets } from './reportBudgets';

export interface CategorySpendingReport {
  rows: CategorySpendingRow[];
  /** The one category asked for, if any (it names the CSV file). */
  category: { id: number; name: string } | null;
}

/**
 * Budgeted and spent per category and budget: a row for every category of the household (by name) in every
 * budget shown (oldest first), zero where the category had no allocation. `spent` is the budget screen's, with
 * its rule for carried-forward rows. Three queries whatever the number of budgets and categories.
 */
export async function categorySpendingReport(
  scope: HouseholdScope,
  query: { from?: string; to?: string; category_id?: number },
): Promise<CategorySpendingReport> {
  const [budgets, allCategories] = await Promise.all([reportBudgets(scope, query), allocationCategories.list(scope)]);
  const categoryId = query.category_id;
  const categories = categoryId === undefined ? allCategories : allCategories.filter((category) => category.id === categoryId);
  if (categoryId !== undefined && categories.length === 0) throw notFound(CATEGORY_NOT_FOUND);
  if (budgets.length === 0 || categories.length === 0) return { rows: [], category: categoryId === undefined ? null : categories[0] };

  let sums = allocationsWithSpentQuery(
    scope,
    budgets.map((budget) => budget.id),
  )
    .select([
      'allocations.budget_id',
      'allocations.allocation_category_id',
      sql<number | string>`sum(allocations.amount)`.as('budgeted'),
      sql<number | string>`coalesce(sum(sums.spent), 0)`.as('spent'),
    ])
    .groupBy(['allocations.budget_id', 'allocations.allocation_category_id']);
  if (categoryId !== undefined) sums = sums.where('allocations.allocation_category_id', '=', categoryId);
  const totals = new Map((await sums.execute()).map((row) => [`${row.budget_id}:${row.allocation_category_id}`, row]));

  const rows = categories.flatMap((category) =>
    budgets.map((budget) => {
      const total = totals.get(`${budget.id}:${category.id}`);
      const budgeted = cents(total?.budgeted ?? null);
      const spent = cents(total?.spent ?? null);
      return {
        budget_id: budget.id,
        allocation_category_id: category.id,
        category_name: category.name,
        period: budget.period,
        budgeted,
        spent,
        difference: budgeted - spent,
      };
    }),
  );
  return { rows, category: categoryId === undefined ? null : categories[0] };
}
