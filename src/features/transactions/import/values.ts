import { parseMoney, type Cents } from '../../../shared/money';
import { fromParts, isValidDate, type DateOnly } from '../../../shared/dates';

/**
 * The date layouts a bank file may use. Stored in an account's remembered mapping, so layouts are only ever
 * added. "MMM" is a month's name ("07 Nov 2013"); "YY" a two-digit year; a trailing time is ignored.
 */
export const DATE_FORMATS = [
  'YYYY-MM-DD',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD.MM.YYYY',
  'DD-MM-YYYY',
  'YYYY/MM/DD',
  'YYYYMMDD',
  'DD.MM.YY',
  'DD/MM/YY',
  'MM/DD/YY',
  'MM-DD-YYYY',
  'YYYY.MM.DD',
  'DD MMM YYYY',
  'DD MMM YY',
  'DD-MMM-YYYY',
  'DD-MMM-YY',
  'MMM DD, YYYY',
] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Month names and abbreviations in the languages of the banks seen so far (English, German, Dutch, French, Spanish). */
const MONTHS: Record<string, number> = {};
[
  ['jan', 'january', 'januar', 'januari', 'janv', 'janvier', 'ene', 'enero', 'jän'],
  ['feb', 'february', 'februar', 'februari', 'févr', 'fevr', 'février', 'febrero'],
  ['mar', 'march', 'mär', 'märz', 'mrt', 'maart', 'mars', 'marzo'],
  ['apr', 'april', 'avr', 'avril', 'abr', 'abril'],
  ['may', 'mai', 'mei', 'mayo'],
  ['jun', 'june', 'juni', 'juin', 'junio'],
  ['jul', 'july', 'juli', 'juil', 'juillet', 'julio'],
  ['aug', 'august', 'augustus', 'août', 'aout', 'ago', 'agosto'],
  ['sep', 'sept', 'september', 'septembre', 'septiembre'],
  ['oct', 'october', 'okt', 'oktober', 'octobre', 'octubre'],
  ['nov', 'november', 'novembre', 'noviembre'],
  ['dec', 'december', 'dez', 'dezember', 'déc', 'décembre', 'dic', 'diciembre'],
].forEach((names, index) => names.forEach((name) => (MONTHS[name] = index + 1)));

type Part = 'Y' | 'y' | 'M' | 'N' | 'D';

const datePatterns = new Map<DateFormat, { re: RegExp; order: Part[] }>(
  DATE_FORMATS.map((format) => {
    const order: Part[] = [];
    const fixedWidth = !/[^YMD]/.test(format);
    const source = format.split(/(YYYY|YY|MMM|MM|DD)/).map((part) => {
      if (part === 'YYYY') return order.push('Y'), '(\\d{4})';
      if (part === 'YY') return order.push('y'), '(\\d{2})';
      if (part === 'MMM') return order.push('N'), '([A-Za-zÀ-ÿ]{3,9})\\.?';
      if (part === 'MM') return order.push('M'), fixedWidth ? '(\\d{2})' : '(\\d{1,2})';
      if (part === 'DD') return order.push('D'), fixedWidth ? '(\\d{2})' : '(\\d{1,2})';
      return part === ' ' ? '\\s+' : escape(part);
    });
    // A trailing time ("04/03/2026 10:15", "2018-02-25 12:34:56 +0000", "2018-03-01T11:33:59") is ignored;
    // so is the final dot some banks write ("2019.04.19.").
    return [format, { re: new RegExp(`^${source.join('')}\\.?(?:$|[\\sT])`, 'i'), order }];
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
  for (const [index, part] of pattern.order.entries()) {
    const piece = match[index + 1];
    if (part === 'N') {
      const month = MONTHS[piece.toLowerCase()];
      if (!month) return null;
      value.M = month;
    } else if (part === 'y') {
      // Two-digit years: bank exports are recent, so 00–69 are this century.
      const year = Number(piece);
      value.Y = year < 70 ? 2000 + year : 1900 + year;
    } else {
      value[part] = Number(piece);
    }
  }
  const date = fromParts(value.Y, value.M, value.D);
  return isValidDate(date) ? date : null;
}

/** The layouts that read every one of these texts (empty texts are not dates and are left to the caller). */
export function dateFormatsReadingAll(texts: readonly string[]): DateFormat[] {
  if (texts.length === 0) return [];
  return DATE_FORMATS.filter((format) => texts.every((text) => parseDateText(text, format) !== null));
}

// Currency signs and ISO codes written beside amounts; any other letter means the text is not an amount.
const CURRENCY = '(?:[$€£¥₹₩₺₽¤]|R\\$|US\\$|EUR|USD|GBP|CHF|CAD|AUD|NZD|SEK|NOK|DKK|PLN|CZK|HUF|JPY|BRL|INR|ZAR|SGD|HKD|MXN|RON|kr\\.?|Kč|zł|Ft|Fr\\.?|lei)';
const AMOUNT_SHAPE = {
  point: /^[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?$/,
  comma: /^[-+]?(?:\d{1,3}(?:\.\d{3})+|\d+)?(?:,\d+)?$/,
};
const currencyAround = new RegExp(`^([-+]?)\\s*${CURRENCY}\\s*|\\s*${CURRENCY}$`, 'g');

/**
 * A bank's amount text → signed cents. Reads thousands separators, a decimal comma, currency signs and codes,
 * a trailing minus ("12.50-") and accounting brackets ("(12.50)"). Null when it is not an amount: letters
 * other than a currency are never stripped ("From1" is not 1.00), and "1.2.3" is no number.
 */
export function parseAmountText(text: string, decimalComma = false): Cents | null {
  // Most amounts are plain ("-12.50", "1.234,56"): read them without the currency and bracket handling below.
  if (/^-?[\d.,]+$/.test(text)) return moneyOf(text, decimalComma, false);
  let cleaned = text.trim().replace(/[\s\u00a0\u202f'’]+/g, ' ');
  if (cleaned === '') return null;
  let negative = false;
  if (/^\(.*\)$/.test(cleaned)) {
    negative = true;
    cleaned = cleaned.slice(1, -1).trim();
  }
  if (cleaned.endsWith('-')) {
    negative = !negative;
    cleaned = cleaned.slice(0, -1).trim();
  }
  return moneyOf(cleaned.replace(currencyAround, '$1').replace(/\s+/g, ''), decimalComma, negative);
}

function moneyOf(cleaned: string, decimalComma: boolean, negative: boolean): Cents | null {
  if (!/\d/.test(cleaned) || !(decimalComma ? AMOUNT_SHAPE.comma : AMOUNT_SHAPE.point).test(cleaned)) return null;
  const cents = parseMoney(decimalComma ? cleaned.replace(/\./g, '').replace(',', '.') : cleaned.replace(/,/g, ''));
  return negative ? -cents : cents;
}

/** Text that some date layout reads ("07 Nov 2013", "2026-03-01", "20260301"). */
export const dateLike = (text: string) => /\d/.test(text) && DATE_FORMATS.some((format) => parseDateText(text, format) !== null);

/** Text written like an amount: with cents ("12.50", "1.234,56", "-10,7", "£8.99") or a whole number. */
export const amountLike = (text: string) => /\d[.,]\d{1,2}\D*$|^[-+]?\d+$/.test(text) && (parseAmountText(text) !== null || parseAmountText(text, true) !== null);
