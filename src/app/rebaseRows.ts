import type { EntityState } from '@reduxjs/toolkit';

/** An edit-mode row: keyed for the screen, `id` 0 until saved, and possibly toggled deleted. */
export interface DraftRow {
  key: number;
  id: number;
  deleted: boolean;
}

const sameRow = <T extends object>(a: T, b: T) => (Object.keys(a) as (keyof T)[]).every((field) => a[field] === b[field]);

/**
 * After a 409, the person's rows on top of the server's latest: rows they changed (or toggled deleted) keep their
 * version (`refresh` brings in the server's derived figures), untouched rows take the server's, rows they added
 * stay, and a changed row that someone else deleted comes back as a new row so no edit disappears.
 */
export function rebaseRows<T extends DraftRow>(
  draft: EntityState<T, number>,
  base: EntityState<T, number>,
  fresh: EntityState<T, number>,
  refresh: (mine: T, theirs: T) => T,
  takeKey: () => number,
): T[] {
  const changed = (row: T) => {
    const original = base.entities[row.key];
    return !original || !sameRow(row, original);
  };
  const rows: T[] = [];
  for (const key of fresh.ids) {
    const mine = draft.entities[key];
    rows.push(mine && changed(mine) ? refresh(mine, fresh.entities[key]) : fresh.entities[key]);
  }
  for (const key of draft.ids) {
    const row = draft.entities[key];
    if (row.id === 0) rows.push(row);
    else if (!fresh.entities[key] && changed(row) && !row.deleted) rows.push({ ...row, id: 0, key: takeKey() });
  }
  return rows;
}
