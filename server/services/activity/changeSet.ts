import { chunked } from '../../db/chunks';
import type { RowChanges, StoredRow, TableChanges, VersionedTable } from '../../db/rowSet';
import type { HouseholdScope } from '../../db/scope';
import { unprocessable } from '../../errors';

/**
 * What a change did, as Activity keeps it for its undo: the rows it inserted, updated and deleted (with their
 * before-images), and the `row_version` it left on every row it inserted or updated, by row key. An undo is
 * possible only while every one of those rows is still at that version, and no row it deleted is back.
 */
export interface ChangeSet {
  tables: TableChanges;
  left: Record<string, number>;
}

/** Rows whose state a change left, with no before-images: what a close or a copy is undone against. */
export type Footprint = Record<string, number>;

const KEY_NAMES: Record<VersionedTable, string> = {
  transactions: 'transaction',
  transaction_splits: 'transaction_split',
  incomes: 'income',
  allocations: 'allocation',
  sink_fund_allocations: 'envelope',
  special_events: 'special_event',
  schedules: 'schedule',
  schedule_occurrences: 'schedule_occurrence',
};
const TABLE_OF_KEY = new Map(Object.entries(KEY_NAMES).map(([table, name]) => [name, table as VersionedTable]));

export const rowKey = (table: VersionedTable, id: number) => `${KEY_NAMES[table]}:${id}`;

function parseKey(key: string): { table: VersionedTable; id: number } | null {
  const [name, id] = key.split(':');
  const table = TABLE_OF_KEY.get(name);
  return table ? { table, id: Number(id) } : null;
}

const entries = (tables: TableChanges) => Object.entries(tables) as Array<[VersionedTable, RowChanges]>;

/** The current `row_version` of rows, by key; a row that no longer exists is absent. */
async function versionsOf(scope: HouseholdScope, keys: Iterable<string>): Promise<Map<string, number>> {
  const byTable = new Map<VersionedTable, number[]>();
  for (const key of keys) {
    const parsed = parseKey(key);
    if (parsed) byTable.set(parsed.table, [...(byTable.get(parsed.table) ?? []), parsed.id]);
  }
  const versions = new Map<string, number>();
  for (const [table, ids] of byTable) {
    for (const part of chunked([...new Set(ids)])) {
      // kysely cannot follow a generic table name: every versioned table has `id` and `row_version`.
      const rows = await scope
        .selectFrom(table as 'transactions')
        .select(['id', 'row_version'])
        .where('id', 'in', part)
        .execute();
      for (const row of rows) versions.set(rowKey(table, row.id), Number(row.row_version));
    }
  }
  return versions;
}

/** The change set of a write that is done: its rows with the versions it left them at. */
export async function sealChanges(scope: HouseholdScope, tables: TableChanges): Promise<ChangeSet> {
  const written = entries(tables).flatMap(([table, changes]) => [...changes.inserted, ...changes.updated.map((row) => row.id)].map((id) => rowKey(table, id)));
  return { tables, left: Object.fromEntries(await versionsOf(scope, written)) };
}

/** Every row a change set touched, as keys (what `activity_rows` keeps, to name a later change). */
export const changedKeys = (set: ChangeSet): string[] =>
  entries(set.tables).flatMap(([table, changes]) =>
    [...changes.inserted, ...changes.updated.map((row) => row.id), ...changes.deleted.map((row) => row.id)].map((id) => rowKey(table, id)),
  );

/** One row an undo finds written since its change: how, and the row as best known (its current or its last state). */
interface Difference {
  key: string;
  how: 'changed' | 'deleted' | 'added';
}

/** The first row whose version differs between what a change left and what is there now. */
function firstDifference(left: Footprint, now: Map<string, number>, absent: string[] = []): Difference | null {
  for (const [key, version] of Object.entries(left)) {
    const current = now.get(key);
    if (current === undefined) return { key, how: 'deleted' };
    if (current !== version) return { key, how: 'changed' };
  }
  for (const key of absent) if (now.has(key)) return { key, how: 'added' };
  return null;
}

