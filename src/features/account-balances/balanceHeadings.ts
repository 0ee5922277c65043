import { formatShortDate, type DateOnly } from '../../shared/dates';

/** An account's checkpoint date; null while it has none (its balance is still the opening balance). */
type ClosingDate = DateOnly | null;

/**
 * The closing date shared by every account listed, for the "Balance At" heading; `undefined` when they differ or
 * none is listed (the cells then carry their own dates).
 */
export function sharedClosingDate(accounts: readonly { closing_date: ClosingDate }[]): ClosingDate | undefined {
  const [first, ...rest] = accounts;
  if (!first) return undefined;
  return rest.every((account) => account.closing_date === first.closing_date) ? first.closing_date : undefined;
}

/** What follows "Balance At:" in a heading: the date, "Opening" before any checkpoint, "Last Closing" above dates that differ. */
export function balanceAtText(date: ClosingDate | undefined): string {
  if (date === undefined) return 'Last Closing';
  return date === null ? 'Opening' : formatShortDate(date);
}

/** The date under a cell's amount when the heading cannot carry it. */
export const closingDateText = (date: ClosingDate) => (date === null ? 'Opening balance' : formatShortDate(date));
