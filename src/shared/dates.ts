/**
 * Date-only values are 'YYYY-MM-DD' strings. All arithmetic here goes through UTC day numbers so that no
 * local time zone can shift a day.
 */
export type DateOnly = string;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parts(date: DateOnly): [number, number, number] {
  const m = DATE_RE.exec(date);
  if (!m) throw new Error(`Not a date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function fromParts(year: number, month: number, day: number): DateOnly {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

export function isValidDate(value: unknown): value is DateOnly {
  if (typeof value !== 'string' || !DATE_RE.test(value)) return false;
  const [y, m, d] = parts(value);
  return y >= 1900 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const toUtc = (date: DateOnly) => {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d));
};
const fromUtc = (value: Date) => fromParts(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());

export function addDays(date: DateOnly, days: number): DateOnly {
  const value = toUtc(date);
  value.setUTCDate(value.getUTCDate() + days);
  return fromUtc(value);
}

/** Calendar-month arithmetic that clamps to the month's end: Jan 31 + 1 month = Feb 28 (or 29). */
export function addMonths(date: DateOnly, months: number): DateOnly {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return fromParts(year, month, Math.min(d, daysInMonth(year, month)));
}

/** A budget period ends the day before the same day next month. */
export const budgetEndDate = (start: DateOnly): DateOnly => addDays(addMonths(start, 1), -1);

const shortDate = (date: DateOnly) => {
  const [, m, d] = parts(date);
  return `${MONTHS[m - 1]} ${pad(d)}`;
};

/** "Jan 23 - Feb 22, 2026": both days, the end date's year. */
export function budgetName(start: DateOnly, end: DateOnly): string {
  return `${shortDate(start)} - ${shortDate(end)}, ${parts(end)[0]}`;
}

/** "Saturday, November 21, 2026" */
export function formatFullDate(date: DateOnly): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(toUtc(date));
}

/** "Nov 21, 2026" */
export function formatShortDate(date: DateOnly): string {
  const [y] = parts(date);
  return `${shortDate(date)}, ${y}`;
}

/** Today in the given IANA time zone (the browser's own zone when omitted). */
export function today(timeZone?: string): DateOnly {
  return dateAt(new Date(), timeZone);
}

/** The calendar day an instant falls on in a time zone (the server's, for a stored timestamp). */
export function dateAt(instant: Date, timeZone?: string): DateOnly {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

export const isWithin = (date: DateOnly, start: DateOnly, end: DateOnly) => date >= start && date <= end;

/** The budget whose period holds the date (budgets never overlap), if any. */
export const budgetHolding = <B extends { start_date: DateOnly; end_date: DateOnly }>(budgets: readonly B[], date: DateOnly): B | undefined =>
  budgets.find((budget) => isWithin(date, budget.start_date, budget.end_date));
