import { sql } from 'kysely';
import type { ManualAdjustmentsBody } from '../../src/shared/schemas/transactions';
import { moveVersion } from '../db/lockVersions';
import type { HouseholdScope } from '../db/scope';
import type { NewTransaction, Transaction } from '../db/schema';
import { afterCheckpoint, currentBalances } from './balances';
import { afterReconciled, manualAdjustmentDate } from './reconciledRows';
import { Refusals } from './refusals';
import { manualBankRef } from './transactions';

export const MANUAL_ADJUSTMENT = 'Manual Adjustment';

const amounts = (net: number) => ({ withdrawal_amount: net < 0 ? -net : 0, deposit_amount: net > 0 ? net : 0 });

/** A paid adjustment row moving the account's balance by `net`: how "Adjust Account Balances" and a reconcile both write one. */
export const manualAdjustmentRow = (householdId: number, accountId: number, date: string, net: number, description = MANUAL_ADJUSTMENT): NewTransaction => ({
  household_id: householdId,
  bank_account_id: accountId,
  transaction_date: date,
  description,
  ...amounts(net),
  status: 'paid',
  bank_ref: manualBankRef(),
  is_manual_adjustment: 1,
});

/**
 * Makes each account's current balance equal the balance the user counted, through one "Manual Adjustment"
 * row dated the day after the account's checkpoint: created, resized or deleted (when it would be 0).
 * Older duplicates after the checkpoint are folded into that one row; rows a reconciled statement covers are left
 * alone, and the row is dated after that statement (see manualAdjustmentDate). Only accounts whose balance changes are
 * written (and get their transaction window's lock version bumped); all of them in one transaction.
 */
export function adjustBalances(scope: HouseholdScope, body: ManualAdjustmentsBody, todayDate: string): Promise<void> {
  return scope.transaction(async (trx) => {
    const ids = body.adjustments.map((a) => a.bank_account_id);
    const accounts = ids.length === 0 ? [] : await trx.selectFrom('bank_accounts').selectAll().where('id', 'in', ids).execute();
    const accountById = new Map(accounts.map((a) => [a.id, a]));
    const refusals = new Refusals();
    body.adjustments.forEach((adjustment, index) => {
      const field = `adjustments.${index}.bank_account_id`;
      if (!accountById.has(adjustment.bank_account_id)) refusals.add("Bank account doesn't exist", field);
      else if (ids.indexOf(adjustment.bank_account_id) !== index) refusals.add('Bank account is listed twice', field);
    });
    refusals.throwIfAny();
    if (accounts.length === 0) return;

    const [balances, existing] = await Promise.all([
      currentBalances(trx, ids),
      trx
        .selectFrom('transactions')
        .innerJoin('bank_accounts', 'bank_accounts.id', 'transactions.bank_account_id')
        .selectAll('transactions')
        .where('transactions.bank_account_id', 'in', ids)
        .where('transactions.is_manual_adjustment', '=', 1)
        .where(afterCheckpoint)
        .where(afterReconciled)
        .orderBy('transactions.id')
        .execute(),
    ]);
    const existingByAccount = new Map<number, Transaction[]>();
    for (const row of existing) existingByAccount.set(row.bank_account_id, [...(existingByAccount.get(row.bank_account_id) ?? []), row]);

    const changed: number[] = [];
    const toDelete: number[] = [];
    const toInsert: NewTransaction[] = [];
    const toResize: Array<{ id: number; date: string; net: number }> = [];
    for (const { bank_account_id: accountId, new_balance: newBalance } of body.adjustments) {
      const currentBalance = balances.get(accountId) ?? 0;
      // An account already at the balance counted keeps its rows and its window's lock version untouched.
      if (newBalance === currentBalance) continue;
      changed.push(accountId);
      const account = accountById.get(accountId)!;
      const rows = existingByAccount.get(accountId) ?? [];
      const currentAdjustment = rows.reduce((sum, row) => sum + row.deposit_amount - row.withdrawal_amount, 0);
      const net = currentAdjustment + newBalance - currentBalance;
      const date = manualAdjustmentDate(account, todayDate);
      const [kept, ...extra] = rows;
      toDelete.push(...extra.map((row) => row.id));
      if (net === 0) {
        if (kept) toDelete.push(kept.id);
      } else if (kept) {
        toResize.push({ id: kept.id, date, net });
      } else {
        toInsert.push(manualAdjustmentRow(trx.householdId, accountId, date, net));
      }
    }

    if (toDelete.length > 0) await trx.deleteFrom('transactions').where('id', 'in', toDelete).execute();
    if (toInsert.length > 0) await trx.insertInto('transactions').values(toInsert).execute();
    // At most one row per account of the household: a handful of statements, never one per transaction.
    for (const { id, date, net } of toResize) {
      await trx
        .updateTable('transactions')
        .set({ transaction_date: date, ...amounts(net), updated_at: sql`CURRENT_TIMESTAMP` })
        .where('id', '=', id)
        .execute();
    }
    await moveVersion(trx, 'window', { ids: changed });
  });
}
