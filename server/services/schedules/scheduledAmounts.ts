import { sql } from 'kysely';
import { occurrencesBetween } from '../../../src/shared/schedules/occurrences';
import type { AllocationClass } from '../../../src/shared/schemas/budgets';
import type { HouseholdScope } from '../../db/scope';
import { recurrenceOf } from './schedules';

/** A budget line the schedules pay: its category and name (the schedule's own words), and what they take in the period. */
export interface ScheduledLine {
  categoryId: number;
  name: string;
  /** Withdrawals less deposits of the occurrences dated in the period, in cents. */
  total: number;
}

const lineKey = (categoryId: number, name: string) => `${categoryId}|${name.trim().toLowerCase()}`;

/**
 * What the schedules with an allocation take in `from`–`to`, per line (category and name, as an occurrence finds
 * its line: docs/schedules.md). Every occurrence dated in the period counts, entered or still to come, except the
 * ones the person skipped. Lines whose schedules bring money in overall are left out: an allocation is spending.
 */
export async function scheduledLines(scope: HouseholdScope, from: string, to: string): Promise<Map<string, ScheduledLine>> {
  const schedules = await scope
    .selectFrom('schedules')
    .selectAll()
    .where('allocation_category_id', 'is not', null)
    .where('start_date', '<=', to)
    .where(sql<boolean>`(end_date is null or end_date >= ${from})`)
    .orderBy('id')
    .execute();
  const lines = new Map<string, ScheduledLine>();
  if (schedules.length === 0) return lines;
  const skipped = await scope
    .selectFrom('schedule_occurrences')
    .select(['schedule_id', 'occurrence_date'])
    .where('outcome', '=', 'skipped')
    .where('occurrence_date', '>=', from)
    .where('occurrence_date', '<=', to)
    .execute();
  const skippedKeys = new Set(skipped.map((o) => `${o.schedule_id}|${o.occurrence_date}`));
  for (const schedule of schedules) {
    const dates = occurrencesBetween(recurrenceOf(schedule), from, to).filter((date) => !skippedKeys.has(`${schedule.id}|${date}`));
    if (dates.length === 0) continue;
    const key = lineKey(schedule.allocation_category_id!, schedule.allocation_name!);
    const line = lines.get(key) ?? { categoryId: schedule.allocation_category_id!, name: schedule.allocation_name!, total: 0 };
    line.total -= schedule.amount * dates.length;
    lines.set(key, line);
  }
  for (const [key, line] of lines) if (line.total <= 0) lines.delete(key);
  return lines;
}

/**
 * Copy and Add New Budget (issue 45): each line the schedules pay starts at their total for the new budget's
 * period, the amount the person then confirms or changes like any other. A copied line keeps its class, comment
 * and the rest; a line the budget lacks is added, in the class its category and name had in the latest budget
 * before (the column's default when none). Lines without schedules are left as they are. Returns how many lines
 * were proposed.
 */
export async function proposeScheduledAmounts(scope: HouseholdScope, budget: { id: number; start_date: string; end_date: string }): Promise<number> {
  const lines = await scheduledLines(scope, budget.start_date, budget.end_date);
  if (lines.size === 0) return 0;
  const stored = await scope.selectFrom('allocations').select(['id', 'allocation_category_id', 'name', 'amount']).where('budget_id', '=', budget.id).orderBy('id').execute();
  const missing = new Map(lines);
  for (const allocation of stored) {
    const key = lineKey(allocation.allocation_category_id, allocation.name);
    const line = missing.get(key);
    // Only the first line of a name: it is the one an occurrence counts toward (upcoming.ts).
    if (!line) continue;
    missing.delete(key);
    if (allocation.amount !== line.total) await scope.updateTable('allocations').set({ amount: line.total }).where('id', '=', allocation.id).execute();
  }
  if (missing.size > 0) {
    const classes = await latestClasses(scope, budget.start_date, [...new Set([...missing.values()].map((l) => l.categoryId))]);
    await scope
      .insertInto('allocations')
      .values(
        [...missing.entries()].map(([key, line]) => ({
          household_id: scope.householdId,
          budget_id: budget.id,
          allocation_category_id: line.categoryId,
          name: line.name,
          amount: line.total,
          allocation_class: classes.get(key) ?? classes.get(String(line.categoryId)),
        })),
      )
      .execute();
  }
  return lines.size;
}

/** The class each category and name (and, failing that, each category) had in the latest budget before `start`. */
async function latestClasses(scope: HouseholdScope, start: string, categoryIds: number[]): Promise<Map<string, AllocationClass>> {
  const rows = await scope
    .selectFrom('allocations')
    .innerJoin('budgets', 'budgets.id', 'allocations.budget_id')
    .select(['allocations.allocation_category_id', 'allocations.name', 'allocations.allocation_class'])
    .where('allocations.allocation_category_id', 'in', categoryIds)
    .where('budgets.start_date', '<', start)
    .orderBy('budgets.start_date', 'desc')
    .orderBy('allocations.id')
    .execute();
  const classes = new Map<string, AllocationClass>();
  for (const row of rows) {
    const named = lineKey(row.allocation_category_id, row.name);
    if (!classes.has(named)) classes.set(named, row.allocation_class);
    if (!classes.has(String(row.allocation_category_id))) classes.set(String(row.allocation_category_id), row.allocation_class);
  }
  return classes;
}
