/**
 * A credit card's month in the household's words: charges stay unpaid until a payment (a transfer into the card)
 * covers them; what is still unpaid when the month closes is carried forward. One home for the rules the
 * transactions screen, the server and the ledger model share.
 */
import type { Cents } from './money';
import { formatMoney } from './money';
import { formatShortDate, type DateOnly } from './dates';
import type { BroughtForwardStatus, TransactionStatus } from './schemas/transactions';

export interface CardRow {
  id: number;
  transaction_date: DateOnly;
  withdrawal_amount: Cents;
  deposit_amount: Cents;
  status: TransactionStatus;
  brought_forward_status?: BroughtForwardStatus | null;
  deleted?: boolean;
}

/** What a row still owes while unpaid: a charge counts positive, an unpaid refund negative. */
export const owedBy = (row: Pick<CardRow, 'withdrawal_amount' | 'deposit_amount'>): Cents => row.withdrawal_amount - row.deposit_amount;

/** A row a payment can cover: unpaid, not toggled deleted, not the balancing row a close wrote. */
export const markableAsPaid = (row: CardRow): boolean => row.status === 'unpaid' && !row.deleted && row.brought_forward_status !== 'adjustment';

/** A payment into the card: money received that no close wrote (a transfer in, a payment typed by hand). */
export const isCardPayment = (row: CardRow): boolean =>
  !row.deleted && row.deposit_amount > row.withdrawal_amount && row.brought_forward_status !== 'adjustment' && row.brought_forward_status !== 'added';

/**
 * The charges a payment most likely paid: the oldest unpaid rows first, each taken while the total stays within
 * the payment (an unpaid refund always fits). Exact when an oldest-first run adds up to it; otherwise a total below
 * it, which the dialog says in words.
 */
export function oldestChargesCovering<R extends CardRow>(rows: readonly R[], payment: Cents): R[] {
  const candidates = rows.filter(markableAsPaid).sort((a, b) => (a.transaction_date < b.transaction_date ? -1 : a.transaction_date > b.transaction_date ? 1 : a.id - b.id));
  const chosen: R[] = [];
  let total = 0;
  for (const row of candidates) {
    if (total + owedBy(row) > payment) continue;
    chosen.push(row);
    total += owedBy(row);
    if (total === payment) break;
  }
  return chosen;
}

/** Σ owed by the rows. */
export const totalOwed = (rows: readonly Pick<CardRow, 'withdrawal_amount' | 'deposit_amount'>[]): Cents => rows.reduce((sum, row) => sum + owedBy(row), 0);

/** How the ticked charges compare with the payment, in words. */
export function matchWords(ticked: Cents, payment: Cents): string {
  if (ticked === payment) return `The ticked charges add up to the payment (${formatMoney(payment)}).`;
  if (ticked < payment) return `The ticked charges add up to ${formatMoney(ticked)}: ${formatMoney(payment - ticked)} of the payment is not matched to a charge (it may pay the balance the card was opened with, or part of a charge).`;
  return `The ticked charges add up to ${formatMoney(ticked)}: ${formatMoney(ticked - payment)} more than the payment.`;
}

export interface CardMonthFigures {
  /** The card's balance (negative: what it owes). */
  currentBankBalance: Cents;
  unpaidBalance: Cents;
  unpaidDifference: Cents;
  /** The rows Close would carry forward: unpaid, in this window. */
  unpaidCount: number;
}

/** The card's summary in words: what is still owed and what Close will carry forward. */
export function cardMonthWords(figures: CardMonthFigures, nextMonthStart: DateOnly | null): string[] {
  const owed = -figures.currentBankBalance;
  const lines: string[] = [];
  lines.push(owed > 0 ? `The card owes ${formatMoney(owed)}.` : owed < 0 ? `The card is in credit by ${formatMoney(-owed)}.` : 'The card owes nothing.');
  const when = nextMonthStart ? ` dated ${formatShortDate(nextMonthStart)}` : '';
  lines.push(
    figures.unpaidCount === 0
      ? 'No charge is unpaid: Close will carry nothing forward.'
      : `${figures.unpaidCount === 1 ? '1 unpaid row' : `${figures.unpaidCount} unpaid rows`} (${formatMoney(figures.unpaidBalance)}): Close will carry ${figures.unpaidCount === 1 ? 'it' : 'them'} into the next month as (B/F) rows${when}.`,
  );
  if (figures.unpaidDifference < 0)
    lines.push(`The card owes ${formatMoney(-figures.unpaidDifference)} more than its unpaid charges: a balance it was opened with, a charge marked paid that no payment covered, or a charge not entered yet.`);
  else if (figures.unpaidDifference > 0)
    lines.push(`Payments cover ${formatMoney(figures.unpaidDifference)} of charges still marked unpaid: "Mark Charges Paid" ticks the charges a payment covered.`);
  return lines;
}
