import { BUDGET_CLOSED_MESSAGE } from '../../../src/shared/schemas/budgets';
import { formatMoney } from '../../../src/shared/money';
import { moveVersion } from '../../db/lockVersions';
import { collectChanges, type TableChanges } from '../../db/rowSet';
import type { Budget } from '../../db/schema';
import type { HouseholdScope } from '../../db/scope';
import { unprocessable } from '../../errors';
import type { QuickAdded } from '../transactions/quickAdd';
import { counted } from '../../../src/shared/wording';
import { type ChangeSet, changedKeys, sealChanges } from './changeSet';
import { type ActivityEntry, recordActivity } from './record';
import { restoreChanges, UndoImpossible } from './restore';
/** What undoing a transactions window save needs: the change set of the save. */
export interface WindowUndo {
  bankAccountId: number;
  budgetId: number;
  changes: ChangeSet;
}

/** "saved 12 transactions in Joint Current (3 added, 8 changed, 1 deleted)". */
function windowSummary(accountName: string, budget: Budget, counts: { added: number; changed: number; deleted: number }): string {
  const total = counts.added + counts.changed + counts.deleted;
  const parts = [
    counts.added && `${counts.added} added`,
    counts.changed && `${counts.changed} changed`,
    counts.deleted && `${counts.deleted} deleted`,
  ].filter(Boolean);
  return `saved ${counted(total, 'transaction')} in ${accountName} for ${budget.name}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

/** Runs a transactions window save (an import is one) and records it from its own change set, in one transaction. */
export async function recordWindowSave<R>(
  scope: HouseholdScope,
  ids: { bankAccountId: number; budgetId: number },
  work: (trx: HouseholdScope) => Promise<R>,
): Promise<{ result: R; activityId: number }> {
  return scope.transaction(async (trx) => {
    // An unknown account or budget is the save's own 404, reported by `work` before anything is recorded.
    const { result, changes } = await collectChanges(trx, () => work(trx));
    const account = await trx.selectFrom('bank_accounts').select(['id', 'name']).where('id', '=', ids.bankAccountId).executeTakeFirstOrThrow();
    const budget = await trx.selectFrom('budgets').selectAll().where('id', '=', ids.budgetId).executeTakeFirstOrThrow();
    const set = await sealChanges(trx, changes);
    const rows = changes.transactions ?? { inserted: [], updated: [], deleted: [] };
    const activityId = await recordActivity(trx, {
      kind: 'window_save',
      summary: windowSummary(account.name, budget, { added: rows.inserted.length, changed: rows.updated.length, deleted: rows.deleted.length }),
      budgetId: budget.id,
      bankAccountId: account.id,
      undo: { bankAccountId: account.id, budgetId: budget.id, changes: set } satisfies WindowUndo,
      rowKeys: changedKeys(set),
    });
    return { result, activityId };
  });
}

/** Puts a window back as it was before the save: added rows deleted, changed ones restored, deleted ones written again. */
export async function restoreWindow(scope: HouseholdScope, undo: WindowUndo, accountName: string): Promise<{ text: string; changes: TableChanges }> {
  const budget = await scope.selectFrom('budgets').selectAll().where('id', '=', undo.budgetId).executeTakeFirst();
  if (!budget) throw new UndoImpossible(['its budget was deleted']);
  if (budget.status === 'closed') throw unprocessable(BUDGET_CLOSED_MESSAGE);
  const changes = await restoreChanges(scope, undo.changes);
  await moveVersion(scope, 'window', { ids: [undo.bankAccountId] });
  const rows = undo.changes.tables.transactions;
  const count = rows ? rows.inserted.length + rows.updated.length + rows.deleted.length : 0;
  return { text: `${counted(count, 'transaction')} in ${accountName} for ${budget.name}`, changes };
}

/**
 * A quick add's entry: a window save of one added row as far as Activity is concerned (its link opens the
 * window, "Undo" deletes the row), refused once a newer change touched that row.
 */
export async function quickAddEntry(added: QuickAdded, trx: HouseholdScope, written: TableChanges): Promise<ActivityEntry> {
  const { transaction, budget, accountName } = added;
  const amount = transaction.withdrawal_amount ? formatMoney(transaction.withdrawal_amount) : `+${formatMoney(transaction.deposit_amount)}`;
  const changes = await sealChanges(trx, written);
  const undo: WindowUndo = { bankAccountId: transaction.bank_account_id, budgetId: budget.id, changes };
  return {
    kind: 'window_save',
    summary: `added ${transaction.description} (${amount}) to ${accountName} for ${budget.name}`,
    budgetId: budget.id,
    bankAccountId: transaction.bank_account_id,
    undo,
    rowKeys: changedKeys(changes),
  };
}
