import { fromParts, isValidDate } from '../../../src/shared/dates';

/** A currency as people write it next to an amount: "$", "€", "kr", "US$", "CHF", "zł", "R$". */
const CURRENCY = String.raw`[\p{L}\p{Sc}]{1,4}\.?`;
const AMOUNT = new RegExp(String.raw`^([-−+]?)\s*(?:${CURRENCY})?\s*([-−+]?)\s*(\d[\d.,'\s\u00a0\u202f]*)\s*(?:${CURRENCY})?\s*([-−]?)$`, 'u');

/**
 * An amount as another tool writes it ("$1,234.56", "1.234,56 €", "kr 30,00", "-12.30", "(12.30)", "1 234,56") in
 * cents, or null when it is not one (a word, two numbers, an amount beyond what cents can hold). The last "." or ","
 * followed by one or two digits is the decimal mark; every other one (and spaces, apostrophes) groups thousands.
 * An empty cell is nothing: 0.
 */
export function centsOf(text: string): number | null {
  let value = text.trim();
  if (value === '') return 0;
  let negative = false;
  if (value.startsWith('(') && value.endsWith(')')) {
    negative = true;
    value = value.slice(1, -1).trim();
  }
  const parts = AMOUNT.exec(value);
  if (!parts) return null;
  const minus = (sign: string) => sign === '-' || sign === '−';
  if (minus(parts[1]) || minus(parts[2]) || minus(parts[4])) negative = !negative;
  const digits = parts[3].trim();
  const decimal = /[.,](\d{1,2})$/.exec(digits);
  const grouped = decimal ? digits.slice(0, decimal.index) : digits;
  // Plain digits, or thousands in groups of three: "1.2.3,4" is no amount.
  if (!/^\d+$/.test(grouped) && !/^\d{1,3}(?:[.,'\s\u00a0\u202f]\d{3})+$/.test(grouped)) return null;
  const whole = grouped.replace(/\D/g, '');
  const cents = Number(whole) * 100 + (decimal ? Number(decimal[1].padEnd(2, '0')) : 0);
  if (!Number.isSafeInteger(cents)) return null;
  return negative && cents !== 0 ? -cents : cents;
}

/**
 * "2024-03-05", "2024/03/05", "03/05/2024" (month first, YNAB's default) or, when `dayFirst`, "05/03/2024" or
 * "05.03.2024"; null when not a date.
 */
export function dateOf(text: string, dayFirst: boolean): string | null {
  const trimmed = text.trim();
  const yearFirst = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(trimmed);
  if (yearFirst) {
    const date = fromParts(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3]));
    return Number(yearFirst[2]) >= 1 && Number(yearFirst[2]) <= 12 && isValidDate(date) ? date : null;
  }
  const parts = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(trimmed);
  if (!parts) return null;
  const [first, second] = [Number(parts[1]), Number(parts[2])];
  const year = parts[3].length === 2 ? 2000 + Number(parts[3]) : Number(parts[3]);
  const [month, day] = dayFirst ? [second, first] : [first, second];
  if (month < 1 || month > 12) return null;
  const date = fromParts(year, month, day);
  return isValidDate(date) ? date : null;
}

/** Whether a file's dates put the day first: some first part above 12 says so; otherwise month first. */
export const daysComeFirst = (dates: string[]) =>
  dates.some((text) => {
    const parts = /^(\d{1,2})[/.-](\d{1,2})[/.-]/.exec(text.trim());
    return parts !== null && Number(parts[1]) > 12;
  });

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A plan's month ("Dec 2021", "December 2021", "2021-12", "12/2021") as "2021-12", or null. */
export function monthOf(text: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})[-/](\d{2})$/.exec(trimmed) ?? /^(\d{4})-(\d{2})-\d{2}$/.exec(trimmed);
  if (iso) return Number(iso[2]) >= 1 && Number(iso[2]) <= 12 ? `${iso[1]}-${iso[2]}` : null;
  const numeric = /^(\d{1,2})[/.](\d{4})$/.exec(trimmed);
  if (numeric) return Number(numeric[1]) >= 1 && Number(numeric[1]) <= 12 ? `${numeric[2]}-${numeric[1].padStart(2, '0')}` : null;
  const named = /^([A-Za-z]{3})[a-z]*\.?\s+(\d{4})$/.exec(trimmed);
  if (!named) return null;
  const index = MONTHS.indexOf(named[1].toLowerCase());
  return index < 0 ? null : `${named[2]}-${String(index + 1).padStart(2, '0')}`;
}

/** The day a file was exported, from a name YNAB gives its files ("My Plan as of 2026-02-14 10-32 AM - Register.csv"). */
export function exportDateIn(names: readonly string[]): string | null {
  for (const name of names) {
    const found = /as of (\d{4}-\d{2}-\d{2})/.exec(name);
    if (found && isValidDate(found[1])) return found[1];
  }
  return null;
}
