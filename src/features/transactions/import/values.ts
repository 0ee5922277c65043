import { parseMoney, type Cents } from '../../../shared/money';
import { fromParts, isValidDate, type DateOnly } from '../../../shared/dates';

export const DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD.MM.YYYY', 'DD-MM-YYYY', 'YYYY/MM/DD', 'YYYYMMDD'] as const;
type DateFormat = (typeof DATE_FORMATS)[number];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const datePatterns = new Map<DateFormat, { re: RegExp; order: ('Y' | 'M' | 'D')[] }>(
  DATE_FORMATS.map((format) => {
    const order: ('Y' | 'M' | 'D')[] = [];
    const fixedWidth = !/[^YMD]/.test(format);
    const source = format.split(/(YYYY|MM|DD)/).map((part) => {
      if (part === 'YYYY') return order.push('Y'), '(\\d{4})';
      if (part === 'MM') return order.push('M'), fixedWidth ? '(\\d{2})' : '(\\d{1,2})';
      if (part === 'DD') return order.push('D'), fixedWidth ? '(\\d{2})' : '(\\d{1,2})';
      return escape(part);
    });
    // A trailing time ("04/03/2026 10:15") is allowed and ignored.
    return [format, { re: new RegExp(`^${source.join('')}(?:$|[\\sT])`), order }];
  }),
);

/**
 * A bank's date text → 'YYYY-MM-DD', read from its digits in the given layout. No Date object and no time
 * zone is involved, so no zone can shift the day. Null when the text is not a real date in that layout.
 */
export function parseDateText(text: string, format: DateFormat): DateOnly | null {
  const pattern = datePatterns.get(format);
  const match = pattern?.re.exec(text.trim());
  if (!pattern || !match) return null;
  const value: Record<'Y' | 'M' | 'D', number> = { Y: 0, M: 0, D: 0 };
  pattern.order.forEach((part, index) => (value[part] = Number(match[index + 1])));
  const date = fromParts(value.Y, value.M, value.D);
  return isValidDate(date) ? date : null;
}

/**
 * A bank's amount text → signed cents. Handles thousands separators, a decimal comma, currency signs,
 * a trailing minus ("12.50-") and accounting brackets ("(12.50)"). Null when it is not an amount.
 */
export function parseAmountText(text: string, decimalComma = false): Cents | null {
  let cleaned = text.trim().replace(/[\s\u00a0'’]/g, '');
  if (cleaned === '') return null;
  let negative = false;
  if (/^\(.*\)$/.test(cleaned)) {
    negative = true;
    cleaned = cleaned.slice(1, -1);
  }
  if (cleaned.endsWith('-')) {
    negative = !negative;
    cleaned = cleaned.slice(0, -1);
  }
  cleaned = cleaned.replace(/^([-+]?)[^\d.,+-]+/, '$1').replace(/[^\d.,]+$/, '');
  cleaned = decimalComma ? cleaned.replace(/\./g, '').replace(',', '.') : cleaned.replace(/,/g, '');
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(cleaned)) return null;
  const cents = parseMoney(cleaned);
  return negative ? -cents : cents;
}
