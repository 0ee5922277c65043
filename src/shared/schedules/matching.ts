import { addDays } from '../dates';
import type { Cents } from '../money';

/** An imported or stored row may be dated this many days before or after the occurrence it pays. */
export const MATCH_DAYS = 3;

/** Words of three letters or more, lower case, without punctuation or digits: what "alike" compares. */
const words = (text: string) => new Set(text.toLowerCase().split(/[^a-z]+/).filter((word) => word.length >= 3));

/** Two descriptions are alike when they share a word of three letters or more ("Rent" and "RENT PAYMENT FLAT 4"). */
export function descriptionsAlike(a: string, b: string): boolean {
  const left = words(a);
  for (const word of words(b)) if (left.has(word)) return true;
  return false;
}

export interface ScheduledOccurrence {
  date: string;
  amount: Cents;
  description: string;
  tolerance: Cents;
}

export interface BankRow {
  transaction_date: string;
  /** deposit − withdrawal */
  net: Cents;
  description: string;
}

/**
 * A bank row pays an occurrence: same direction of money, amount within the schedule's tolerance, dated within
 * MATCH_DAYS of it, and descriptions alike. (Same account is the caller's part.)
 */
export function paysOccurrence(row: BankRow, occurrence: ScheduledOccurrence): boolean {
  if (Math.sign(row.net) !== Math.sign(occurrence.amount)) return false;
  if (Math.abs(row.net - occurrence.amount) > occurrence.tolerance) return false;
  if (row.transaction_date < addDays(occurrence.date, -MATCH_DAYS) || row.transaction_date > addDays(occurrence.date, MATCH_DAYS)) return false;
  return descriptionsAlike(row.description, occurrence.description);
}

/**
 * Pairs rows with the occurrences they pay, each row and each occurrence at most once, occurrences in date
 * order, each taking the nearest-dated row still free. Returns occurrence index → row index.
 */
export function pairRows(rows: readonly BankRow[], occurrences: readonly ScheduledOccurrence[]): Map<number, number> {
  const taken = new Set<number>();
  const pairs = new Map<number, number>();
  const order = occurrences.map((_, i) => i).sort((a, b) => (occurrences[a].date < occurrences[b].date ? -1 : occurrences[a].date > occurrences[b].date ? 1 : a - b));
  const distance = (a: string, b: string) => Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`));
  for (const o of order) {
    let best = -1;
    rows.forEach((row, r) => {
      if (taken.has(r) || !paysOccurrence(row, occurrences[o])) return;
      if (best < 0 || distance(row.transaction_date, occurrences[o].date) < distance(rows[best].transaction_date, occurrences[o].date)) best = r;
    });
    if (best >= 0) {
      taken.add(best);
      pairs.set(o, best);
    }
  }
  return pairs;
}

/** The bank reference of an entered occurrence: one per schedule and date in its account, found again by imports. */
export const occurrenceRef = (scheduleId: number, date: string) => `SCH-${scheduleId}-${date}`;

const OCCURRENCE_REF = /^SCH-(\d+)-(\d{4}-\d{2}-\d{2})$/;

/** The schedule and date a row entered by a schedule stands for, from its bank reference. */
export function enteredOccurrenceOf(bankRef: string | null): { scheduleId: number; date: string } | null {
  const found = bankRef ? OCCURRENCE_REF.exec(bankRef) : null;
  return found ? { scheduleId: Number(found[1]), date: found[2] } : null;
}
