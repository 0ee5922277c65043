import type { CategorySpendingRow } from '../../../src/shared/schemas/reports';
import type { HouseholdScope } from '../../db/scope';
import { notFound } from '../../errors';
import { allocationCategories, CATEGORY_NOT_FOUND } from '../allocationCategories';
import { allocationTotals } from './allocationTotals';
import { reportBudgets } from './reportBudgets';

interface CategorySpendingReport {
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

  const budgetIds = budgets.map((budget) => budget.id);
  const totals = new Map(
    (await allocationTotals(scope, budgetIds, 'allocation_category_id', categoryId)).map((total) => [`${total.budget_id}:${total.key}`, total]),
  );

  const rows = categories.flatMap((category) =>
    budgets.map((budget) => {
      const { budgeted = 0, spent = 0 } = totals.get(`${budget.id}:${category.id}`) ?? {};
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
