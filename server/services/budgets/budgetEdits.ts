import { type Insertable, sql } from 'kysely';
import type { DateOnly } from '../../../src/shared/dates';
import {
  BUDGET_CONFLICT_MESSAGE,
  type AllocationRow,
  type Budget,
  type IncomeRow,
  type UpdateBudgetBody,
} from '../../../src/shared/schemas/budgets';
import type { ColumnTypes } from '../../db/batchUpdate';
import { inChunks } from '../../db/chunks';
import { writeRowSet } from '../../db/rowSet';
import { moveVersion } from '../../db/lockVersions';
import type { Allocation, AllocationsTable, Income, IncomesTable } from '../../db/schema';
import type { HouseholdScope } from '../../db/scope';
import { conflict, unprocessable } from '../../errors';
import { Refusals } from '../refusals';
import { proposeScheduledAmounts } from '../schedules/scheduledAmounts';
import { budgetWithLines, readBudget } from './budgetReads';
import {
  BANK_ACCOUNT_UNKNOWN,
  blankName,
  CATEGORY_BLANK,
  CATEGORY_UNKNOWN,
  NAME_BLANK,
  refuseDeletingUsedAllocations,
  refuseTooManyLines,
  SPECIAL_EVENT_UNKNOWN,
} from './lines';
import { findBudget, insertBudget, newestBudget, periodStarting, refuseBeforeLastClosed, refuseClosed, refuseOverlap } from './periods';
import { counted } from '../../../src/shared/wording';

/** POST /budgets: an open budget for the month starting on `start`, with the lines its schedules pay (their totals). */
export async function createBudget(scope: HouseholdScope, start: DateOnly): Promise<Budget> {
  return scope.transaction(async (tx) => {
    const period = periodStarting(start);
    await refuseOverlap(tx, period);
    await refuseBeforeLastClosed(tx, period);
    const budget = await insertBudget(tx, period);
    await proposeScheduledAmounts(tx, budget);
    return budgetWithLines(tx, budget);
  });
}

/**
 * Takes the budget's row for this write and moves its lock_version on; a closed budget or a stale
 * lock_version is refused before anything else is written.
 */
async function claimForEdit(scope: HouseholdScope, id: number, lockVersion: number | undefined): Promise<void> {
  await findBudget(scope, id);
  const moved = await moveVersion(scope, 'budget', { ids: [id], sent: lockVersion, onlyIf: sql`status = 'open'` });
  if (moved.size === 1) return;
  refuseClosed(await findBudget(scope, id));
  throw conflict(BUDGET_CONFLICT_MESSAGE);
}

type Kind = 'incomes' | 'allocations';
const rowLabel = { incomes: 'Income', allocations: 'Allocation' } as const;

interface Plan<R, S> {
  creates: Array<{ row: R; index: number }>;
  updates: Array<{ row: R & { id: number }; index: number; stored: S }>;
  deletes: S[];
}

type StoredLine<K extends Kind> = K extends 'incomes' ? Income : Allocation;

async function storedLines<K extends Kind>(scope: HouseholdScope, budgetId: number, kind: K, ids: number[]): Promise<Map<number, StoredLine<K>>> {
  const stored = new Map<number, StoredLine<K>>();
  await inChunks([...new Set(ids)], async (part) => {
    // Incomes and allocations share these two columns; kysely cannot follow them through the generic table name.
    const rows = await scope
      .selectFrom(kind)
      .selectAll()
      .where(sql<boolean>`budget_id = ${budgetId}`)
      .where(sql<boolean>`id in (${sql.join(part)})`)
      .execute();
    for (const row of rows as StoredLine<K>[]) stored.set(row.id, row);
  });
  return stored;
}

