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
import { closeBudgetUndo, copyBudgetUndo } from './cycleChanges';
import { type BudgetLines, restoreLines } from './budgetLines';
import { type ActivityKind, listedChanges, recordActivity, UNDOABLE_KINDS } from './record';
import { restoreWindow, type WindowUndo } from './windowChanges';

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
  undoable: UNDOABLE_KINDS.has(row.kind as ActivityKind) && Boolean(Number(row.has_undo)) && row.undone_by_id === null,
  undone: row.undone_by_id !== null,
  undoes_id: row.undoes_id,
});

const listed = (scope: HouseholdScope) =>
  scope.selectFrom('activities').select([...LISTED, sql<number>`case when undo is null then 0 else 1 end`.as('has_undo')]);

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
  const entries = page.slice(0, limit).map(toEntry);
  return { entries, next_before_id: more ? entries[entries.length - 1].id : null };
}

/**
 * Undoes one change: refused when something newer touched the same rows (saying what), when it was undone
 * already or cannot be; else the inverse is applied and recorded as a change of its own, in one transaction.
 */
export async function undoActivity(scope: HouseholdScope, id: number): Promise<UndoResult> {
  return scope.transaction(async (trx) => {
    const original = await trx.selectFrom('activities').selectAll().where('id', '=', id).executeTakeFirst();
    if (!original) throw notFound(ACTIVITY_NOT_FOUND);
    if (!UNDOABLE_KINDS.has(original.kind as ActivityKind) || original.undo === null) throw unprocessable(CANNOT_UNDO_KIND);
    if (original.undone_by_id !== null) throw unprocessable(ALREADY_UNDONE);
    const newer = await trx
      .selectFrom('activity_rows')
      .innerJoin('activities', 'activities.id', 'activity_rows.activity_id')
      .select(['activities.actor_name', 'activities.summary'])
      .where('activity_rows.activity_id', '>', id)
      .where('activity_rows.row_key', 'in', trx.selectFrom('activity_rows').select('activity_rows.row_key').where('activity_rows.activity_id', '=', id))
      .orderBy('activity_rows.activity_id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (newer) throw unprocessable(`This change cannot be undone: since then, ${newer.actor_name} ${newer.summary}.`);

    const undo: unknown = JSON.parse(original.undo);
    let summary: string;
    switch (original.kind as ActivityKind) {
      case 'budget_save':
      case 'mass_edit': {
        const changes = await restoreLines(trx, undo as BudgetLines);
        summary = listedChanges(`undid ${original.actor_name}'s change`, changes);
        break;
      }
      case 'window_save': {
        const windowUndo = undo as WindowUndo;
        const account = await trx.selectFrom('bank_accounts').select('name').where('id', '=', windowUndo.bankAccountId).executeTakeFirst();
        summary = `undid ${original.actor_name}'s save of ${await restoreWindow(trx, windowUndo, account?.name ?? 'a deleted account')}`;
        break;
      }
      case 'budget_copy':
        summary = `undid ${original.actor_name}'s copy: deleted ${await copyBudgetUndo(trx, undo as { budgetId: number })}`;
        break;
      case 'budget_close':
        summary = `undid ${original.actor_name}'s close: reopened ${await closeBudgetUndo(trx, undo as { budgetId: number })}`;
        break;
      default:
        throw unprocessable(CANNOT_UNDO_KIND);
    }
    const keys = await trx.selectFrom('activity_rows').select('row_key').where('activity_id', '=', id).execute();
    const undoId = await recordActivity(trx, {
      kind: 'undo',
      summary,
      budgetId: original.budget_id,
      bankAccountId: original.bank_account_id,
      rowKeys: keys.map((k) => k.row_key),
      undoes: id,
    });
    await trx.updateTable('activities').set({ undone_by_id: undoId }).where('id', '=', id).execute();
    const entry = (await listed(trx).where('id', '=', undoId).executeTakeFirstOrThrow()) as ListedRow;
    return { success: true as const, activity: toEntry(entry) };
  });
}