const ROW_WORDS: Record<VersionedTable, (row: StoredRow) => string> = {
  transactions: (row) => `the transaction '${String(row.description)}' of ${String(row.transaction_date)}`,
  transaction_splits: (row) => `a part of a split transaction${row.memo ? ` ('${String(row.memo)}')` : ''}`,
  incomes: (row) => `the income '${String(row.name)}'`,
  allocations: (row) => `the allocation '${String(row.name)}'`,
  sink_fund_allocations: (row) => `the envelope '${String(row.name)}'`,
  special_events: (row) => `the special event '${String(row.name)}'`,
  schedules: (row) => `the schedule '${String(row.description)}'`,
  schedule_occurrences: (row) => `the occurrence of ${String(row.occurrence_date)} of a schedule`,
};
const ROW_NOUNS: Record<VersionedTable, string> = {
  transactions: 'a transaction',
  transaction_splits: "a split transaction's part",
  incomes: 'an income',
  allocations: 'an allocation',
  sink_fund_allocations: 'an envelope',
  special_events: 'a special event',
  schedules: 'a schedule',
  schedule_occurrences: "a schedule's occurrence",
};

/**
 * The refusal naming what was written since: the newest later entry that touched the row ("since then, Ben
 * saved …"), else the row itself, for a write that Activity does not list by row ("since then, the transaction
 * 'Shop' of 2026-11-25 was changed").
 */
async function refusalFor(scope: HouseholdScope, activityId: number, difference: Difference, known?: StoredRow): Promise<Error> {
  const newer = await scope
    .selectFrom('activity_rows')
    .innerJoin('activities', 'activities.id', 'activity_rows.activity_id')
    .select(['activities.actor_name', 'activities.summary'])
    .where('activity_rows.activity_id', '>', activityId)
    .where('activity_rows.row_key', '=', difference.key)
    .orderBy('activity_rows.activity_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (newer) return unprocessable(`This change cannot be undone: since then, ${newer.actor_name} ${newer.summary}.`);
  const parsed = parseKey(difference.key)!;
  const current = (await scope
    .selectFrom(parsed.table as 'transactions')
    .selectAll()
    .where('id', '=', parsed.id)
    .executeTakeFirst()) as StoredRow | undefined;
  const row = current ?? known;
  const what = row ? ROW_WORDS[parsed.table](row) : ROW_NOUNS[parsed.table];
  const verb = { changed: 'was changed', deleted: 'was deleted', added: 'is back' }[difference.how];
  return unprocessable(`This change cannot be undone: since then, ${what} ${verb}.`);
}

/** Refuses (422, naming the later change) an undo of a change set any row of which was written since. */
export async function refuseWrittenSince(scope: HouseholdScope, activityId: number, set: ChangeSet): Promise<void> {
  const absent = entries(set.tables).flatMap(([table, changes]) => changes.deleted.map((row) => rowKey(table, row.id)));
  const now = await versionsOf(scope, [...Object.keys(set.left), ...absent]);
  const difference = firstDifference(set.left, now, absent);
  if (!difference) return;
  const parsed = parseKey(difference.key)!;
  const changes = set.tables[parsed.table];
  const known = [...(changes?.updated ?? []), ...(changes?.deleted ?? [])].find((row) => row.id === parsed.id);
  throw await refusalFor(scope, activityId, difference, known);
}

/** Refuses an undo when the rows it would put back are no longer exactly the ones its change left. */
export async function refuseFootprintMoved(scope: HouseholdScope, activityId: number, then: Footprint, now: Footprint): Promise<void> {
  const current = new Map(Object.entries(now));
  const difference = firstDifference(then, current) ?? firstDifference({}, current, Object.keys(now).filter((key) => !(key in then)));
  if (difference) throw await refusalFor(scope, activityId, difference);
}

/** The footprint of some rows: their keys and current versions. */
export const footprintOf = (table: VersionedTable, rows: ReadonlyArray<{ id: number; row_version: number }>): Footprint =>
  Object.fromEntries(rows.map((row) => [rowKey(table, row.id), Number(row.row_version)]));

/** Legacy entries (before change sets) name the rows they touched only as keys: any newer entry sharing one refuses. */
export async function refuseSharedKeys(scope: HouseholdScope, activityId: number): Promise<void> {
  const newer = await scope
    .selectFrom('activity_rows')
    .innerJoin('activities', 'activities.id', 'activity_rows.activity_id')
    .select(['activities.actor_name', 'activities.summary'])
    .where('activity_rows.activity_id', '>', activityId)
    .where('activity_rows.row_key', 'in', scope.selectFrom('activity_rows').select('activity_rows.row_key').where('activity_rows.activity_id', '=', activityId))
    .orderBy('activity_rows.activity_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (newer) throw unprocessable(`This change cannot be undone: since then, ${newer.actor_name} ${newer.summary}.`);
}
