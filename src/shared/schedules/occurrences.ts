import { addDays, addMonths, daysInMonth, type DateOnly, fromParts } from '../dates';

/**
 * How often a schedule repeats. Dates are date-only strings and every step is calendar arithmetic on them
 * (the shared helpers of `dates.ts`, which never touch a time zone).
 * - `monthly`: every `interval` months on `day_of_month` (1–31), counted from the start's month. A day the
 *   month does not have is its last day: 31 is "the last day" of every month, 30 is Feb 28 (or 29).
 * - `weekly`: every `interval` weeks from the start date, on its weekday.
 * - `yearly`: every `interval` years on the start date's month and day. A schedule started on Feb 29 falls on
 *   Feb 28 in the years without one (the same clamping rule as the months), and on Feb 29 again in leap years.
 * An occurrence is never before `start_date`; `end_date` (inclusive) and `count` (how many occurrences in all,
 * counted from the start) end it, whichever comes first.
 */
export type Frequency = 'monthly' | 'weekly' | 'yearly';

export interface Recurrence {
  frequency: Frequency;
  interval: number;
  start_date: DateOnly;
  /** Monthly only: 1–31 (31 = the last day of every month). */
  day_of_month: number | null;
  end_date: DateOnly | null;
  count: number | null;
}

export const LAST_DAY = 31;

const yearOf = (date: DateOnly) => Number(date.slice(0, 4));
const monthOf = (date: DateOnly) => Number(date.slice(5, 7));
const dayOf = (date: DateOnly) => Number(date.slice(8, 10));

/** The day of a month, clamped to the month's end. */
const onDay = (year: number, month: number, day: number) => fromParts(year, month, Math.min(day, daysInMonth(year, month)));

/** The k-th candidate date (k ≥ 0) before the start and end rules are applied. */
function candidate(rule: Recurrence, k: number): DateOnly {
  const start = rule.start_date;
  switch (rule.frequency) {
    case 'weekly':
      return addDays(start, 7 * rule.interval * k);
    case 'monthly': {
      const month = addMonths(`${start.slice(0, 8)}01`, rule.interval * k);
      return onDay(yearOf(month), monthOf(month), rule.day_of_month ?? dayOf(start));
    }
    case 'yearly':
      return onDay(yearOf(start) + rule.interval * k, monthOf(start), dayOf(start));
  }
}

/** Every occurrence in order, from the start; stops at the end date or count (never, when neither is set). */
export function* occurrences(rule: Recurrence): Generator<DateOnly> {
  let made = 0;
  for (let k = 0; ; k++) {
    const date = candidate(rule, k);
    if (date < rule.start_date) continue;
    if (rule.end_date !== null && date > rule.end_date) return;
    if (rule.count !== null && made >= rule.count) return;
    if (yearOf(date) > 9999) return;
    made++;
    yield date;
  }
}

/** The occurrences dated `from` to `to`, both included. */
export function occurrencesBetween(rule: Recurrence, from: DateOnly, to: DateOnly): DateOnly[] {
  const found: DateOnly[] = [];
  for (const date of occurrences(rule)) {
    if (date > to) break;
    if (date >= from) found.push(date);
  }
  return found;
}

/** The first occurrence on or after `from`, if the schedule has one. */
export function nextOccurrence(rule: Recurrence, from: DateOnly): DateOnly | null {
  for (const date of occurrences(rule)) if (date >= from) return date;
  return null;
}
