import {
  createSlice,
  isDraft,
  type Draft,
  original,
  type EntityAdapter,
  type EntityState,
  type PayloadAction,
  type SliceCaseReducers,
  type SliceSelectors,
  type ValidateSliceCaseReducers,
} from '@reduxjs/toolkit';
import { userLoggedOut } from '../authSlice';
import { clashesOf, rebaseList, type RowIdentity } from '../rebaseRows';

/**
 * One list of an edit-mode draft, however its rows are kept (an entity state for the budget and the envelopes,
 * an array for the transactions window): how to read its rows, build it from rows, change one row, append rows,
 * and put the person's rows on top of the server's latest after a conflict.
 */
export interface DraftList<Store, Row, Key> {
  rows: (list: Store) => readonly Row[];
  of: (rows: readonly Row[]) => Store;
  /** Replaces one row by `update(row)` (`list` is the draft being written); false when no row has that key. */
  replace: (list: Store, key: Key, update: (row: Row) => Row) => boolean;
  append: (list: Store, rows: readonly Row[]) => void;
  /** `rebaseList` over this kind of list; `takeKey` gives a key to a row that comes back as new. */
  rebase: (mine: Store, base: Store, fresh: Store, takeKey: () => number) => Store;
  /** `clashesOf` over this kind of list: the rows both sides changed, keyed as the list keys them. */
  clashes: (mine: Store, base: Store, fresh: Store) => Clashes;
}

/** Per row key, the fields someone else changed too, with their value (see `clashesOf`). */
export type Clashes = Record<string, Record<string, unknown>>;

const clashRecord = <K,>(clashes: Map<K, object>): Clashes =>
  Object.fromEntries([...clashes].map(([key, fields]) => [String(key), fields as Record<string, unknown>]));

/** The value as it was before this action: inside a reducer, reading it costs no proxy per row. */
export const beforeThisAction = <T,>(value: T): T => (isDraft(value) ? (original(value as unknown as Draft<T>) as T) : value);

/** A row of an entity-state draft list: keyed for the screen, `id` 0 until saved, possibly toggled deleted. */
export interface KeyedRow {
  key: number;
  id: number;
  deleted: boolean;
}

/** Rows kept in an entity state by `key` (budget incomes and allocations, envelopes); new rows have id 0. */
export function entityList<Row extends KeyedRow>(
  adapter: EntityAdapter<Row, number>,
  refresh: (mine: Row, theirs: Row) => Row = (mine) => mine,
): DraftList<EntityState<Row, number>, Row, number> {
  const rows = (list: EntityState<Row, number>) => list.ids.map((key) => list.entities[key]);
  const of = (lines: readonly Row[]) => adapter.setAll(adapter.getInitialState(), lines);
  return {
    rows,
    of,
    replace: (list, key, update) => {
      const row = list.entities[key] as Row | undefined;
      if (!row) return false;
      adapter.setOne(list, update(row));
      return true;
    },
    append: (list, lines) => void adapter.addMany(list, lines),
    rebase: (mine, base, fresh, takeKey) =>
      of(
        rebaseList(
          rows(mine),
          rows(base),
          rows(fresh),
          { keyOf: (row) => row.key, isNew: (row) => row.id === 0, deleted: (row) => row.deleted, asNew: (row) => ({ ...row, id: 0, key: takeKey() }) },
          refresh,
        ),
      ),
    clashes: (mine, base, fresh) => clashRecord(clashesOf(rows(mine), rows(base), rows(fresh), (row) => row.key)),
  };
}

/**
 * Rows kept in an array in their order (the transactions window). A change replaces only the row it touches and
 * looks it up in the rows as they were before the action, so a 2,000-row window costs one array copy per
 * keystroke rather than a proxy per row, and every untouched row keeps its object (memoised rows re-render alone).
 */
export function arrayList<Row extends object, Key>(identity: RowIdentity<Row, Key>, refresh: (mine: Row, theirs: Row) => Row = (mine) => mine): DraftList<Row[], Row, Key> {
  return {
    rows: (list) => list,
    of: (rows) => [...rows],
    replace: (list, key, update) => {
      const rows = beforeThisAction(list);
      const index = rows.findIndex((row) => identity.keyOf(row) === key);
      if (index < 0) return false;
      list[index] = update(rows[index]);
      return true;
    },
    append: (list, rows) => void list.push(...rows),
    rebase: (mine, base, fresh) => rebaseList(mine, base, fresh, identity, refresh),
    clashes: (mine, base, fresh) => clashRecord(clashesOf(mine, base, fresh, identity.keyOf)),
  };
}

/** What every edit-mode draft holds besides its lists: the lists as read, the version read, and whether edited. */
export interface DraftCore<Lists> {
  /** The lists as the server had them when editing started (or at the last Reload): a rebase keeps exactly the rows changed since. */
  base: Lists;
  /** The version read: the save sends it, so another person's save is never overwritten. */
  lockVersion: number | undefined;
  /** Next key for a row that comes back as new after a rebase (negative, so it never meets a server id). */
  nextKey: number;
  dirty: boolean;
  /** After a Reload: per list, the rows both the person and someone else changed (their values), marked until saved. */
  clashes?: { [N in keyof Lists]?: Clashes };
}

