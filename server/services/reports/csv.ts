import { moneyInputText } from '../../../src/shared/money';
import type { ReportColumn } from '../../../src/shared/reports';

// A spreadsheet runs a cell that starts with one of these as a formula: a category named "=HYPERLINK(…)" must
// arrive as text. Only text columns are guarded; money and percentages are numbers and may start with "-".
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

function cellText(column: ReportColumn, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (column.kind) {
    case 'money':
      return moneyInputText(value as number);
    case 'percent':
      return String(value);
    case 'text': {
      const text = String(value);
      return FORMULA_START.test(text) ? `'${text}` : text;
    }
    default:
      return String(value);
  }
}

const quoted = (text: string) => (NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * RFC 4180 text of a report: a header row of the columns' titles, then one line per row, CRLF line ends, money as
 * plain decimals ("-1234.56"). It starts with a byte-order mark so spreadsheets read it as UTF-8.
 */
export function reportCsv(columns: readonly ReportColumn[], rows: ReadonlyArray<object>): string {
  const lines = [columns.map((column) => quoted(column.title)).join(',')];
  for (const row of rows) {
    const values = row as Record<string, unknown>;
    lines.push(columns.map((column) => quoted(cellText(column, values[column.key]))).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** "net-worth-2025-03-to-2026-02.csv"; a name part is reduced to letters, digits and dashes. */
export function csvFileName(parts: string[], periods: string[]): string {
  const slug = (text: string) =>
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const named = parts.map(slug).filter(Boolean);
  const range = periods.length ? [`${periods[0]}-to-${periods[periods.length - 1]}`] : [];
  return `${[...named, ...range].join('-') || 'report'}.csv`;
}
