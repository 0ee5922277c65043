import { sql } from 'kysely';
import { formatShortDate } from '../../../src/shared/dates';
import type { ManualAdjustmentsBody } from '../../../src/shared/schemas/transactions';
import type { HouseholdScope } from '../../db/scope';
import type { Transaction } from '../../db/schema';
import { currentBalances } from '../balances';
import { afterReconciled } from './reconciledRows';
import { Refusals } from '../refusals';
import { manualBankRef } from './reads';
import { type NewRowOutsideWindow, type RowsOutsideWindow, writeOutsideWindow } from './writesOutsideWindow';

export const MANUAL_ADJUSTMENT = 'Manual Adjustment';

/** After the account's checkpoint: the rows an adjustment may still fold into (the checkpoint is never before the opening date). */
const afterCheckpoint = sql<boolean>`transactions.transaction_date > coalesce(bank_accounts.closing_date, bank_accounts.opening_date)`;

const amounts = (net: number) => ({ withdrawal_amount: net < 0 ? -net : 0, deposit_amount: net > 0 ? net : 0 });

/** A paid adjustment row moving the account's balance by `net`: how "Adjust Account Balances" and a reconcile both write one. */
export const manualAdjustmentRow = (accountId: number, date: string, net: number, description = MANUAL_ADJUSTMENT): NewRowOutsideWindow => ({
  bank_account_id: accountId,
  transaction_date: date,
  description,
  ...amounts(net),
  allocation_id: null,
  sink_fund_allocation_id: null,
  status: 'paid',
  brought_forward_status: null,
  bank_ref: manualBankRef(),
  is_manual_adjustment: 1,
});

/**
 * Makes each account's current balance equal the balance the user counted, through one "Manual Adjustment"
 * row dated today (the server's date, never a day ahead): created, resized or deleted (when it would be 0).
 * An account settled up to today or later (a budget closed before its end, an opening date ahead) is refused.
 * Older duplicates after the checkpoint are folded into that one row; rows a reconciled statement covers are
 * left alone. Only accounts whose balance changes are
 * written, through the one writer outside the window (its rules and limits; their windows' versions move);
 * all of them in one transaction.
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

    const deletes: Transaction[] = [];
    const inserts: NewRowOutsideWindow[] = [];
    const updates: NonNullable<RowsOutsideWindow['updates']> = [];
    for (const { bank_account_id: accountId, new_balance: newBalance } of body.adjustments) {
      const currentBalance = balances.get(accountId) ?? 0;
      // An account already at the balance counted keeps its rows and its window's lock version untouched.
      if (newBalance === currentBalance) continue;
      const account = accountById.get(accountId)!;
      const rows = existingByAccount.get(accountId) ?? [];
      const currentAdjustment = rows.reduce((sum, row) => sum + row.deposit_amount - row.withdrawal_amount, 0);
      const net = currentAdjustment + newBalance - currentBalance;
      const date = todayDate;
      const settledTo = account.closing_date ?? account.opening_date;
      if (settledTo >= todayDate) {
        refusals.add(
          `${account.name}'s balance is settled up to ${formatShortDate(settledTo)} (a closed budget or its opening date): reopen the budget or move the opening date to adjust it today`,
        );
        continue;
      }
      const [kept, ...extra] = rows;
      deletes.push(...extra);
      if (net === 0) {
        if (kept) deletes.push(kept);
      } else if (kept) {
        updates.push({ stored: kept, values: { transaction_date: date, ...amounts(net) } });
      } else {
        inserts.push(manualAdjustmentRow(accountId, date, net));
      }
    }

    refusals.throwIfAny();
    await writeOutsideWindow(trx, { inserts, updates, deletes });
  });
}
