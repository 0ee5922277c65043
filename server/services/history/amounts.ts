import { fromParts, isValidDate } from '../../../src/shared/dates';

/**
 * An amount as another tool writes it ("$1,234.56", "€1.234,56", "-12.30", "(12.30)") in cents, or null.
 * The last "." or "," followed by one or two digits is the decimal mark; every other one groups thousands.
 */
export function centsOf(text: string): number | null {
  let value = text.trim().replace(/[^\d.,()-]/g, '');
  if (value === '') return 0;
  const negative = value.startsWith('-') || (value.startsWith('(') && value.endsWith(')'));
  value = value.replace(/[()-]/g, '');
  const decimal = /[.,](\d{1,2})$/.exec(value);
  const whole = (decimal ? value.slice(0, decimal.index) : value).replace(/[.,]/g, '');
  if (!/^\d*$/.test(whole)) return null;
  const cents = Number(whole || '0') * 100 + (decimal ? Number(decimal[1].padEnd(2, '0')) : 0);
  if (!Number.isSafeInteger(cents)) return null;
  return negative ? -cents : cents;
}

/** "2024-03-05", "03/05/2024" (month first, YNAB's default) or, when `dayFirst`, "05/03/2024"; null when not a date. */
export function dateOf(text: string, dayFirst: boolean): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (iso) return isValidDate(text.trim()) ? text.trim() : null;
  const parts = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text.trim());
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

/** A plan's month ("Dec 2021", "December 2021", "2021-12") as "2021-12", or null. */
export function monthOf(text: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{2})/.exec(trimmed);
  if (iso) return `${iso[1]}-${iso[2]}`;
  const named = /^([A-Za-z]{3})[a-z]*\.?\s+(\d{4})$/.exec(trimmed);
  if (!named) return null;
  const index = MONTHS.indexOf(named[1].toLowerCase());
  return index < 0 ? null : `${named[2]}-${String(index + 1).padStart(2, '0')}`;
}
