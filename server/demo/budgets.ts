import type { Kysely } from 'kysely';
import { addMonths, budgetEndDate, budgetName, type DateOnly } from '../../src/shared/dates';
import { inChunks } from '../db/chunks';
import type { Database } from '../db/schema';
import { insertedId } from './insertedId';
import { type AllocationTemplate, INCOMES } from './template';

export interface DemoBudget {
  id: number;
  start: DateOnly;
  end: DateOnly;
  closed: boolean;
}

/** Monthly budgets from `pastCount` months before `currentStart` to `futureCount` after it; the past ones closed. */
export async function insertDemoBudgets(trx: Kysely<Database>, household_id: number, currentStart: DateOnly, pastCount: number, futureCount: number): Promise<DemoBudget[]> {
  const budgets: DemoBudget[] = [];
  for (let i = 0; i < pastCount + 1 + futureCount; i += 1) {
    const start = addMonths(currentStart, i - pastCount);
    const end = budgetEndDate(start);
    const closed = start < currentStart;
    const id = await insertedId(trx.insertInto('budgets').values({ household_id, name: budgetName(start, end), start_date: start, end_date: end, status: closed ? 'closed' : 'open' }).returning('id'));
    budgets.push({ id, start, end, closed });
  }
  return budgets;
}

export const insertDemoCategories = async (trx: Kysely<Database>, household_id: number, templates: AllocationTemplate[]): Promise<Map<string, number>> => {
  const categories = new Map<string, number>();
  for (const name of [...new Set(templates.map((t) => t.category))].sort()) {
    categories.set(name, await insertedId(trx.insertInto('allocation_categories').values({ household_id, name }).returning('id')));
  }
  return categories;
};

export const insertDemoSpecialEvent = (trx: Kysely<Database>, household_id: number, start_date: DateOnly) =>
  insertedId(trx.insertInto('special_events').values({ household_id, name: "Sam's 40th birthday", budget_amount: 60000, start_date }).returning('id'));

interface BudgetLines {
  budgets: DemoBudget[];
  templates: AllocationTemplate[];
  categories: Map<string, number>;
  incomeAccountId: number;
  /** the budget whose gifts line belongs to the special event */
  eventBudgetId: number;
  specialEventId: number;
}

/** Every budget's incomes and allocations; returns the allocation ids by `budgetId|name` (names are unique in a budget). */
export async function insertDemoBudgetLines(trx: Kysely<Database>, household_id: number, lines: BudgetLines): Promise<Map<string, number>> {
  const { budgets, templates, categories } = lines;
  const incomes = budgets.flatMap((b) => INCOMES.map((income) => ({ household_id, budget_id: b.id, name: income.name, amount: income.amount, bank_account_id: lines.incomeAccountId, comment: null })));
  await inChunks(incomes, (chunk) => trx.insertInto('incomes').values(chunk).execute());
  const allocations = budgets.flatMap((b) =>
    templates.map((t) => ({
      household_id,
      budget_id: b.id,
      allocation_category_id: categories.get(t.category)!,
      name: t.name,
      amount: t.amount,
      allocation_class: t.allocation_class,
      is_fixed_amount: t.fixed ? 1 : 0,
      comment: t.fixed ? 'Fixed monthly amount' : null,
      special_event_id: b.id === lines.eventBudgetId && t.name === 'Gifts & celebrations' ? lines.specialEventId : null,
    })),
  );
  await inChunks(allocations, (chunk) => trx.insertInto('allocations').values(chunk).execute());
  // Read back by (budget, name) rather than relying on RETURNING order.
  const rows = await trx.selectFrom('allocations').select(['id', 'budget_id', 'name']).where('household_id', '=', household_id).execute();
  return new Map(rows.map((a) => [`${a.budget_id}|${a.name}`, a.id]));
}
