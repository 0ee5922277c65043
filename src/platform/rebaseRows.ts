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

/**
 * The rows both sides changed in the same field since `base`, to different values: by key, each such field with
 * the other side's value. A Reload keeps the person's value; these are shown beside it so they save over the
 * other change knowingly, never silently.
 */
export function clashesOf<T extends object, K>(draft: readonly T[], base: readonly T[], fresh: readonly T[], keyOf: (row: T) => K): Map<K, Partial<T>> {
  const baseByKey = new Map(base.map((row) => [keyOf(row), row]));
  const freshByKey = new Map(fresh.map((row) => [keyOf(row), row]));
  const clashes = new Map<K, Partial<T>>();
  for (const mine of draft) {
    const original = baseByKey.get(keyOf(mine));
    const theirs = freshByKey.get(keyOf(mine));
    if (!original || !theirs) continue;
    const fields: Partial<T> = {};
    for (const field of Object.keys(mine) as (keyof T)[]) {
      if (mine[field] !== original[field] && theirs[field] !== original[field] && mine[field] !== theirs[field]) fields[field] = theirs[field];
    }
    if (Object.keys(fields).length > 0) clashes.set(keyOf(mine), fields);
  }
  return clashes;
}

/**
 * The saved rows both the person (changed or toggled deleted) and someone else (changed or deleted) touched since
 * `base`. None: the other change can be taken in quietly under the person's edits and the save sent again.
 */
export function rowsTouchedByBoth<T extends object, K>(draft: readonly T[], base: readonly T[], fresh: readonly T[], keyOf: (row: T) => K): K[] {
  const freshByKey = new Map(fresh.map((row) => [keyOf(row), row]));
  const draftByKey = new Map(draft.map((row) => [keyOf(row), row]));
  const touched: K[] = [];
  for (const original of base) {
    const key = keyOf(original);
    const mine = draftByKey.get(key);
    const theirs = freshByKey.get(key);
    const changedByMe = !mine || !sameRow(original, mine);
    const changedByThem = !theirs || !sameRow(original, theirs);
    if (changedByMe && changedByThem) touched.push(key);
  }
  return touched;
}