/** Sorts the rows the client sent into creates, updates and deletes; ids must be lines of this budget. */
async function planRows<K extends Kind, R extends IncomeRow | AllocationRow>(
  scope: HouseholdScope,
  budgetId: number,
  kind: K,
  rows: R[],
  refusals: Refusals,
): Promise<Plan<R, StoredLine<K>>> {
  const plan: Plan<R, StoredLine<K>> = { creates: [], updates: [], deletes: [] };
  const existing = await storedLines(scope, budgetId, kind, rows.map((r) => r.id).filter((id): id is number => !!id));
  const seen = new Set<number>();
  rows.forEach((row, index) => {
    const id = row.id;
    if (!id) {
      if (!row.deleted) plan.creates.push({ row, index });
      return;
    }
    const stored = existing.get(id);
    if (!stored) return refusals.add(`${rowLabel[kind]} ${id} is not part of this budget`, `${kind}.${index}.id`);
    if (seen.has(id)) return refusals.add(`${rowLabel[kind]} ${id} appears more than once`, `${kind}.${index}.id`);
    seen.add(id);
    if (row.deleted) plan.deletes.push(stored);
    else plan.updates.push({ row: { ...row, id }, index, stored });
  });
  for (const { row, index } of plan.creates) {
    if (blankName(row.name)) refusals.add(NAME_BLANK, `${kind}.${index}.name`);
  }
  for (const { row, index } of plan.updates) {
    if (row.name !== undefined && blankName(row.name)) refusals.add(NAME_BLANK, `${kind}.${index}.name`);
  }
  return plan;
}

async function refuseForeignReferences(
  scope: HouseholdScope,
  incomes: Plan<IncomeRow, Income>,
  allocations: Plan<AllocationRow, Allocation>,
  refusals: Refusals,
): Promise<void> {
  const live = <R, S>(plan: Plan<R, S>) => [...plan.creates, ...plan.updates];
  const present = (ids: Array<number | null | undefined>) => ids.filter((id): id is number => typeof id === 'number');
  for (const { row, index } of allocations.creates) {
    if (row.allocation_category_id == null) refusals.add(CATEGORY_BLANK, `allocations.${index}.allocation_category_id`);
  }
  for (const { row, index } of allocations.updates) {
    if (row.allocation_category_id === null) refusals.add(CATEGORY_BLANK, `allocations.${index}.allocation_category_id`);
  }
  const [categoriesOk, accountsOk, eventsOk] = await Promise.all([
    scope.ownsAll('allocation_categories', present(live(allocations).map(({ row }) => row.allocation_category_id))),
    scope.ownsAll('bank_accounts', present(live(incomes).map(({ row }) => row.bank_account_id))),
    scope.ownsAll('special_events', present(live(allocations).map(({ row }) => row.special_event_id))),
  ]);
  if (!categoriesOk) refusals.add(CATEGORY_UNKNOWN);
  if (!accountsOk) refusals.add(BANK_ACCOUNT_UNKNOWN);
  if (!eventsOk) refusals.add(SPECIAL_EVENT_UNKNOWN);
}

const trimmed = (name: string | null | undefined) => (name === undefined ? undefined : (name ?? '').trim());
/** A field the client left out keeps its stored value; `null` clears it. */
const sentOr = <T>(sent: T | undefined, stored: T): T => (sent === undefined ? stored : sent);

export const INCOME_COLUMNS: ColumnTypes<'name' | 'amount' | 'bank_account_id' | 'comment' | 'owner'> = {
  name: 'varchar',
  amount: 'bigint',
  bank_account_id: 'integer',
  comment: 'varchar',
  owner: 'varchar',
};

export const ALLOCATION_COLUMNS: ColumnTypes<
  'name' | 'amount' | 'allocation_category_id' | 'allocation_class' | 'is_fixed_amount' | 'comment' | 'special_event_id'
> = {
  name: 'varchar',
  amount: 'bigint',
  allocation_category_id: 'integer',
  allocation_class: 'varchar',
  is_fixed_amount: 'integer',
  comment: 'varchar',
  special_event_id: 'integer',
};

const incomeValues = (row: IncomeRow, stored: Income) => ({
  name: sentOr(trimmed(row.name), stored.name),
  amount: row.amount,
  bank_account_id: sentOr(row.bank_account_id, stored.bank_account_id),
  comment: sentOr(row.comment, stored.comment),
  owner: sentOr(row.owner, stored.owner),
});

const allocationValues = (row: AllocationRow, stored: Allocation) => ({
  name: sentOr(trimmed(row.name), stored.name),
  amount: row.amount,
  allocation_category_id: row.allocation_category_id ?? stored.allocation_category_id,
  allocation_class: sentOr(row.allocation_class, stored.allocation_class),
  is_fixed_amount: row.is_fixed_amount === undefined ? stored.is_fixed_amount : Number(row.is_fixed_amount),
  comment: sentOr(row.comment, stored.comment),
  special_event_id: sentOr(row.special_event_id, stored.special_event_id),
});

