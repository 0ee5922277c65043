import { sql } from 'kysely';
import { classSummary, incomeShares, type ClassifiedLine } from '../../../src/shared/budgetMath';
import type { NeedsVsWantsRow } from '../../../src/shared/schemas/reports';
import type { HouseholdScope } from '../../db/scope';
import { allocationTotals } from './allocationTotals';
import { reportBudgets } from './reportBudgets';

/**
 * Needs, wants and savings per budget, budgeted and actual, by the budget screen's rule (`classSummary`): needs
 * and savings are the sums of their allocations, wants the remainder of the income (also given in its two parts,
 * allocated to wants and unallocated). Budgeted sums the
 * allocations' amounts; actual sums what was spent on them (the budget screen's `spent`), so actual wants is
 * the income not spent on needs or put into savings: what went on wants plus what was left unspent. A budget with
 * no spending yet has no actuals (null), not an actual of 100 % wants. The original client's fields keep that rule;
 * the screen reads the actuals apart (`incomeShares`): what was spent on wants, and what is not yet spent.
 * Three queries whatever the number of budgets.
 */
export async function needsVsWantsReport(scope: HouseholdScope, range: { from?: string; to?: string }): Promise<NeedsVsWantsRow[]> {
  const budgets = await reportBudgets(scope, range);
  if (budgets.length === 0) return [];
  const ids = budgets.map((budget) => budget.id);
  const [incomes, classes] = await Promise.all([
    scope
      .selectFrom('incomes')
      .select(['budget_id', sql<number>`sum(amount)`.as('income')])
      .where('budget_id', 'in', ids)
      .groupBy('budget_id')
      .execute(),
    allocationTotals(scope, ids, 'allocation_class'),
  ]);

  const incomeOf = new Map(incomes.map((row) => [row.budget_id, row.income]));
  const linesOf = new Map<number, typeof classes>();
  for (const total of classes) linesOf.set(total.budget_id, [...(linesOf.get(total.budget_id) ?? []), total]);

  return budgets.map((budget) => {
    const income = incomeOf.get(budget.id) ?? 0;
    const lines = linesOf.get(budget.id) ?? [];
    const summaryOf = (amount: (line: (typeof lines)[number]) => number) =>
      classSummary(income, lines.map((line): ClassifiedLine => ({ allocation_class: line.key, amount: amount(line) })));
    const budgeted = summaryOf((line) => line.budgeted);
    const actual = lines.some((line) => line.spent !== 0) ? summaryOf((line) => line.spent) : null;
    const spentOn = (key: string) => lines.filter((line) => line.key === key).reduce((sum, line) => sum + line.spent, 0);
    const spent = actual && incomeShares(income, { needs: actual.needs, wants: spentOn('want'), savings: actual.savings }, 0);
    return {
      budget_id: budget.id,
      period: budget.period,
      income,
      budgeted_needs: budgeted.needs,
      budgeted_wants: budgeted.wants,
      budgeted_savings: budgeted.savings,
      budgeted_wants_allocated: budgeted.wantsAllocated,
      budgeted_unallocated: budgeted.unallocated,
      actual_needs: actual?.needs ?? null,
      actual_wants: actual?.wants ?? null,
      actual_savings: actual?.savings ?? null,
      budgeted_needs_percent: budgeted.needsPercent,
      budgeted_wants_percent: budgeted.wantsPercent,
      budgeted_savings_percent: budgeted.savingsPercent,
      actual_needs_percent: actual?.needsPercent ?? null,
      actual_wants_percent: actual?.wantsPercent ?? null,
      actual_savings_percent: actual?.savingsPercent ?? null,
      actual_wants_spent: spent?.wants ?? null,
      actual_unspent: spent?.rest ?? null,
      actual_wants_spent_percent: spent?.wantsPercent ?? null,
      actual_unspent_percent: spent?.restPercent ?? null,
    };
  });
}
