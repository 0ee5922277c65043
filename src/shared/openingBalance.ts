import { addDays, formatShortDate, type DateOnly } from './dates';

/** The current budget's first day: the open budget that starts first (none while no budget is open). */
export function currentBudgetStart(budgets: readonly { status: 'open' | 'closed'; start_date: DateOnly }[]): DateOnly | null {
  let start: DateOnly | null = null;
  for (const budget of budgets) if (budget.status === 'open' && (start === null || budget.start_date < start)) start = budget.start_date;
  return start;
}

/**
 * A new account's checkpoint: the day before the current budget starts, or today while no budget is open. Its
 * opening balance is the balance at the end of that day, so transactions dated on or before it are already in it.
 */
export const newAccountCheckpointDate = (budgetStart: DateOnly | null | undefined, todayDate: DateOnly): DateOnly =>
  budgetStart ? addDays(budgetStart, -1) : todayDate;

/** What the opening balance of a new account means, under its field. */
export const openingBalanceHint = (checkpoint: DateOnly) =>
  `Your balance at the end of ${formatShortDate(checkpoint)}: transactions dated up to that day are already in it, later ones are added to it.`;

/** Correcting an opening balance later shifts the account's checkpoint, so every balance after it moves too. */
export const OPENING_BALANCE_CORRECTION_HINT = "Changing it moves every balance of this account by the same amount.";
