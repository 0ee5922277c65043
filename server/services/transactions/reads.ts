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
 * are left out, exactly as `spent` leaves them out, so the dialog's total matches the budget screen. A split row
 * appears once per part of this allocation, with the part's amount as its amounts and that part as its `splits`:
 * the dialog's total (and the original client's) is the spent.
 */
export async function transactionsOfAllocation(scope: HouseholdScope, allocationId: number): Promise<TransactionResponse[]> {
  await scope.find('allocations', allocationId, 'Allocation not found');
  return rowsAndPartsOf(scope, 'allocation_id', allocationId, 'oldest first');
}

/** An envelope's transactions, newest first: a split row once per part in the envelope, as for an allocation. */
export async function transactionsOfSinkFundAllocation(scope: HouseholdScope, envelopeId: number): Promise<TransactionResponse[]> {
  await scope.find('sink_fund_allocations', envelopeId, 'Sink fund allocation not found');
  return rowsAndPartsOf(scope, 'sink_fund_allocation_id', envelopeId, 'newest first');
}

/**
 * The rows of an allocation (those that count as spending) or an envelope (all), and the parts of split rows in
 * it, each part as its row with the part's amount and that part as its `splits`.
 */
async function rowsAndPartsOf(
  scope: HouseholdScope,
  column: 'allocation_id' | 'sink_fund_allocation_id',
  id: number,
  order: 'oldest first' | 'newest first',
): Promise<TransactionResponse[]> {
  const spendingOnly = column === 'allocation_id';
  let rowQuery = scope.selectFrom('transactions').selectAll().where(column, '=', id);
  if (spendingOnly) rowQuery = rowQuery.where(countsAsSpendingSql('brought_forward_status'));
  let partQuery = scope
    .selectFrom('transaction_splits')
    .innerJoin('transactions', 'transactions.id', 'transaction_splits.transaction_id')
    .selectAll('transactions')
    .select(['transaction_splits.id as part_id', 'transaction_splits.amount as part_amount', 'transaction_splits.memo as part_memo', 'transaction_splits.position as part_position'])
    .where(`transaction_splits.${column}`, '=', id);
  if (spendingOnly) partQuery = partQuery.where(countsAsSpendingSql('transactions.brought_forward_status'));
  const [rows, parts] = await Promise.all([rowQuery.execute(), partQuery.execute()]);
  const entries = [
    ...rows.map((row) => ({ row, position: 0, response: toTransactionResponse(row) })),
    ...parts.map(({ part_id, part_amount, part_memo, part_position, ...row }) => ({
      row,
      position: part_position,
      response: {
        ...toTransactionResponse({ ...row, withdrawal_amount: Math.max(-part_amount, 0), deposit_amount: Math.max(part_amount, 0) }),
        splits: [
          {
            id: part_id,
            amount: part_amount,
            allocation_id: column === 'allocation_id' ? id : null,
            sink_fund_allocation_id: column === 'sink_fund_allocation_id' ? id : null,
            memo: part_memo,
          },
        ],
      },
    })),
  ];
  const sign = order === 'oldest first' ? 1 : -1;
  const compare = (a: (typeof entries)[number], b: (typeof entries)[number]) =>
    a.row.transaction_date < b.row.transaction_date ? -1 : a.row.transaction_date > b.row.transaction_date ? 1 : a.row.id - b.row.id || a.position - b.position;
  entries.sort((a, b) => sign * compare(a, b));
  return entries.map((entry) => entry.response);
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
