import type { Insertable } from 'kysely';
import { type ColumnTypes, updateRows } from './batchUpdate';
import { inChunks } from './chunks';
import type { Database } from './schema';
import type { HouseholdScope } from './scope';

/** The tables whose rows carry a `row_version` (migration 0009): the rows an undo can put back. */
export type VersionedTable = 'transactions' | 'transaction_splits' | 'incomes' | 'allocations' | 'sink_fund_allocations' | 'special_events' | 'schedules' | 'schedule_occurrences';

/** A stored row of any versioned table, as the writer handles it. */
export type StoredRow = { id: number } & Record<string, unknown>;

/** What one write did to one table: the ids it inserted, and the rows it updated or deleted as they were before. */
export interface RowChanges<R extends StoredRow = StoredRow> {
  inserted: number[];
  updated: R[];
  deleted: R[];
}

export type TableChanges = Partial<Record<VersionedTable, RowChanges>>;

/** The rows to write: stored rows to delete, stored rows with their new values, and new rows. */
interface RowSetPlan<R extends StoredRow, C extends string, N> {
  deletes?: readonly R[];
  updates?: ReadonlyArray<{ before: R; values: Record<C, unknown> }>;
  inserts?: readonly N[];
}

const collectors = new WeakMap<object, TableChanges>();

function noteChanges(scope: HouseholdScope, table: VersionedTable, changes: RowChanges): void {
  const log = collectors.get(scope.db);
  if (!log) return;
  const seen = log[table] ?? { inserted: [], updated: [], deleted: [] };
  const inserted = new Set(seen.inserted);
  const updated = new Map(seen.updated.map((row) => [row.id, row]));
  // A row written twice in one change keeps its first before-image; a row inserted and deleted again was never there.
  for (const row of changes.updated) if (!inserted.has(row.id) && !updated.has(row.id)) updated.set(row.id, row);
  const deleted = [...seen.deleted];
  for (const row of changes.deleted) {
    if (inserted.delete(row.id)) continue;
    deleted.push(updated.get(row.id) ?? row);
    updated.delete(row.id);
  }
  for (const id of changes.inserted) inserted.add(id);
  log[table] = { inserted: [...inserted], updated: [...updated.values()], deleted };
}

/**
 * Runs `work` (inside an open transaction) and returns, with its result, every row the row-set writer wrote
 * meanwhile: the change's own change set, which Activity records and an undo reverses.
 */
export async function collectChanges<R>(scope: HouseholdScope, work: () => Promise<R>): Promise<{ result: R; changes: TableChanges }> {
  if (!scope.db.isTransaction) throw new Error('collectChanges needs an open transaction');
  const outer = collectors.get(scope.db);
  const changes: TableChanges = {};
  collectors.set(scope.db, changes);
  try {
    return { result: await work(), changes };
  } finally {
    if (outer) {
      collectors.set(scope.db, outer);
      // A change collected inside another is part of it too (a recorded write that saves a window, say).
      for (const [table, rows] of Object.entries(changes) as Array<[VersionedTable, RowChanges]>) noteChanges(scope, table, rows);
    } else collectors.delete(scope.db);
  }
}

const differs = <C extends string>(columns: readonly C[], before: StoredRow, values: Record<C, unknown>) => columns.some((c) => values[c] !== before[c]);

/**
 * The one way budget lines, envelopes, transactions windows and undos write a set of rows: chunked deletes,
 * updates of the rows whose values changed only, chunked inserts. Returns what it did (see `collectChanges`).
 */
export async function writeRowSet<T extends VersionedTable, R extends StoredRow, C extends string>(
  scope: HouseholdScope,
  table: T,
  columns: ColumnTypes<C>,
  plan: RowSetPlan<R, C, Insertable<Database[T]>>,
): Promise<RowChanges<R>> {
  const names = Object.keys(columns) as C[];
  const deleted = [...(plan.deletes ?? [])];
  const updates = (plan.updates ?? []).filter(({ before, values }) => differs(names, before, values));
  // kysely cannot follow a generic table name through these builders: the table is one of VersionedTable.
  const target = table as VersionedTable as 'transactions';
  await inChunks(
    deleted.map((row) => row.id),
    (part) => scope.deleteFrom(target).where('id', 'in', part).execute(),
  );
  await updateRows(scope, table, columns, updates.map(({ before, values }) => ({ id: before.id, values })));
  const inserted: number[] = [];
  await inChunks([...(plan.inserts ?? [])] as Insertable<Database['transactions']>[], async (part) => {
    const rows = await scope.insertInto(target).values(part).returning('id').execute();
    inserted.push(...rows.map((row) => row.id));
  });
  const changes = { inserted, updated: updates.map(({ before }) => before), deleted };
  noteChanges(scope, table, changes);
  return changes;
}
