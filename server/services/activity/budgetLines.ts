import { ownerLabel, type Partners } from '../../../src/shared/incomeOwners';
import { formatMoney } from '../../../src/shared/money';
import { inChunks } from '../../db/chunks';
import { collectChanges, type TableChanges } from '../../db/rowSet';
import type { Allocation, Income } from '../../db/schema';
import type { HouseholdScope } from '../../db/scope';
import { ALLOCATION_COLUMNS, INCOME_COLUMNS } from '../budgets/budgetEdits';
import { bumpLockVersion } from '../budgets/periods';
import { type ChangeSet, changedKeys, sealChanges } from './changeSet';
import { type ActivityEntry, recordActivity } from './record';
import { restoreChanges } from './restore';

/** Incomes and allocations of some budgets, as they were or are: what describing a change compares. */
interface BudgetLines {
  budgetIds: number[];
  incomes: Income[];
  allocations: Allocation[];
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
async function describeLines(scope: HouseholdScope, before: BudgetLines, after: BudgetLines): Promise<{ changes: string[]; perBudget: Map<number, string[]> }> {
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

/** The lines a change set names, as they are now (rows it inserted or updated) or were (rows it deleted). */
async function linesNow(scope: HouseholdScope, changes: TableChanges): Promise<BudgetLines> {
  const of = async <T extends 'incomes' | 'allocations'>(table: T) => {
    const rows = changes[table];
    const ids = rows ? [...rows.inserted, ...rows.updated.map((row) => row.id), ...rows.deleted.map((row) => row.id)] : [];
    const found: Line[] = [];
    await inChunks(ids, async (part) => {
      found.push(...(await scope.selectFrom(table as 'incomes').selectAll().where('id', 'in', part).execute()));
    });
    return found;
  };
  const incomes = (await of('incomes')) as Income[];
  const allocations = (await of('allocations')) as Allocation[];
  return { budgetIds: budgetsOf(incomes, allocations), incomes, allocations };
}

/** The lines a change set changed, as they were before it. */
function linesBefore(changes: TableChanges): BudgetLines {
  const of = (table: 'incomes' | 'allocations') => [...(changes[table]?.updated ?? []), ...(changes[table]?.deleted ?? [])];
  const incomes = of('incomes') as unknown as Income[];
  const allocations = of('allocations') as unknown as Allocation[];
  return { budgetIds: budgetsOf(incomes, allocations), incomes, allocations };
}

const budgetsOf = (...lists: Line[][]) => [...new Set(lists.flat().map((line) => line.budget_id))].sort((a, b) => a - b);

/** Every change a change set of budget lines made, in words, budget by budget (`at` the budgets of both sides). */
async function describeChanges(scope: HouseholdScope, before: BudgetLines, after: BudgetLines) {
  const budgetIds = budgetsOf(before.incomes, before.allocations, after.incomes, after.allocations);
  return describeLines(scope, { ...before, budgetIds }, { ...after, budgetIds });
}

/** What undoing a budget edit or a mass edit needs: its change set. */
export interface LinesUndo {
  budgetIds: number[];
  changes: ChangeSet;
}

/**
 * Runs a write of budget lines and records it from its own change set, in one transaction. `budgetIds` are
 * the budgets it may touch; `summarise` words it from the list of changes.
 */
export async function recordLineChange<R>(
  scope: HouseholdScope,
  kind: 'budget_save' | 'mass_edit',
  budgetIds: number[],
  work: (trx: HouseholdScope) => Promise<R>,
  summarise: (changes: string[], touched: number[], names: Map<number, string>) => string,
): Promise<{ result: R; activityId: number }> {
  return scope.transaction(async (trx) => {
    const { result, changes: written } = await collectChanges(trx, () => work(trx));
    const before = linesBefore(written);
    const after = await linesNow(trx, written);
    const { changes, perBudget } = await describeChanges(trx, before, after);
    const touched = [...perBudget.entries()].filter(([, list]) => list.length > 0).map(([id]) => id);
    const names = await budgetNames(trx, budgetIds);
    const set = await sealChanges(trx, written);
    const undo: LinesUndo = { budgetIds: budgetsOf(before.incomes, before.allocations, after.incomes, after.allocations), changes: set };
    const entry: ActivityEntry = {
      kind,
      summary: summarise(changes, touched, names),
      budgetId: budgetIds.length === 1 ? budgetIds[0] : (touched[0] ?? null),
      undo,
      rowKeys: changedKeys(set),
    };
    return { result, activityId: await recordActivity(trx, entry) };
  });
}

/**
 * Puts back the lines a budget edit or a mass edit changed (its undo): lines it added are deleted (refused when
 * transactions use them since), changed ones restored, removed ones written again with their ids.
 */
export async function restoreLines(scope: HouseholdScope, undo: LinesUndo): Promise<{ changes: string[]; written: TableChanges }> {
  const before = await linesNow(scope, undo.changes.tables);
  const written = await restoreChanges(scope, undo.changes);
  const { changes } = await describeChanges(scope, before, await linesNow(scope, undo.changes.tables));
  await bumpLockVersion(scope, undo.budgetIds);
  return { changes, written };
}
