import { dateFormatsReadingAll, parseAmountText, parseDateText, type DateFormat } from './values';
import { splitSigned, type ImportedRow, type ParseResult } from './types';

interface QifRecord {
  line: number;
  fields: Map<string, string>;
}

/** The records of a QIF file: lines starting with a field letter, each record ended by "^". */
function qifRecords(content: string): { records: QifRecord[]; type: string } {
  const records: QifRecord[] = [];
  let type = '';
  let current: QifRecord | null = null;
  content.split(/\r\n?|\n/).forEach((raw, index) => {
    const text = raw.trim();
    if (text === '') return;
    if (text.startsWith('!')) {
      if (/^!Type:/i.test(text)) type = text.slice(6).trim().toLowerCase();
      return;
    }
    if (text === '^') {
      if (current) records.push(current);
      current = null;
      return;
    }
    current ??= { line: index + 1, fields: new Map() };
    const code = text[0].toUpperCase();
    // Split lines (S, E, $) repeat; the first of each code is the transaction's own.
    if (!current.fields.has(code)) current.fields.set(code, text.slice(1).trim());
  });
  if (current) records.push(current);
  return { records, type };
}

/** QIF writes "1/31'26" and "01/31/2026"; the apostrophe is a two-digit year's separator. */
const qifDateText = (text: string) => text.replace(/'\s*/, '/').replace(/\s+/g, '');

/** The date layouts that read every date of a QIF file (more than one when every day is 12 or less). */
export function qifDateFormats(content: string): DateFormat[] {
  return dateFormatsReadingAll(qifRecords(content).records.map((record) => qifDateText(record.fields.get('D') ?? '')));
}

/** Quicken Interchange Format, bank and card accounts; the date layout is decided over all records. */
export function parseQif(content: string, dateFormat: DateFormat | null): ParseResult {
  const { records, type } = qifRecords(content);
  if (/^(invst|cat|class|memorized|prices)/.test(type)) return { rows: [], problems: [`This QIF file holds ${type === 'invst' ? 'investment' : 'list'} records, not bank transactions; EveryCent cannot read it yet.`] };
  const format = dateFormat ?? qifDateFormats(content)[0] ?? null;
  const rows: ImportedRow[] = [];
  const problems: string[] = [];
  for (const { line, fields } of records) {
    const dateText = fields.get('D') ?? '';
    const date = format ? parseDateText(qifDateText(dateText), format) : null;
    const amountText = fields.get('T') ?? fields.get('U') ?? '';
    const amount = parseAmountText(amountText) ?? parseAmountText(amountText, true);
    if (!date || amount === null) {
      problems.push(`Line ${line}: the date "D${dateText}" or the amount "T${amountText}" cannot be read; every date in this file must use one layout.`);
      continue;
    }
    const payee = fields.get('P') ?? '';
    const memo = fields.get('M') ?? '';
    rows.push({ transaction_date: date, description: payee && memo && !payee.includes(memo) ? `${payee} ${memo}` : payee || memo, ...splitSigned(amount) });
  }
  return { rows, problems };
}
