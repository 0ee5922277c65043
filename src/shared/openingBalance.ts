import { addDays, type DateOnly, formatShortDate } from './dates';
import type { Cents } from './money';

/**
 * An account's balance starts from its opening balance, the balance at the end of its opening date: every
 * transaction dated after that day moves it, none dated on or before it is accepted. This is the one definition
 * of an account's balance; the server's query (server/services/balances.ts) computes exactly this in SQL.
 */

/** The first day of the budgets: the earliest start of any budget, open or closed (null without budgets). */
export function earliestBudgetStart(budgets: readonly { start_date: DateOnly }[]): DateOnly | null {
  let start: DateOnly | null = null;
  for (const budget of budgets) if (start === null || budget.start_date < start) start = budget.start_date;
  return start;
}

/** A new account's opening date: the day before the earliest budget starts, or the last day of the previous month. */
export function defaultOpeningDate(earliestStart: DateOnly | null | undefined, todayDate: DateOnly): DateOnly {
  return addDays(earliestStart ?? `${todayDate.slice(0, 8)}01`, -1);
}

/** Whether a transaction moves the balance of an account opened on `openingDate`. */
export const countsInBalance = (transactionDate: DateOnly, openingDate: DateOnly): boolean => transactionDate > openingDate;

/** The balance: the opening balance plus the net (deposit − withdrawal) of every transaction dated after the opening date. */
export function accountBalance(
  account: { opening_balance: Cents; opening_date: DateOnly },
  transactions: Iterable<{ transaction_date: DateOnly; deposit_amount: Cents; withdrawal_amount: Cents }>,
): Cents {
  let balance = account.opening_balance;
  for (const row of transactions) if (countsInBalance(row.transaction_date, account.opening_date)) balance += row.deposit_amount - row.withdrawal_amount;
  return balance;
}

/** The refusal of a transaction dated on or before the opening date, offering the way out. */
export const beforeOpeningDateMessage = (date: DateOnly, accountName: string, openingDate: DateOnly): string =>
  `${formatShortDate(date)} is on or before ${accountName}'s opening date (${formatShortDate(openingDate)}): move the opening date in Setup to enter it`;

/** Why a transaction cannot be dated `date` in this account (null when it can). */
export const openingDateProblem = (date: DateOnly, account: { name: string; opening_date: DateOnly }): string | null =>
  countsInBalance(date, account.opening_date) ? null : beforeOpeningDateMessage(date, account.name, account.opening_date);

/** Under the opening balance: what the figure means, given the opening date chosen. */
export const openingBalanceHint = (openingDate: DateOnly) =>
  `Your balance at the end of ${formatShortDate(openingDate)}: transactions dated after that day are added to it; earlier ones cannot be entered.`;

/** Changing the opening balance or date later recomputes every balance of the account. */
export const OPENING_BALANCE_CORRECTION_HINT = 'Changing the opening balance or date recomputes every balance of this account.';
