import Papa from 'papaparse';
import { z } from 'zod';
import { DATE_FORMATS, parseAmountText, parseDateText } from './values';
import { splitSigned, type ImportedRow, type ParseResult } from './types';

const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;

/** How a bank's CSV export maps onto transactions; remembered per account. Columns are 0-based indexes. */
export const csvMappingSchema = z.object({
  delimiter: z.enum(CSV_DELIMITERS),
  hasHeader: z.boolean(),
  dateColumn: z.number().int().nonnegative(),
  dateFormat: z.enum(DATE_FORMATS),
  descriptionColumn: z.number().int().nonnegative(),
  /** 'single': one signed amount column; 'split': separate withdrawal and deposit columns. */
  amountMode: z.enum(['single', 'split']),
  amountColumn: z.number().int().nonnegative(),
  /** In 'single' mode: whether a negative amount is money going out (most banks) or coming in (card statements). */
  negativeMeans: z.enum(['withdrawal', 'deposit']),
  withdrawalColumn: z.number().int().nonnegative(),
  depositColumn: z.number().int().nonnegative(),
  decimalComma: z.boolean(),
  bankRefColumn: z.number().int().nonnegative().nullable(),
});
export type CsvMapping = z.infer<typeof csvMappingSchema>;

/** The delimiter the first line uses most (a starting guess; the person can change it). */
function guessDelimiter(text: string): CsvMapping['delimiter'] {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  let best: CsvMapping['delimiter'] = ',';
  let bestCount = 0;
  for (const delimiter of CSV_DELIMITERS) {
    const count = firstLine.split(delimiter).length - 1;
    if (count > bestCount) [best, bestCount] = [delimiter, count];
  }
  return best;
}

/** The file's cells, with the delimiter set explicitly (papaparse's guess is wrong for some `;` files). */
export function readCsvTable(text: string, delimiter: CsvMapping['delimiter']): string[][] {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter, skipEmptyLines: 'greedy' });
  return result.data.map((cells) => cells.map((cell) => cell.trim()));
}

const findColumn = (headers: string[], ...words: string[]) => {
  const index = headers.findIndex((header) => words.some((word) => header.toLowerCase().includes(word)));
  return index >= 0 ? index : null;
};

/** A first mapping for a file never seen before, from its header names and the shape of its values. */
export function guessCsvMapping(text: string): CsvMapping {
  const delimiter = guessDelimiter(text);
  const table = readCsvTable(text, delimiter);
  const first = table[0] ?? [];
  const hasHeader = first.length > 0 && first.every((cell) => parseAmountText(cell) === null || cell === '') && !first.some((cell) => /\d{4}/.test(cell));
  const headers = hasHeader ? first : [];
  const sample = table[hasHeader ? 1 : 0] ?? [];
  const dateColumn = findColumn(headers, 'date', 'datum', 'fecha') ?? Math.max(0, sample.findIndex((cell) => /\d/.test(cell) && /[/.-]/.test(cell)));
  // The layout that reads every date of the first rows: 03/01 fits both DD/MM and MM/DD, 03/15 only one.
  const dates = table.slice(hasHeader ? 1 : 0, 51).map((cells) => cells[dateColumn] ?? '');
  const dateFormat = DATE_FORMATS.find((format) => dates.every((text) => parseDateText(text, format) !== null)) ?? DATE_FORMATS.find((format) => parseDateText(dates[0] ?? '', format) !== null) ?? 'YYYY-MM-DD';
  const withdrawalColumn = findColumn(headers, 'withdraw', 'debit', 'paid out', 'money out', 'soll');
  const depositColumn = findColumn(headers, 'deposit', 'credit', 'paid in', 'money in', 'haben');
  const amountColumn = findColumn(headers, 'amount', 'betrag', 'value', 'importe') ?? Math.max(0, sample.findIndex((cell, i) => i !== dateColumn && parseAmountText(cell) !== null));
  const descriptionColumn = findColumn(headers, 'description', 'payee', 'memo', 'details', 'narrative', 'text', 'name') ?? (dateColumn === 0 ? 1 : 0);
  const amountText = sample[withdrawalColumn ?? amountColumn] ?? '';
  return {
    delimiter,
    hasHeader,
    dateColumn,
    dateFormat,
    descriptionColumn,
    amountMode: withdrawalColumn !== null && depositColumn !== null ? 'split' : 'single',
    amountColumn,
    negativeMeans: 'withdrawal',
    withdrawalColumn: withdrawalColumn ?? amountColumn,
    depositColumn: depositColumn ?? amountColumn,
    decimalComma: /\d,\d{2}$/.test(amountText.trim()),
    bankRefColumn: findColumn(headers, 'reference', 'ref', 'transaction id', 'fitid'),
  };
}

/** The header row's names (or "Column 1", "Column 2"... without one), for the mapping step's pickers. */
export function csvColumnNames(table: string[][], hasHeader: boolean): string[] {
  const width = table.reduce((max, cells) => Math.max(max, cells.length), 0);
  return Array.from({ length: width }, (_, i) => (hasHeader && table[0]?.[i] ? table[0][i] : `Column ${i + 1}`));
}

/** Rows of a CSV export read with a mapping. Lines that cannot be read are reported with their line number. */
export function parseCsv(text: string, mapping: CsvMapping): ParseResult {
  const table = readCsvTable(text, mapping.delimiter);
  const rows: ImportedRow[] = [];
  const problems: string[] = [];
  table.forEach((cells, index) => {
    if (index === 0 && mapping.hasHeader) return;
    const line = index + 1;
    const dateText = cells[mapping.dateColumn] ?? '';
    const date = parseDateText(dateText, mapping.dateFormat);
    if (!date) {
      problems.push(`Line ${line}: "${dateText}" is not a date in the format ${mapping.dateFormat}`);
      return;
    }
    let amounts: Pick<ImportedRow, 'withdrawal_amount' | 'deposit_amount'>;
    if (mapping.amountMode === 'single') {
      const amount = parseAmountText(cells[mapping.amountColumn] ?? '', mapping.decimalComma);
      if (amount === null) {
        problems.push(`Line ${line}: "${cells[mapping.amountColumn] ?? ''}" is not an amount`);
        return;
      }
      amounts = splitSigned(mapping.negativeMeans === 'withdrawal' ? amount : -amount);
    } else {
      const out = parseAmountText(cells[mapping.withdrawalColumn] ?? '', mapping.decimalComma);
      const into = parseAmountText(cells[mapping.depositColumn] ?? '', mapping.decimalComma);
      if (out === null && into === null) {
        problems.push(`Line ${line}: no withdrawal or deposit amount`);
        return;
      }
      // A column holding a signed value ("-12.50" under "Debit") still means money out.
      const net = Math.abs(into ?? 0) - Math.abs(out ?? 0);
      amounts = splitSigned(net);
    }
    const bankRef = mapping.bankRefColumn === null ? '' : (cells[mapping.bankRefColumn] ?? '');
    rows.push({
      transaction_date: date,
      description: cells[mapping.descriptionColumn] ?? '',
      ...amounts,
      ...(bankRef ? { bank_ref: bankRef } : {}),
    });
  });
  return { rows, problems };
}
