import { ownerLabel, type Partners } from '../../../src/shared/incomeOwners';
import { formatMoney } from '../../../src/shared/money';
import { updateRows } from '../../db/batchUpdate';
import { inChunks } from '../../db/chunks';
import type { Allocation, Income } from '../../db/schema';
import type { HouseholdScope } from '../../db/scope';
import { Refusals } from '../refusals';
import { ALLOCATION_COLUMNS, INCOME_COLUMNS } from '../budgets/budgetEdits';
import { CATEGORY_UNKNOWN, refuseDeletingUsedAllocations } from '../budgets/lines';
import { bumpLockVersion } from '../budgets/periods';
import { type ActivityEntry, type ActivityKind, listedChanges, recordActivity } from './record';

/** The incomes and allocations of some budgets, whole: what a budget edit or a mass edit is undone to. */
export interface BudgetLines {
  budgetIds: number[];
  incomes: Income[];
  allocations: Allocation[];
}

export async function snapshotLines(scope: HouseholdScope, budgetIds: number[]): Promise<BudgetLines> {
  if (budgetIds.length === 0) return { budgetIds, incomes: [], allocations: [] };
  const [incomes, allocations] = await Promise.all([
    scope.selectFrom('incomes').selectAll().where('budget_id', 'in', budgetIds).orderBy('id').execute(),
    scope.selectFrom('allocations').selectAll().where('budget_id', 'in', budgetIds).orderBy('id').execute(),
  ]);
  return { budgetIds, incomes, allocations };
}

type Line = Income | Allocation;

const fieldOf = (line: Line, column: string) => (line as unknown as Record<string, unknown>)[column];
// The screen shows no comment and an empty one alike, and saves every line with what it shows: a line whose
// missing comment came back empty was not changed by the person.
const sameValue = (a: unknown, b: unknown) => a === b || ((a === null || a === '') && (b === null || b === ''));

/**
 * "Groceries 400.00 → 450.00", "added Gym 30.00", "removed Gym", "Food renamed Groceries", "Salary now Ana's":
 * one per changed line. `partners` names whose an income is (read only when an owner changed).
 */
function lineChanges(before: Line[], after: Line[], columns: readonly string[], partners?: Partners): string[] {
  const old = new Map(before.map((line) => [line.id, line]));
  const changes: string[] = [];
  const seen = new Set<number>();
  for (const line of after) {
    const was = old.get(line.id);
    seen.add(line.id);
    if (!was) {
      changes.push(`added ${line.name} ${formatMoney(line.amount)}`);
      continue;
    }
    const parts: string[] = [];
    if (was.name !== line.name) parts.push(`${was.name} renamed ${line.name}`);
    if (was.amount !== line.amount) parts.push(`${line.name} ${formatMoney(was.amount)} → ${formatMoney(line.amount)}`);
    if (partners && 'owner' in line && (was as Income).owner !== line.owner) parts.push(`${line.name} now ${line.owner === 'shared' ? 'shared' : ownerLabel(partners, line.owner)}`);
    const worded = new Set(['name', 'amount', ...(partners ? ['owner'] : [])]);
    const other = columns.some((column) => !worded.has(column) && !sameValue(fieldOf(was, column), fieldOf(line, column)));
    if (parts.length === 0 && other) parts.push(`${line.name} changed`);
    changes.push(...parts);
  }
  for (const line of before) if (!seen.has(line.id)) changes.push(`removed ${line.name}`);
  return changes;
}

const INCOME_FIELDS = Object.keys(INCOME_COLUMNS);
const ALLOCATION_FIELDS = Object.keys(ALLOCATION_COLUMNS);

/** Every change between two snapshots, budget by budget (named when there are several). */
export async function describeLines(scope: HouseholdScope, before: BudgetLines, after: BudgetLines): Promise<{ changes: string[]; perBudget: Map<number, string[]> }> {
  const perBudget = new Map<number, string[]>();
  const owners = new Map(before.incomes.map((income) => [income.id, income.owner]));
  const ownerMoved = after.incomes.some((income) => owners.has(income.id) && owners.get(income.id) !== income.owner);
  const partners = ownerMoved ? await scope.selectFrom('settings').select(['family_type', 'wife', 'husband']).executeTakeFirst() : undefined;
  for (const id of after.budgetIds) {
    const of = <L extends Line>(lines: L[]) => lines.filter((line) => line.budget_id === id);
    perBudget.set(id, [
      ...lineChanges(of(before.incomes), of(after.incomes), INCOME_FIELDS, partners),
      ...lineChanges(of(before.allocations), of(after.allocations), ALLOCATION_FIELDS),
    ]);
  }
  const names = await budgetNames(scope, after.budgetIds);
  const several = [...perBudget.values()].filter((c) => c.length > 0).length > 1;
  const changes = [...perBudget.entries()].flatMap(([id, list]) => (several ? list.map((c) => `${c} (${names.get(id)})`) : list));
  return { changes, perBudget };
}

