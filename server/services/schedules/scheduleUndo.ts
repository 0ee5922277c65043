import { chunked } from '../../db/chunks';
import { collectChanges, type RowChanges, type StoredRow, type TableChanges, writeRowSet } from '../../db/rowSet';
import type { HouseholdScope } from '../../db/scope';
import { unprocessable } from '../../errors';
import type { ChangeSet } from '../activity/changeSet';
import { UndoImpossible } from '../activity/restore';
import { OCCURRENCE_COLUMNS, SCHEDULE_COLUMNS } from './schedules';

const none: RowChanges = { inserted: [], updated: [], deleted: [] };
const strip = ({ created_at: _c, updated_at: _u, row_version: _v, ...row }: StoredRow) => row;
const valuesOf = <C extends string>(row: StoredRow, columns: Record<C, unknown>) => Object.fromEntries(Object.keys(columns).map((column) => [column, row[column]])) as Record<C, unknown>;

async function rowsOf(scope: HouseholdScope, table: 'schedules' | 'schedule_occurrences', ids: number[]): Promise<Map<number, StoredRow>> {
  const rows = new Map<number, StoredRow>();
  for (const part of chunked(ids)) {
    for (const row of await scope.selectFrom(table).selectAll().where('id', 'in', part).execute()) rows.set(row.id, row as unknown as StoredRow);
  }
  return rows;
}

/**
 * Puts back what a change to schedules did (its change set was checked unwritten since by the caller): a created
 * schedule goes, a changed one gets its before-image, a deleted one comes back with its ids and what became of
 * its occurrences. Refused when an occurrence was entered or skipped since for a schedule it would delete, or
 * when the account, category or envelope a schedule would come back with is gone. Returns the undo's changes.
 */
export async function restoreSchedules(scope: HouseholdScope, set: ChangeSet): Promise<TableChanges> {
  const schedules = set.tables.schedules ?? none;
  const occurrences = set.tables.schedule_occurrences ?? none;
  const current = await rowsOf(scope, 'schedules', [...schedules.inserted, ...schedules.updated.map((row) => row.id)]);

  if (schedules.inserted.length > 0) {
    const later = await scope.selectFrom('schedule_occurrences').select(['occurrence_date']).where('schedule_id', 'in', schedules.inserted).limit(1).executeTakeFirst();
    if (later) throw unprocessable(`This change cannot be undone: since then, its occurrence of ${later.occurrence_date} was entered or skipped.`);
  }
  const back = [...schedules.updated, ...schedules.deleted];
  const impossible: string[] = [];
  const missing = async (table: 'bank_accounts' | 'allocation_categories' | 'sink_fund_allocations', column: string, what: string) => {
    const owned = await scope.ownedIds(table, back.map((row) => row[column] as number | null));
    for (const row of back) if (row[column] !== null && !owned.has(row[column] as number)) impossible.push(`the ${what} of the schedule '${String(row.description)}' was deleted`);
  };
  await missing('bank_accounts', 'bank_account_id', 'account');
  await missing('allocation_categories', 'allocation_category_id', 'allocation category');
  await missing('sink_fund_allocations', 'sink_fund_allocation_id', 'envelope');
  if (impossible.length > 0) throw new UndoImpossible(impossible);

  const occurrenceRows = await rowsOf(scope, 'schedule_occurrences', [...occurrences.inserted, ...occurrences.updated.map((row) => row.id)]);
  const { changes } = await collectChanges(scope, async () => {
    await writeRowSet(scope, 'schedule_occurrences', OCCURRENCE_COLUMNS, { deletes: occurrences.inserted.flatMap((id) => occurrenceRows.get(id) ?? []) });
    await writeRowSet(scope, 'schedules', SCHEDULE_COLUMNS, {
      deletes: schedules.inserted.flatMap((id) => current.get(id) ?? []),
      updates: schedules.updated.map((before) => ({ before: current.get(before.id)!, values: valuesOf(before, SCHEDULE_COLUMNS) })),
      // The before-images are whole rows of this very table.
      inserts: schedules.deleted.map(strip) as never[],
    });
    await writeRowSet(scope, 'schedule_occurrences', OCCURRENCE_COLUMNS, {
      updates: occurrences.updated.map((before) => ({ before: occurrenceRows.get(before.id)!, values: valuesOf(before, OCCURRENCE_COLUMNS) })),
      inserts: occurrences.deleted.map(strip) as never[],
    });
  });
  return changes;
}
