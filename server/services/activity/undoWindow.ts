import type { HouseholdScope } from '../../db/scope';

/**
 * Activity offers Undo for the household's latest UNDO_WINDOW changes. Older entries keep their words (who did
 * what, when) but not what an undo needs, so a household's database grows with its history, not with how often
 * it imports or saves (issue 49: a day of imports left megabytes of before-images behind).
 */
export const UNDO_WINDOW = 100;

/**
 * Drops what undo needs from the entries that no longer offer it: the undo data of entries older than the
 * household's latest UNDO_WINDOW, and their row keys (`activity_rows`, which name a later change when an undo
 * is refused: only entries newer than one still offering Undo are ever named). Runs with each entry recorded, in
 * its transaction; each statement is a seek (migration 0020's indexes), however long the history.
 */
export async function keepUndoWindow(scope: HouseholdScope): Promise<void> {
  const oldestKept = await scope.selectFrom('activities').select('id').orderBy('id', 'desc').limit(1).offset(UNDO_WINDOW - 1).executeTakeFirst();
  if (!oldestKept) return;
  await scope.updateTable('activities').set({ undo: null }).where('undo', 'is not', null).where('id', '<', oldestKept.id).execute();
  await scope.deleteFrom('activity_rows').where('activity_id', '<', oldestKept.id).execute();
}