export async function budgetNames(scope: HouseholdScope, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await scope.selectFrom('budgets').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Runs a write of budget lines and records it with the lines as they were, in one transaction. `budgetIds`
 * are the budgets it may touch; `summarise` words it from the list of changes.
 */
export async function recordLineChange<R>(
  scope: HouseholdScope,
  kind: ActivityKind,
  budgetIds: number[],
  work: (trx: HouseholdScope) => Promise<R>,
  summarise: (changes: string[], touched: number[], names: Map<number, string>) => string,
): Promise<{ result: R; activityId: number }> {
  return scope.transaction(async (trx) => {
    const before = await snapshotLines(trx, budgetIds);
    const result = await work(trx);
    const after = await snapshotLines(trx, budgetIds);
    const { changes, perBudget } = await describeLines(trx, before, after);
    const touched = [...perBudget.entries()].filter(([, list]) => list.length > 0).map(([id]) => id);
    const names = await budgetNames(trx, budgetIds);
    const entry: ActivityEntry = {
      kind,
      summary: summarise(changes, touched, names),
      budgetId: budgetIds.length === 1 ? budgetIds[0] : (touched[0] ?? null),
      undo: { budgetIds: touched, incomes: before.incomes.filter((l) => touched.includes(l.budget_id)), allocations: before.allocations.filter((l) => touched.includes(l.budget_id)) },
      rowKeys: touched.map((id) => `budget:${id}`),
    };
    return { result, activityId: await recordActivity(trx, entry) };
  });
}

export const savedBudgetSummary = (name: string) => (changes: string[]) => listedChanges(`saved ${name}`, changes);

/**
 * Puts the lines of the budgets back as they were (the undo of a budget edit or a mass edit): lines added
 * since are deleted (refused when transactions use them), changed ones restored, removed ones written again
 * with their ids.
 */
export async function restoreLines(scope: HouseholdScope, was: BudgetLines): Promise<string[]> {
  const now = await snapshotLines(scope, was.budgetIds);
  const { changes } = await describeLines(scope, now, was);
  const refusals = new Refusals();
  const gone = <L extends Line>(current: L[], old: L[]) => current.filter((line) => !old.some((o) => o.id === line.id)).map((line) => line.id);
  const incomeDeletes = gone(now.incomes, was.incomes);
  const allocationDeletes = gone(now.allocations, was.allocations);
  await refuseDeletingUsedAllocations(scope, allocationDeletes, refusals);
  if (!(await scope.ownsAll('allocation_categories', was.allocations.map((a) => a.allocation_category_id)))) refusals.add(CATEGORY_UNKNOWN);
  refusals.throwIfAny();
  await inChunks(incomeDeletes, (part) => scope.deleteFrom('incomes').where('id', 'in', part).execute());
  await inChunks(allocationDeletes, (part) => scope.deleteFrom('allocations').where('id', 'in', part).execute());
  const pick = <L extends Line>(line: L, fields: string[]) => Object.fromEntries(fields.map((f) => [f, (line as unknown as Record<string, unknown>)[f]]));
  const split = <L extends Line>(current: L[], old: L[]) => ({
    updates: old.filter((o) => current.some((c) => c.id === o.id)),
    inserts: old.filter((o) => !current.some((c) => c.id === o.id)),
  });
  const incomes = split(now.incomes, was.incomes);
  const allocations = split(now.allocations, was.allocations);
  await updateRows(scope, 'incomes', INCOME_COLUMNS, incomes.updates.map((line) => ({ id: line.id, values: pick(line, INCOME_FIELDS) as Record<keyof typeof INCOME_COLUMNS, unknown> })));
  await updateRows(
    scope,
    'allocations',
    ALLOCATION_COLUMNS,
    allocations.updates.map((line) => ({ id: line.id, values: pick(line, ALLOCATION_FIELDS) as Record<keyof typeof ALLOCATION_COLUMNS, unknown> })),
  );
  const strip = <L extends Line>({ created_at: _c, updated_at: _u, ...line }: L) => line;
  await inChunks(incomes.inserts.map(strip), (part) => scope.insertInto('incomes').values(part).execute());
  await inChunks(allocations.inserts.map(strip), (part) => scope.insertInto('allocations').values(part).execute());
  await bumpLockVersion(scope, was.budgetIds);
  return changes;
}
