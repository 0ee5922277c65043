import { BUDGET_CLOSED_MESSAGE, BUDGET_NOT_FOUND_MESSAGE } from '../../../src/shared/schemas/budgets';
import { NOT_A_CREDIT_CARD, type MarkPaidBody, type MarkPaidResult } from '../../../src/shared/schemas/cardPayments';
import { WINDOW_CONFLICT_MESSAGE } from '../../../src/shared/schemas/transactions';
import { markableAsPaid, totalOwed } from '../../../src/shared/cardPayments';
import { formatMoney } from '../../../src/shared/money';
import { counted } from '../../../src/shared/wording';
import { moveVersion } from '../../db/lockVersions';
import { collectChanges, writeRowSet } from '../../db/rowSet';
import type { HouseholdScope } from '../../db/scope';
import { conflict, unprocessable } from '../../errors';
import { changedKeys, sealChanges } from '../activity/changeSet';
import { recordActivity } from '../activity/record';
import type { WindowUndo } from '../activity/windowChanges';
import { BANK_ACCOUNT_NOT_FOUND } from '../bankAccounts';
import { RowProblems } from './rowRules';
import { storedValues, TRANSACTION_COLUMNS } from './transactionColumns';


/**
 * "Mark Charges Paid" after a card payment: ticks Paid? on the chosen unpaid rows of one card window, in one
 * write that moves the window's version (an older draft of the window is then a 409) and is recorded as a window
 * change, so Undo puts exactly those rows back to unpaid while nothing has touched them since.
 */
export function markChargesPaid(scope: HouseholdScope, accountId: number, body: MarkPaidBody): Promise<{ result: MarkPaidResult; activityId: number }> {
  return scope.transaction(async (trx) => {
    const account = await trx.find('bank_accounts', accountId, BANK_ACCOUNT_NOT_FOUND);
    const budget = await trx.find('budgets', body.budget_id, BUDGET_NOT_FOUND_MESSAGE);
    if (account.account_type !== 'credit_card') throw unprocessable(NOT_A_CREDIT_CARD);
    if (budget.status === 'closed') throw unprocessable(BUDGET_CLOSED_MESSAGE);
    const version = (await moveVersion(trx, 'window', { ids: [account.id], sent: body.window_lock_version })).get(account.id);
    if (version === undefined) throw conflict(WINDOW_CONFLICT_MESSAGE);

    const ids = [...new Set(body.transaction_ids)];
    const rows = await trx
      .selectFrom('transactions')
      .selectAll()
      .where('bank_account_id', '=', account.id)
      .where('transaction_date', '>=', budget.start_date)
      .where('transaction_date', '<=', budget.end_date)
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const problems = new RowProblems('named');
    ids.forEach((id, index) => {
      const row = byId.get(id);
      if (!row) problems.add(`Transaction ${id} is not a row of ${account.name} in ${budget.name}`);
      else if (!markableAsPaid(row)) problems.addFor(index, row, 'status', row.status === 'paid' ? 'is already paid' : 'is not a charge a payment covers');
    });
    problems.throwIfAny();

    const { changes } = await collectChanges(trx, () =>
      writeRowSet(trx, 'transactions', TRANSACTION_COLUMNS, { updates: rows.map((row) => ({ before: row, values: { ...storedValues(row), status: 'paid' } })) }),
    );
    const set = await sealChanges(trx, changes);
    const activityId = await recordActivity(trx, {
      kind: 'window_save',
      summary: `marked ${counted(rows.length, 'charge')} paid in ${account.name} for ${budget.name} (${formatMoney(totalOwed(rows))})`,
      budgetId: budget.id,
      bankAccountId: account.id,
      undo: { bankAccountId: account.id, budgetId: budget.id, changes: set } satisfies WindowUndo,
      rowKeys: changedKeys(set),
    });
    return { result: { marked: rows.length, window_lock_version: version }, activityId };
  });
}
