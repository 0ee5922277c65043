/**
 * The rules of a transaction row that the screens and the server both apply (api-and-domain §3 and §5): one
 * home each, so the screen's checks before a save and the server's refusals can never disagree.
 */
import { isValidDate, isWithin, type DateOnly } from './dates';
import type { BroughtForwardStatus, TransactionStatus } from './schemas/transactions';

/** The budget period a transactions window covers. */
export interface BudgetWindow {
  start_date: DateOnly;
  end_date: DateOnly;
}

/**
 * Rows a budget close writes: carried-forward copies of unpaid card charges ('added') and their balancing row
 * ('adjustment'). They are not spending: the original charge is already counted in its own budget.
 */
export const CARRIED_FORWARD_STATUSES = ['added', 'adjustment'] as const satisfies readonly BroughtForwardStatus[];

export const countsAsSpending = (status: BroughtForwardStatus | null | undefined): boolean =>
  status == null || !(CARRIED_FORWARD_STATUSES as readonly string[]).includes(status);

interface SpendingRow {
  withdrawal_amount: number;
  deposit_amount: number;
  brought_forward_status?: BroughtForwardStatus | null;
}

/**
 * What one row adds to its allocation's spent: withdrawal − deposit, or nothing when it does not count as
 * spending. An allocation's spent is the sum of this over its rows, wherever it is shown or exported (the SQL
 * form is `countsAsSpendingSql` and `spentSum` on the server; the stored sum `allocation_spending` is checked
 * against it by test/server/storedSums.test.ts).
 */
export const spendingOf = (row: SpendingRow): number =>
  countsAsSpending(row.brought_forward_status) ? row.withdrawal_amount - row.deposit_amount : 0;

/** Only the balancing row a close writes ("Balance B/F Adj Entry") carries negative amounts. */
const negativeAmountsAllowed = (status: BroughtForwardStatus | null | undefined): boolean => status === 'adjustment';

/**
 * A row saved without a status: a credit-card withdrawal stays unpaid until the card is paid; anything else
 * (a payment to the card, any row of another account) is paid. Imported rows take the same default.
 */
export const defaultTransactionStatus = (isCreditCard: boolean, withdrawal: number, deposit: number): TransactionStatus =>
  isCreditCard && withdrawal > deposit ? 'unpaid' : 'paid';

/** A row added by hand (still empty): unpaid on a credit card, paid elsewhere. */
export const newRowStatus = (isCreditCard: boolean): TransactionStatus => (isCreditCard ? 'unpaid' : 'paid');

/**
 * Paid/unpaid after choosing or clearing a row's allocation (or envelope). On a credit card Paid? means "covered by a
 * payment": the allocation never changes it (only the person, or marking charges paid after a payment). Elsewhere the
 * original client's rule stands: giving a row an allocation accounts for it (paid); clearing it makes the row unpaid
 * again (it shows red until someone allocates it).
 */
export const statusAfterAllocationChange = (allocationId: number | null | undefined, isCreditCard: boolean, current: TransactionStatus): TransactionStatus =>
  isCreditCard ? current : allocationId == null ? 'unpaid' : 'paid';

export const DATE_OUT_OF_RANGE = 'Date is outside of budget range';
export const DATE_REQUIRED = 'Date is required';

type WindowDateProblem = 'required' | 'before' | 'after' | null;

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

interface CheckedRow {
  transaction_date: string;
  withdrawal_amount: number;
  deposit_amount: number;
  brought_forward_status?: BroughtForwardStatus | null;
}

/** The amount fields of a row that are negative where that is not allowed. */
export function negativeAmountFields(row: CheckedRow): Array<'withdrawal_amount' | 'deposit_amount'> {
  if (negativeAmountsAllowed(row.brought_forward_status)) return [];
  return (['withdrawal_amount', 'deposit_amount'] as const).filter((field) => row[field] < 0);
}

/** What stops a row from being saved, checked by the screen before the save is sent (deleted rows are never checked). */
export function rowProblems(row: CheckedRow & { deleted: boolean }, window: BudgetWindow | null | undefined): string[] {
  if (row.deleted) return [];
  const problems: string[] = [];
  const dateMessage = windowDateMessage(windowDateProblem(row.transaction_date, window));
  if (dateMessage) problems.push(dateMessage);
  if (negativeAmountFields(row).length > 0) problems.push(NEGATIVE_AMOUNT);
  return problems;
}
