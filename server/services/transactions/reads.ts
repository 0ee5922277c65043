import { randomBytes } from 'node:crypto';
import { GENERATED_BANK_REF_PREFIX } from '../../../src/shared/bankRefs';
import { MAX_TRANSACTIONS_PER_HOUSEHOLD } from '../../../src/shared/money';
import { CARRIED_FORWARD_STATUSES } from '../../../src/shared/transactionRules';
import { dateAt, today } from '../../../src/shared/dates';
import { isoTimestamp } from '../../db/timestamps';
import type { Transaction as TransactionResponse } from '../../../src/shared/schemas/transactions';
import type { HouseholdScope } from '../../db/scope';
import type { Transaction } from '../../db/schema';
import { unprocessable } from '../../errors';
import { countsAsSpendingSql } from '../spending';

/** A transaction as the API sends it: booleans as booleans, plus net_amount and paid. */
export function toTransactionResponse(row: Transaction): TransactionResponse {
  return {
    id: row.id,
    transaction_date: row.transaction_date,
    description: row.description,
    withdrawal_amount: row.withdrawal_amount,
    deposit_amount: row.deposit_amount,
    net_amount: row.deposit_amount - row.withdrawal_amount,
    allocation_id: row.allocation_id,
    sink_fund_allocation_id: row.sink_fund_allocation_id,
    status: row.status,
    paid: row.status === 'paid',
    brought_forward_status: row.brought_forward_status,
    bank_ref: row.bank_ref,
    is_manual_adjustment: row.is_manual_adjustment === 1,
    bank_account_id: row.bank_account_id,
  };
}

/** The reference of a row typed in by hand (bank references are unique per account). */
export const manualBankRef = () => `${GENERATED_BANK_REF_PREFIX}${randomBytes(8).toString('hex')}`;

/**
 * The transactions behind an allocation's `spent`, oldest first. Carried-forward copies and their balancing row
 * are left out, exactly as `spent` leaves them out, so the dialog's total matches the budget screen.
 */
export async function transactionsOfAllocation(scope: HouseholdScope, allocationId: number): Promise<TransactionResponse[]> {
  await scope.find('allocations', allocationId, 'Allocation not found');
  const rows = await scope
    .selectFrom('transactions')
    .selectAll()
    .where('allocation_id', '=', allocationId)
    .where(countsAsSpendingSql('brought_forward_status'))
    .orderBy('transaction_date')
    .orderBy('id')
    .execute();
  return rows.map(toTransactionResponse);
}

/** An envelope's transactions, newest first. */
export async function transactionsOfSinkFundAllocation(scope: HouseholdScope, envelopeId: number): Promise<TransactionResponse[]> {
  await scope.find('sink_fund_allocations', envelopeId, 'Sink fund allocation not found');
  const rows = await scope
    .selectFrom('transactions')
    .selectAll()
    .where('sink_fund_allocation_id', '=', envelopeId)
    .orderBy('transaction_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toTransactionResponse);
}

/** The date of the household's latest transaction, or today when it has none. */
/**
 * Home's "Last transaction entered": the day (in the server's time zone) a transaction was last entered by a
 * person's write, whatever its own date; the rows a close writes (carried-forward copies and their balancing row)
 * are nobody's entry.
 */
export async function lastTransactionDate(scope: HouseholdScope, timeZone: string | undefined): Promise<{ transaction_date: string; has_transactions: boolean }> {
  const latest = await scope
    .selectFrom('transactions')
    .select('created_at')
    .where((eb) => eb.or([eb('brought_forward_status', 'is', null), eb('brought_forward_status', 'not in', CARRIED_FORWARD_STATUSES)]))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return { transaction_date: today(timeZone), has_transactions: false };
  return { transaction_date: dateAt(new Date(isoTimestamp(String(latest.created_at))), timeZone), has_transactions: true };
}

/**
 * Refuses a write that would take the household beyond MAX_TRANSACTIONS_PER_HOUSEHOLD: with the per-amount cap
 * this keeps every total exact (src/shared/money.ts). The count is the household's counter (migration 0013).
 */
export async function refuseBeyondTransactionLimit(scope: HouseholdScope, adding: number): Promise<void> {
  if (adding <= 0) return;
  const { transaction_count } = await scope.db.selectFrom('households').select('transaction_count').where('id', '=', scope.householdId).executeTakeFirstOrThrow();
  const kept = Number(transaction_count);
  if (kept + adding > MAX_TRANSACTIONS_PER_HOUSEHOLD) {
    throw unprocessable(
      `This household keeps ${kept.toLocaleString('en-US')} transactions; at most ${MAX_TRANSACTIONS_PER_HOUSEHOLD.toLocaleString('en-US')} are allowed.`,
    );
  }
}
