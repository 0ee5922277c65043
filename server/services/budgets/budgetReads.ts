import { sql } from 'kysely';
import type {
  Allocation,
  Budget,
  BudgetSummary,
  FutureAllocation,
  FutureBudget,
  Income,
} from '../../../src/shared/schemas/budgets';
import { NO_OPEN_BUDGET_MESSAGE } from '../../../src/shared/schemas/budgets';
import type { Budget as BudgetRow } from '../../db/schema';
import type { HouseholdScope } from '../../db/scope';
import { notFound } from '../../errors';
import { spentPerAllocation } from '../spending';
import { currentBudget, findBudget } from './periods';

export async function listBudgets(scope: HouseholdScope): Promise<BudgetSummary[]> {
  return scope
    .selectFrom('budgets')
    .select(['id', 'name', 'start_date', 'end_date', 'status'])
    .orderBy('start_date', 'desc')
    .execute();
}

export async function currentBudgetId(scope: HouseholdScope): Promise<{ budget_id: number }> {
  const budget = await currentBudget(scope);
  if (!budget) throw notFound(NO_OPEN_BUDGET_MESSAGE);
  return { budget_id: budget.id };
}

const incomesOf = (scope: HouseholdScope, budgetIds: number[]): Promise<Income[]> =>
  scope
    .selectFrom('incomes')
    .select(['id', 'name', 'amount', 'budget_id', 'bank_account_id', 'comment', 'owner'])
    .where('budget_id', 'in', budgetIds)
    .orderBy('id')
    .execute();

const allocationColumns = [
  'allocations.id',
  'allocations.name',
  'allocations.amount',
  'allocations.budget_id',
  'allocations.allocation_category_id',
  'allocation_categories.name as category_name',
  'allocations.allocation_class',
  'allocations.is_fixed_amount',
  'allocations.comment',
  'allocations.special_event_id',
] as const;

const allocationsQuery = (scope: HouseholdScope) =>
  scope
    .selectFrom('allocations')
    .innerJoin('allocation_categories', 'allocation_categories.id', 'allocations.allocation_category_id')
    .orderBy('allocations.id');

type AllocationRecord = {
  id: number;
  name: string;
  amount: number;
  budget_id: number;
  allocation_category_id: number;
  category_name: string;
  allocation_class: FutureAllocation['allocation_class'];
  is_fixed_amount: number;
  comment: string | null;
  special_event_id: number | null;
};

const futureAllocation = (row: AllocationRecord): FutureAllocation => ({
  id: row.id,
  name: row.name,
  amount: row.amount,
  budget_id: row.budget_id,
  allocation_category_id: row.allocation_category_id,
  allocation_category: { id: row.allocation_category_id, name: row.category_name },
  allocation_class: row.allocation_class,
  is_fixed_amount: row.is_fixed_amount === 1,
  comment: row.comment,
  special_event_id: row.special_event_id,
});

async function allocationsOf(scope: HouseholdScope, budgetIds: number[]): Promise<FutureAllocation[]> {
  const rows = await allocationsQuery(scope).select(allocationColumns).where('allocations.budget_id', 'in', budgetIds).execute();
  return rows.map(futureAllocation);
}

/** A budget's allocations with `spent`: the lines and the grouped sums in one statement. */
export async function allocationsWithSpent(scope: HouseholdScope, budgetId: number): Promise<Allocation[]> {
  const rows = await allocationsQuery(scope)
    .leftJoin(spentPerAllocation(scope, sql<boolean>`allocations.budget_id = ${budgetId}`).as('sums'), 'sums.allocation_id', 'allocations.id')
    .select([...allocationColumns, 'sums.spent'])
    .where('allocations.budget_id', '=', budgetId)
    .execute();
  return rows.map((row) => ({ ...futureAllocation(row), spent: row.spent ?? 0 }));
}

/** A budget as GET /budgets/:id shows it: four queries whatever its size. */
export async function readBudget(scope: HouseholdScope, id: number): Promise<Budget> {
  return budgetWithLines(scope, await findBudget(scope, id));
}

export async function budgetWithLines(scope: HouseholdScope, budget: BudgetRow): Promise<Budget> {
  const [incomes, allocations] = await Promise.all([incomesOf(scope, [budget.id]), allocationsWithSpent(scope, budget.id)]);
  return { ...summaryOf(budget), lock_version: budget.lock_version, incomes, allocations };
}

const summaryOf = (budget: BudgetRow): BudgetSummary => ({
  id: budget.id,
  name: budget.name,
  start_date: budget.start_date,
  end_date: budget.end_date,
  status: budget.status,
});

/** Every open budget, oldest first, with its lines (no `spent`: the grid plans, it does not track). */
export async function futureBudgets(scope: HouseholdScope): Promise<FutureBudget[]> {
  const budgets = await scope.selectFrom('budgets').selectAll().where('status', '=', 'open').orderBy('start_date').execute();
  if (budgets.length === 0) return [];
  const ids = budgets.map((b) => b.id);
  const [incomes, allocations] = await Promise.all([incomesOf(scope, ids), allocationsOf(scope, ids)]);
  const byBudget = new Map(budgets.map((b) => [b.id, { ...summaryOf(b), lock_version: b.lock_version, incomes: [] as Income[], allocations: [] as FutureAllocation[] }]));
  for (const income of incomes) byBudget.get(income.budget_id)!.incomes.push(income);
  for (const allocation of allocations) byBudget.get(allocation.budget_id)!.allocations.push(allocation);
  return [...byBudget.values()];
}

/** GET /allocations?budget_id= */
export async function budgetAllocations(scope: HouseholdScope, budgetId: number): Promise<Allocation[]> {
  await findBudget(scope, budgetId);
  return allocationsWithSpent(scope, budgetId);
}
