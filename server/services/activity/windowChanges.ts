import { BUDGET_CLOSED_MESSAGE } from '../../../src/shared/schemas/budgets';
import { updateRows } from '../../db/batchUpdate';
import { inChunks } from '../../db/chunks';
import { moveVersion } from '../../db/lockVersions';
import type { Budget, Transaction } from '../../db/schema';
import type { HouseholdScope } from '../../db/scope';
import { unprocessable } from '../../errors';
import { counted } from '../wording';
import { TRANSACTION_COLUMNS, windowRows } from '../transactionWindow';
import { type ActivityEntry, recordActivity } from './record';
import type { QuickAdded } from '../quickAdd';
import { formatMoney } from '../../../src/shared/money';

/** What undoing a transactions window save needs: the rows it changed or deleted as they were, and the ones it added. */
export interface WindowUndo {
  bankAccountId: number;
  budgetId: number;
  before: Transaction[];
  added: number[];
}

const COLUMN_NAMES = Object.keys(TRANSACTION_COLUMNS) as Array<keyof typeof TRANSACTION_COLUMNS>;
const differs = (a: Transaction, b: Transaction) => COLUMN_NAMES.some((column) => a[column] !== b[column]);

/** The window's rows before and after: which were added, changed and deleted. */
function compare(before: Transaction[], after: Transaction[]) {
  const old = new Map(before.map((row) => [row.id, row]));
  const now = new Set(after.map((row) => row.id));
  const added = after.filter((row) => !old.has(row.id)).map((row) => row.id);
  const changed = after.filter((row) => old.has(row.id) && differs(old.get(row.id)!, row)).map((row) => old.get(row.id)!);
  const deleted = before.filter((row) => !now.has(row.id));
  return { added, changed, deleted };
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

/** Runs a transactions window save (an import is one) and records it with the rows as they were, in one transaction. */
export async function recordWindowSave<R>(
  scope: HouseholdScope,
  ids: { bankAccountId: number; budgetId: number },
  work: (trx: HouseholdScope) => Promise<R>,
): Promise<{ result: R; activityId: number }> {
  return scope.transaction(async (trx) => {
    // An unknown account or budget is the save's own 404: it is reported by `work`.
    const account = await trx.selectFrom('bank_accounts').select(['id', 'name']).where('id', '=', ids.bankAccountId).executeTakeFirst();
    const budget = await trx.selectFrom('budgets').selectAll().where('id', '=', ids.budgetId).executeTakeFirst();
    const before = account && budget ? await windowRows(trx, account.id, budget) : [];
    const result = await work(trx);
    const after = await windowRows(trx, account!.id, budget!);
    const { added, changed, deleted } = compare(before, after);
    const undo: WindowUndo = { bankAccountId: account!.id, budgetId: budget!.id, before: [...changed, ...deleted], added };
    const activityId = await recordActivity(trx, {
      kind: 'window_save',
      summary: windowSummary(account!.name, budget!, { added: added.length, changed: changed.length, deleted: deleted.length }),
      budgetId: budget!.id,
      bankAccountId: account!.id,
      undo,
      rowKeys: [...added, ...undo.before.map((row) => row.id)].map((id) => `transaction:${id}`),
    });
    return { result, activityId };
  });
}

/** Puts a window back as it was before the save: added rows deleted, changed ones restored, deleted ones written again. */
export async function restoreWindow(scope: HouseholdScope, undo: WindowUndo, accountName: string): Promise<string> {
  const budget = await scope.selectFrom('budgets').selectAll().where('id', '=', undo.budgetId).executeTakeFirst();
  if (budget?.status === 'closed') throw unprocessable(BUDGET_CLOSED_MESSAGE);
  const existing = new Set(
    undo.before.length
      ? (await scope.selectFrom('transactions').select('id').where('id', 'in', undo.before.map((row) => row.id)).execute()).map((row) => row.id)
      : [],
  );
  await inChunks(undo.added, (part) => scope.deleteFrom('transactions').where('id', 'in', part).execute());
  const updates = undo.before.filter((row) => existing.has(row.id));
  const inserts = undo.before.filter((row) => !existing.has(row.id));
  await updateRows(scope, 'transactions', TRANSACTION_COLUMNS, updates.map((row) => ({ id: row.id, values: row })));
  const strip = ({ created_at: _c, updated_at: _u, ...row }: Transaction) => row;
  await inChunks(inserts.map(strip), (part) => scope.insertInto('transactions').values(part).execute());
  await moveVersion(scope, 'window', { ids: [undo.bankAccountId] });
  return `${counted(undo.added.length + undo.before.length, 'transaction')} in ${accountName}${budget ? ` for ${budget.name}` : ''}`;
}

/**
 * A quick add's entry: a window save of one added row as far as Activity is concerned (its link opens the
 * window, "Undo" deletes the row), refused once a newer change touched that row.
 */
export function quickAddEntry(added: QuickAdded): ActivityEntry {
  const { transaction, budget, accountName } = added;
  const amount = transaction.withdrawal_amount ? formatMoney(transaction.withdrawal_amount) : `+${formatMoney(transaction.deposit_amount)}`;
  const undo: WindowUndo = { bankAccountId: transaction.bank_account_id, budgetId: budget.id, before: [], added: [transaction.id] };
  return {
    kind: 'window_save',
    summary: `added ${transaction.description} (${amount}) to ${accountName} for ${budget.name}`,
    budgetId: budget.id,
    bankAccountId: transaction.bank_account_id,
    undo,
    rowKeys: [`transaction:${transaction.id}`],
  };
}
