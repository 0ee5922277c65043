import { sql } from 'kysely';
import { classSummary, type ClassifiedLine } from '../../../src/shared/budgetMath';
import type { AllocationClass } from '../../../src/shared/schemas/budgets';
import type { NeedsVsWantsRow } from '../../../src/shared/schemas/reports';
import type { HouseholdScope } from '../../db/scope';
import { allocationsWithSpentQuery, cents } from '../budgets/budgetReads';
import { reportBudgets } from './reportBudgets';

/**
 * Needs, wants and savings per budget, budgeted and actual, by the budget screen's rule (`classSummary`): needs
 * and savings are the sums of their allocations, wants the remainder of the income. Budgeted sums the
 * allocations' amounts; actual sums what was spent on them (the budget screen's `spent`), so actual wants is
 * the income not spent on needs or put into savings: what went on wants plus what was left unspent.
 * Three queries whatever the number of budgets.
 */
export async function needsVsWantsReport(scope: HouseholdScope, range: { from?: string; to?: string }): Promise<NeedsVsWantsRow[]> {
  const budgets = await reportBudgets(scope, range);
  if (budgets.length === 0) return [];
  const ids = budgets.map((budget) => budget.id);
  const [incomes, classes] = await Promise.all([
    scope
      .selectFrom('incomes')
      .select(['budget_id', sql<number | string>`sum(amount)`.as('income')])
      .where('budget_id', 'in', ids)
      .groupBy('budget_id')
      .execute(),
    allocationsWithSpentQuery(scope, ids)
      .select([
        'allocations.budget_id',
        'allocations.allocation_class',
        sql<number | string>`sum(allocations.amount)`.as('budgeted'),
        sql<number | string>`coalesce(sum(sums.spent), 0)`.as('spent'),
      ])
      .groupBy(['allocations.budget_id', 'allocations.allocation_class'])
      .execute(),
  ]);

  const incomeOf = new Map(incomes.map((row) => [row.budget_id, cents(row.income)]));
  const linesOf = new Map<number, Array<{ allocation_class: AllocationClass; budgeted: number; spent: number }>>();
  for (const row of classes) {
    const lines = linesOf.get(row.budget_id) ?? [];
    lines.push({ allocation_class: row.allocation_class, budgeted: cents(row.budgeted), spent: cents(row.spent) });
    linesOf.set(row.budget_id, lines);
  }

  return budgets.map((budget) => {
    const income = incomeOf.get(budget.id) ?? 0;
    const lines = linesOf.get(budget.id) ?? [];
    const summaryOf = (amount: (line: (typeof lines)[number]) => number) =>
      classSummary(income, lines.map((line): ClassifiedLine => ({ allocation_class: line.allocation_class, amount: amount(line) })));
    const budgeted = summaryOf((line) => line.budgeted);
    const actual = summaryOf((line) => line.spent);
    return {
      budget_id: budget.id,
      period: budget.period,
      income,
      budgeted_needs: budgeted.needs,
      budgeted_wants: budgeted.wants,
      budgeted_savings: budgeted.savings,
      actual_needs: actual.needs,
      actual_wants: actual.wants,
      actual_savings: actual.savings,
      budgeted_needs_percent: budgeted.needsPercent,
      budgeted_wants_percent: budgeted.wantsPercent,
      budgeted_savings_percent: budgeted.savingsPercent,
      actual_needs_percent: actual.needsPercent,
      actual_wants_percent: actual.wantsPercent,
      actual_savings_percent: actual.savingsPercent,
    };
  });
}