export interface DraftState<D> {
  draft: D | null;
}

/** The latest copy after a conflict, as the draft's lists; null when it is another record's (the draft is left alone). */
interface FreshLists<Lists> {
  lists: Lists;
  lockVersion: number | undefined;
}

interface DraftSliceOptions<Name extends string, Lists extends object, D extends Lists & DraftCore<Lists>, Started, Fresh, Saved extends string, Extra extends SliceCaseReducers<DraftState<D>>> {
  name: Name;
  /** Each list of the draft, by its name in the draft. */
  lists: { [N in keyof Lists]: Pick<DraftList<Lists[N], unknown, unknown>, 'rebase' | 'clashes'> };
  /** The draft when editing starts, from what the screen read (without `base` and `dirty`, which the kit sets). */
  started: (read: Started) => Omit<D, 'base' | 'dirty'>;
  /** The server's latest for a Reload after a conflict, or null when it belongs to another record. */
  fresh: (draft: D, latest: Fresh) => FreshLists<Lists> | null;
  /** The name of the action that ends the draft after a save ("budgetSaved"). */
  saved: Saved;
  /** The slice's own reducers (its row edits, its extras); `editRow`, `addRows` and `toggleDeleted` do the common part. */
  reducers: ValidateSliceCaseReducers<DraftState<D>, Extra>;
}

/**
 * One edit-mode draft slice: everything between "Make Changes" and "Save Changes"/"Cancel". Every slice built
 * here has `editStarted`, `draftRebased` (after a 409: the server's latest under the person's edits, ready to be
 * saved again), `editCancelled` and its `saved` action, and forgets its draft when the person logs out.
 */
export function createDraftSlice<Name extends string, Lists extends object, D extends Lists & DraftCore<Lists>, Started, Fresh, Saved extends string, Extra extends SliceCaseReducers<DraftState<D>>>(
  options: DraftSliceOptions<Name, Lists, D, Started, Fresh, Saved, Extra>,
) {
  const initialState: DraftState<D> = { draft: null };
  const names = Object.keys(options.lists) as (keyof Lists)[];
  const ended = () => initialState;
  const common = {
    editStarted: (state: DraftState<D>, action: PayloadAction<Started>) => {
      const started = options.started(action.payload) as Omit<D, 'base' | 'dirty'> & Lists;
      const base = Object.fromEntries(names.map((name) => [name, started[name]])) as Lists;
      state.draft = { ...started, base, dirty: false } as unknown as D;
    },
    draftRebased: (state: DraftState<D>, action: PayloadAction<Fresh>) => {
      const draft = state.draft;
      if (!draft) return;
      const mine = beforeThisAction(draft);
      const fresh = options.fresh(mine, action.payload);
      if (!fresh) return;
      let nextKey = mine.nextKey;
      const takeKey = () => nextKey--;
      const lists: Lists = draft;
      const clashes: { [N in keyof Lists]?: Clashes } = {};
      for (const name of names) {
        clashes[name] = options.lists[name].clashes(mine[name], mine.base[name], fresh.lists[name]);
        lists[name] = options.lists[name].rebase(mine[name], mine.base[name], fresh.lists[name], takeKey);
      }
      draft.clashes = clashes;
      draft.base = fresh.lists;
      draft.lockVersion = fresh.lockVersion;
      draft.nextKey = nextKey;
    },
    editCancelled: ended,
  };
  type Reducers = typeof common & Record<Saved, typeof ended> & Extra;
  const reducers = { ...common, [options.saved]: ended, ...options.reducers } as unknown as ValidateSliceCaseReducers<DraftState<D>, Reducers>;
  return createSlice<DraftState<D>, Reducers, Name, SliceSelectors<DraftState<D>>>({
    name: options.name,
    initialState,
    reducers,
    extraReducers: (builder) => builder.addCase(userLoggedOut, ended),
  });
}

/** A row edit: the row's new version, and the draft marked edited. Nothing happens when not editing or the key is gone. */
export function editRow<D extends DraftCore<object>, Store, Row, Key>(state: DraftState<D>, list: DraftList<Store, Row, Key>, listOf: (draft: D) => Store, key: Key, update: (row: Row) => Row): void {
  const draft = state.draft;
  if (draft && list.replace(listOf(draft), key, update)) draft.dirty = true;
}

/** Rows added on the screen (a new row, an import), at the end of the list; the draft is marked edited. */
export function addRows<D extends DraftCore<object>, Store, Row, Key>(state: DraftState<D>, list: DraftList<Store, Row, Key>, listOf: (draft: D) => Store, rows: readonly Row[]): void {
  const draft = state.draft;
  if (!draft || rows.length === 0) return;
  list.append(listOf(draft), rows);
  draft.dirty = true;
}

/** The delete toggle: a row is marked deleted (sent as a delete, or dropped if never saved), or back again. */
export function toggleDeleted<D extends DraftCore<object>, Store, Row extends { deleted: boolean }, Key>(state: DraftState<D>, list: DraftList<Store, Row, Key>, listOf: (draft: D) => Store, key: Key): void {
  editRow(state, list, listOf, key, (row) => ({ ...row, deleted: !row.deleted }));
}
