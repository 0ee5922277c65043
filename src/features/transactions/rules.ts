import { isValidDate, isWithin, type DateOnly } from '../../shared/dates';
import type { TransactionStatus } from '../../shared/schemas/transactions';

/** The budget period a window covers. */
export interface BudgetWindow {
  start_date: DateOnly;
  end_date: DateOnly;
}

/**
 * Paid/unpaid: giving a row an allocation (or envelope) accounts for it, so it becomes paid; clearing it makes
 * the row unpaid again (it shows red until someone allocates it).
 */
export const statusAfterAllocationChange = (allocationId: number | null | undefined): TransactionStatus =>
  allocationId == null ? 'unpaid' : 'paid';

/** A row added by hand: a credit-card charge stays unpaid until the card is paid; elsewhere it is paid. */
export const newRowStatus = (isCreditCard: boolean): TransactionStatus => (isCreditCard ? 'unpaid' : 'paid');

/** An imported row, as the server defaults it: unpaid for a credit-card withdrawal, otherwise paid. */
export const importedRowStatus = (isCreditCard: boolean, withdrawal: number): TransactionStatus =>
  isCreditCard && withdrawal > 0 ? 'unpaid' : 'paid';

export const DATE_OUT_OF_RANGE = 'Date is outside of budget range';
export const DATE_REQUIRED = 'Date is required';

export type WindowDateProblem = 'required' | 'before' | 'after' | null;

/** Empty → required; before the start or after the end → out of range; no budget → no check. */
export function windowDateProblem(date: string | null | undefined, window: BudgetWindow | null | undefined): WindowDateProblem {
  if (!date || !isValidDate(date)) return 'required';
  if (!window) return null;
  if (date < window.start_date) return 'before';
  if (date > window.end_date) return 'after';
  return null;
}

export function windowDateMessage(problem: WindowDateProblem): string | null {
  if (problem === null) return null;
  return problem === 'required' ? DATE_REQUIRED : DATE_OUT_OF_RANGE;
}

/** A new row's date: today when today is inside the window, else the window's first day. */
export const defaultRowDate = (window: BudgetWindow, todayDate: DateOnly): DateOnly =>
  isWithin(todayDate, window.start_date, window.end_date) ? todayDate : window.start_date;

export const NEGATIVE_AMOUNT = 'Amounts cannot be negative';

/** What stops a row from being saved, checked before the save is sent (deleted rows are never checked). */
export function rowProblems(
  row: { transaction_date: string; withdrawal_amount: number; deposit_amount: number; deleted: boolean; brought_forward_status?: string | null },
  window: BudgetWindow | null | undefined,
): string[] {
  if (row.deleted) return [];
  const problems: string[] = [];
  const dateMessage = windowDateMessage(windowDateProblem(row.transaction_date, window));
  if (dateMessage) problems.push(dateMessage);
  // Only the balancing row a budget close writes ("Balance B/F Adj Entry") carries negative amounts.
  if (row.brought_forward_status !== 'adjustment' && (row.withdrawal_amount < 0 || row.deposit_amount < 0)) problems.push(NEGATIVE_AMOUNT);
  return problems;
}