async function applyPlans(scope: HouseholdScope, budgetId: number, incomes: Plan<IncomeRow, Income>, allocations: Plan<AllocationRow, Allocation>) {
  const common = { household_id: scope.householdId, budget_id: budgetId };
  const newIncomes: Insertable<IncomesTable>[] = incomes.creates.map(({ row }) => ({
    ...common,
    name: trimmed(row.name)!,
    amount: row.amount,
    bank_account_id: row.bank_account_id ?? null,
    comment: row.comment ?? null,
    owner: row.owner ?? 'shared',
  }));
  const newAllocations: Insertable<AllocationsTable>[] = allocations.creates.map(({ row }) => ({
    ...common,
    name: trimmed(row.name)!,
    amount: row.amount,
    allocation_category_id: row.allocation_category_id!,
    allocation_class: row.allocation_class ?? 'want',
    is_fixed_amount: row.is_fixed_amount ? 1 : 0,
    comment: row.comment ?? null,
    special_event_id: row.special_event_id ?? null,
  }));
  await writeRowSet(scope, 'incomes', INCOME_COLUMNS, {
    deletes: incomes.deletes,
    updates: incomes.updates.map(({ row, stored }) => ({ before: stored, values: incomeValues(row, stored) })),
    inserts: newIncomes,
  });
  await writeRowSet(scope, 'allocations', ALLOCATION_COLUMNS, {
    deletes: allocations.deletes,
    updates: allocations.updates.map(({ row, stored }) => ({ before: stored, values: allocationValues(row, stored) })),
    inserts: newAllocations,
  });
}

/** PUT /budgets/:id: the edit screen's rows applied as creates, updates and deletes, all or nothing. */
export async function updateBudget(scope: HouseholdScope, id: number, body: UpdateBudgetBody): Promise<Budget> {
  return scope.transaction(async (tx) => {
    await claimForEdit(tx, id, body.lock_version);
    const refusals = new Refusals();
    const incomes = await planRows(tx, id, 'incomes', body.incomes ?? [], refusals);
    const allocations = await planRows(tx, id, 'allocations', body.allocations ?? [], refusals);
    await refuseForeignReferences(tx, incomes, allocations, refusals);
    await refuseDeletingUsedAllocations(tx, allocations.deletes.map((line) => line.id), refusals);
    await refuseTooManyLines(tx, 'incomes', new Map([[id, incomes.creates.length - incomes.deletes.length]]), refusals);
    await refuseTooManyLines(tx, 'allocations', new Map([[id, allocations.creates.length - allocations.deletes.length]]), refusals);
    refusals.throwIfAny();
    await applyPlans(tx, id, incomes, allocations);
    return readBudget(tx, id);
  });
}

/** DELETE /budgets/:id: only the newest budget, only while nothing was recorded in its period. */
export async function deleteBudget(scope: HouseholdScope, id: number): Promise<{ success: true }> {
  return scope.transaction(async (tx) => {
    const budget = await findBudget(tx, id);
    const newest = await newestBudget(tx);
    if (newest?.id !== budget.id) throw unprocessable('Only the newest budget can be deleted');
    refuseClosed(budget);
    const [dated, linked] = await Promise.all([
      tx
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('transactions.transaction_date', '>=', budget.start_date)
        .where('transactions.transaction_date', '<=', budget.end_date)
        .executeTakeFirstOrThrow(),
      tx
        .selectFrom('allocations')
        .innerJoin('transactions', 'transactions.allocation_id', 'allocations.id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('allocations.budget_id', '=', id)
        .where((eb) => eb.or([eb('transactions.transaction_date', '<', budget.start_date), eb('transactions.transaction_date', '>', budget.end_date)]))
        .executeTakeFirstOrThrow(),
    ]);
    const count = dated.n + linked.n;
    if (count > 0) {
      throw unprocessable(`This budget has ${counted(count, 'transaction')} and cannot be deleted`);
    }
    await tx.deleteFrom('incomes').where('budget_id', '=', id).execute();
    await tx.deleteFrom('allocations').where('budget_id', '=', id).execute();
    await tx.deleteFrom('budgets').where('id', '=', id).execute();
    return { success: true as const };
  });
}
