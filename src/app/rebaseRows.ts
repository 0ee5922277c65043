import type { EntityState } from '@reduxjs/toolkit';

/** An edit-mode row: keyed for the screen, `id` 0 until saved, and possibly toggled deleted. */
interface DraftRow {
  key: number;
  id: number;
  deleted: boolean;
}

const sameRow = <T extends object>(a: T, b: T) => (Object.keys(a) as (keyof T)[]).every((field) => a[field] === b[field]);

/** How one kind of draft row is told apart: its key, whether it is new (never saved), and how it becomes new. */
export interface RowIdentity<T, K> {
  keyOf: (row: T) => K;
  isNew: (row: T) => boolean;
  deleted: (row: T) => boolean;
  /** The row again as a new row, with a key of its own (its saved row was deleted by someone else). */
  asNew: (row: T) => T;
}

/**
 * After a 409, the person's rows on top of the server's latest, for any edit-mode list: rows they changed (or
 * toggled deleted) keep their version (`refresh` brings in the server's derived figures), untouched rows take
 * the server's, rows they added stay, and a changed row that someone else deleted comes back as a new row so no
 * edit disappears. `base` is the list as it was when editing started.
 */
export function rebaseList<T extends object, K>(draft: readonly T[], base: readonly T[], fresh: readonly T[], identity: RowIdentity<T, K>, refresh: (mine: T, theirs: T) => T): T[] {
  const baseByKey = new Map(base.map((row) => [identity.keyOf(row), row]));
  const draftByKey = new Map(draft.map((row) => [identity.keyOf(row), row]));
  const freshKeys = new Set(fresh.map(identity.keyOf));
  const changed = (row: T) => {
    const original = baseByKey.get(identity.keyOf(row));
    return !original || !sameRow(row, original);
  };
  const rows: T[] = [];
  for (const theirs of fresh) {
    const mine = draftByKey.get(identity.keyOf(theirs));
    rows.push(mine && changed(mine) ? refresh(mine, theirs) : theirs);
  }
  for (const row of draft) {
    if (identity.isNew(row)) rows.push(row);
    else if (!freshKeys.has(identity.keyOf(row)) && changed(row) && !identity.deleted(row)) rows.push(identity.asNew(row));
  }
  return rows;
}

const entityRows = <T extends DraftRow>(state: EntityState<T, number>): T[] => state.ids.map((key) => state.entities[key]);

/** `rebaseList` for the budget's and the envelopes' rows (entity states keyed by number, new rows with id 0). */
export function rebaseRows<T extends DraftRow>(
  draft: EntityState<T, number>,
  base: EntityState<T, number>,
  fresh: EntityState<T, number>,
  refresh: (mine: T, theirs: T) => T,
  takeKey: () => number,
): T[] {
  return rebaseList(
    entityRows(draft),
    entityRows(base),
    entityRows(fresh),
    { keyOf: (row) => row.key, isNew: (row) => row.id === 0, deleted: (row) => row.deleted, asNew: (row) => ({ ...row, id: 0, key: takeKey() }) },
    refresh,
  );
}
