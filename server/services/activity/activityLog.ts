import { type Selectable, sql } from 'kysely';
import {
  ACTIVITY_NOT_FOUND,
  ACTIVITY_PAGE_SIZE,
  type ActivityEntry,
  type ActivityPage,
  type ActivityQuery,
  ALREADY_UNDONE,
  CANNOT_UNDO_KIND,
  type UndoResult,
} from '../../../src/shared/schemas/activity';
import { BUDGET_NOT_FOUND_MESSAGE } from '../../../src/shared/schemas/budgets';
import type { ActivitiesTable } from '../../db/schema';
import type { HouseholdScope } from '../../db/scope';
import { isoTimestamp } from '../../db/timestamps';
import { notFound, unprocessable } from '../../errors';
import { recordActivity, type UndoPayloads } from './record';
import { UndoImpossible } from './restore';
import { isUndoableKind, undoOf } from './writeKinds';

const LISTED = ['id', 'user_id', 'actor_name', 'kind', 'summary', 'budget_id', 'bank_account_id', 'created_at', 'undone_by_id', 'undoes_id'] as const;

type ListedRow = Pick<Selectable<ActivitiesTable>, (typeof LISTED)[number]> & { has_undo: number | boolean };

const toEntry = (row: ListedRow): ActivityEntry => ({
  id: row.id,
  user_id: row.user_id,
  actor_name: row.actor_name,
  kind: row.kind,
  summary: row.summary,
  text: `${row.actor_name} ${row.summary}`,
  budget_id: row.budget_id,
  bank_account_id: row.bank_account_id,
  created_at: isoTimestamp(row.created_at),
  undoable: isUndoableKind(row.kind) && Boolean(Number(row.has_undo)) && row.undone_by_id === null,
  undone: row.undone_by_id !== null,
  undoes_id: row.undoes_id,
});

const listed = (scope: HouseholdScope) =>
  scope.selectFrom('activities').select([...LISTED, sql<number>`case when undo is null or undo_refused is not null then 0 else 1 end`.as('has_undo')]);

/** Newest first, by person and by budget, a page at a time: one bounded query (the household's id index). */
export async function listActivity(scope: HouseholdScope, query: ActivityQuery): Promise<ActivityPage> {
  const limit = query.limit ?? ACTIVITY_PAGE_SIZE;
  if (query.budget_id !== undefined) {
    const budget = await scope.selectFrom('budgets').select('id').where('id', '=', query.budget_id).executeTakeFirst();
    if (!budget) throw notFound(BUDGET_NOT_FOUND_MESSAGE);
  }
  let rows = listed(scope);
  if (query.user_id !== undefined) rows = rows.where('user_id', '=', query.user_id);
  if (query.budget_id !== undefined) rows = rows.where('budget_id', '=', query.budget_id);
  if (query.before_id !== undefined) rows = rows.where('id', '<', query.before_id);
  const page = (await rows.orderBy('id', 'desc').limit(limit + 1).execute()) as ListedRow[];
  const more = page.length > limit;
  const entries = await withoutStaleCloseUndos(scope, page.slice(0, limit).map(toEntry));
  return { entries, next_before_id: more ? entries[entries.length - 1].id : null };
}

/**
 * A close can only be undone while its budget is the latest closed one (undoing it reopens that budget): a
 * budget reopened since, or closed before a later close, no longer offers "Undo" (its undo would be refused).
 * One query for the page, whatever its length.
 */
async function withoutStaleCloseUndos(scope: HouseholdScope, entries: ActivityEntry[]): Promise<ActivityEntry[]> {
  if (!entries.some((entry) => entry.kind === 'budget_close' && entry.undoable)) return entries;
  const latestClosed = await scope.selectFrom('budgets').select('id').where('status', '=', 'closed').orderBy('start_date', 'desc').limit(1).executeTakeFirst();
  return entries.map((entry) => (entry.kind === 'budget_close' && entry.undoable && entry.budget_id !== latestClosed?.id ? { ...entry, undoable: false } : entry));
}

/** The undo of one change, inside its transaction: refused as a whole or applied as a whole. */
async function undoInside(trx: HouseholdScope, id: number): Promise<UndoResult> {
  const original = await trx.selectFrom('activities').selectAll().where('id', '=', id).executeTakeFirst();
  if (!original) throw notFound(ACTIVITY_NOT_FOUND);
  if (!isUndoableKind(original.kind)) throw unprocessable(CANNOT_UNDO_KIND);
  if (original.undone_by_id !== null) throw unprocessable(ALREADY_UNDONE);
  if (original.undo_refused !== null) throw unprocessable(original.undo_refused);
  // No undo data: older than the undo window (undoWindow.ts), or brought from another install.
  if (original.undo === null) throw unprocessable(CANNOT_UNDO_KIND);

  const { summary, rowKeys } = await undoOf(original.kind, trx, original, JSON.parse(original.undo) as UndoPayloads[typeof original.kind]);
  const undoId = await recordActivity(trx, { kind: 'undo', summary, budgetId: original.budget_id, bankAccountId: original.bank_account_id, rowKeys, undoes: id });
  // Undone, it no longer offers Undo: what an undo needs goes (undos are not undone).
  await trx.updateTable('activities').set({ undone_by_id: undoId, undo: null }).where('id', '=', id).execute();
  const entry = (await listed(trx).where('id', '=', undoId).executeTakeFirstOrThrow()) as ListedRow;
  return { success: true as const, activity: toEntry(entry) };
}

/**
 * Undoes one change: refused when anything wrote a row it touched since (saying what), when it was undone
 * already or cannot be; else the inverse is applied and recorded as a change of its own, in one transaction.
 * A refusal because something it would restore is gone is final: the entry stops offering Undo.
 */
export async function undoActivity(scope: HouseholdScope, id: number): Promise<UndoResult> {
  try {
    return await scope.transaction((trx) => undoInside(trx, id));
  } catch (error) {
    if (error instanceof UndoImpossible) {
      await scope.transaction((trx) => trx.updateTable('activities').set({ undo_refused: error.errors.join(' ').slice(0, 2000), undo: null }).where('id', '=', id).execute());
    }
    throw error;
  }
}
