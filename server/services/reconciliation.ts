import { formatMoney } from '../../src/shared/money';
import { formatShortDate } from '../../src/shared/dates';
import {
  RECONCILE_FUTURE_DATE,
  reconcileBeforeCheckpoint,
  reconcileBeforeReconciled,
  type ReconcileBody,
  type ReconcilePreview,
  type ReconcileResult,
} from '../../src/shared/schemas/reconciliation';
import { WINDOW_CONFLICT_MESSAGE } from '../../src/shared/schemas/transactions';
import { moveVersion } from '../db/lockVersions';
import type { HouseholdScope } from '../db/scope';
import type { BankAccount } from '../db/schema';
import { conflict, unprocessable } from '../errors';
import { currentBalances, netOfTransactions } from './balances';
import { BANK_ACCOUNT_NOT_FOUND } from './bankAccounts';
import { MANUAL_ADJUSTMENT, manualAdjustmentRow } from './transactions/manualAdjustments';
import { toTransactionResponse } from './transactions/reads';
import { writeOutsideWindow } from './transactions/writesOutsideWindow';

/**
 * Reconciling an account to a bank statement (issue 28): the app's balance at the statement's closing date
 * against the statement's, one adjustment row for the difference, and the account reconciled through that date.
 */

const refuseDate = (message: string) => unprocessable(message, { statement_date: [message] });

/** The statement dates the account can be reconciled to: after its checkpoint (or opening date), not before the last statement, not in the future. */
function checkStatementDate(account: BankAccount, statementDate: string, todayDate: string): void {
  if (statementDate > todayDate) throw refuseDate(RECONCILE_FUTURE_DATE);
  // An adjustment dated on or before the checkpoint would not move the balance (that period is closed).
  const settledTo = account.closing_date ?? account.opening_date;
  if (statementDate <= settledTo) throw refuseDate(reconcileBeforeCheckpoint(formatShortDate(settledTo)));
  if (account.reconciled_through !== null && statementDate < account.reconciled_through) {
    throw refuseDate(reconcileBeforeReconciled(formatShortDate(account.reconciled_through)));
  }
}

/**
 * The account's balance at the end of `date`: its current balance (the one definition, balances.ts) less the rows
 * dated after that day. Valid for any day from the account's opening on, checkpoint or not.
 */
async function balanceAt(scope: HouseholdScope, accountId: number, date: string): Promise<number> {
  const [balances, later] = await Promise.all([
    currentBalances(scope, [accountId]),
    scope
      .selectFrom('transactions')
      .select(netOfTransactions.as('net'))
      .where('transactions.bank_account_id', '=', accountId)
      .where('transactions.transaction_date', '>', date)
      .executeTakeFirst(),
  ]);
  return (balances.get(accountId) ?? 0) - (later?.net ?? 0);
}

async function reconcilableAccount(scope: HouseholdScope, accountId: number, statementDate: string, todayDate: string): Promise<BankAccount> {
  const account = await scope.find('bank_accounts', accountId, BANK_ACCOUNT_NOT_FOUND);
  checkStatementDate(account, statementDate, todayDate);
  return account;
}

/** What reconciling to a statement closing on `statementDate` would find; writes nothing. */
export async function reconcilePreview(scope: HouseholdScope, accountId: number, statementDate: string, todayDate: string): Promise<ReconcilePreview> {
  const account = await reconcilableAccount(scope, accountId, statementDate, todayDate);
  // Rows on or before the checkpoint are settled by closing; the list starts after it or after the last statement.
  const from = [account.closing_date ?? account.opening_date, account.reconciled_through].reduce<string | null>((later, date) => (later === null || (date !== null && date > later) ? date : later), null);
  let rows = scope.selectFrom('transactions').selectAll().where('bank_account_id', '=', accountId).where('transaction_date', '<=', statementDate);
  if (from !== null) rows = rows.where('transaction_date', '>', from);
  const [balance, ledgerAtReconciled, unreconciled] = await Promise.all([
    balanceAt(scope, accountId, statementDate),
    account.reconciled_through === null ? null : balanceAt(scope, accountId, account.reconciled_through),
    rows.orderBy('transaction_date').orderBy('id').execute(),
  ]);
  return {
    bank_account_id: accountId,
    statement_date: statementDate,
    balance_at_statement_date: balance,
    reconciled_through: account.reconciled_through,
    reconciled_balance: account.reconciled_balance,
    ledger_at_reconciled: ledgerAtReconciled,
    unreconciled: unreconciled.map(toTransactionResponse),
    window_lock_version: account.window_lock_version,
  };
}

/**
 * Reconciles the account to the statement in one transaction: when the app's balance at the statement date
 * differs, one paid adjustment row dated that day makes it agree; the account is then reconciled through that
 * date at the statement's balance, and its window's version moves (an older draft, the same person's too, is a 409).
 */
export function reconcile(scope: HouseholdScope, accountId: number, body: ReconcileBody, todayDate: string): Promise<ReconcileResult> {
  return scope.transaction(async (trx) => {
    const account = await reconcilableAccount(trx, accountId, body.statement_date, todayDate);
    const moved = await moveVersion(trx, 'window', { ids: [accountId], sent: body.window_lock_version });
    if (!moved.has(accountId)) throw conflict(WINDOW_CONFLICT_MESSAGE);
    const difference = body.statement_balance - (await balanceAt(trx, accountId, body.statement_date));
    let adjustment: ReconcileResult['adjustment'] = null;
    if (difference !== 0) {
      const description = `${MANUAL_ADJUSTMENT} (statement of ${formatShortDate(body.statement_date)})`;
      const [row] = await writeOutsideWindow(trx, { inserts: [manualAdjustmentRow(account.id, body.statement_date, difference, description)] });
      adjustment = toTransactionResponse(row);
    }
    await trx
      .updateTable('bank_accounts')
      .set({ reconciled_through: body.statement_date, reconciled_balance: body.statement_balance })
      .where('id', '=', accountId)
      .execute();
    return { adjustment, reconciled_through: body.statement_date, reconciled_balance: body.statement_balance };
  });
}

/** The activity's words: "reconciled Visa Card to the statement of Nov 25, 2026 (adjusted by -12.34)". */
export function reconcileSummary(accountName: string, result: ReconcileResult): string {
  const outcome = result.adjustment ? `adjusted by ${formatMoney(result.adjustment.net_amount)}` : 'it agreed';
  return `reconciled ${accountName} to the statement of ${formatShortDate(result.reconciled_through)} (${outcome})`;
}
