import Papa from 'papaparse';
import { z } from 'zod';
import { DATE_FORMATS, dateFormatsReadingAll, parseAmountText, parseDateText } from './values';
import { BALANCE_LINE, splitSigned, type ImportedRow, type ParseResult } from './types';

const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
type Delimiter = (typeof CSV_DELIMITERS)[number];
const column = z.number().int().nonnegative();

/** How a bank's CSV export maps onto transactions; remembered per account. Columns are 0-based indexes. */
export const csvMappingSchema = z.object({
  delimiter: z.enum(CSV_DELIMITERS),
  /** Whether the table (found below any preamble lines) starts with a header line. */
  hasHeader: z.boolean(),
  dateColumn: column,
  dateFormat: z.enum(DATE_FORMATS),
  descriptionColumn: column,
  /** 'single': one signed amount column; 'split': separate withdrawal and deposit columns. */
  amountMode: z.enum(['single', 'split']),
  amountColumn: column,
  /** In 'single' mode: whether a negative amount is money going out (most banks) or coming in (card statements). */
  negativeMeans: z.enum(['withdrawal', 'deposit']),
  withdrawalColumn: column,
  depositColumn: column,
  decimalComma: z.boolean(),
  bankRefColumn: column.nullable(),
  /** In 'single' mode: a column saying which way unsigned amounts go (D/C, Af/Bij, S/H, Debit/Credit). */
  signColumn: column.nullable().default(null),
});
export type CsvMapping = z.infer<typeof csvMappingSchema>;

/** One non-blank line of the file, with its number as an editor shows it (blank lines counted). */
interface CsvLine {
  line: number;
  cells: string[];
}

/** The file's lines, with the delimiter set explicitly (papaparse's guess is wrong for some `;` files). */
function readCsvLines(text: string, delimiter: Delimiter): CsvLine[] {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const result = Papa.parse<string[]>(normalized, { delimiter, newline: '\n' });
  const lines: CsvLine[] = [];
  let line = 1;
  for (const cells of result.data) {
    const trimmed = cells.map((cell) => cell.trim());
    if (trimmed.some((cell) => cell !== '')) lines.push({ line, cells: trimmed });
    // A quoted cell can hold line breaks: the next row starts that many lines further down.
    line += 1 + cells.reduce((count, cell) => count + (cell.match(/\n/g)?.length ?? 0), 0);
  }
  return lines;
}

/** The delimiter that splits the most lines into the same number of cells (more than one). */
function guessDelimiter(text: string): Delimiter {
  const sample = text.split('\n', 60).join('\n');
  let best: Delimiter = ',';
  let bestScore = 0;
  for (const delimiter of CSV_DELIMITERS) {
    const widths = readCsvLines(sample, delimiter).map((line) => line.cells.length);
    const counts = new Map<number, number>();
    for (const width of widths) if (width > 1) counts.set(width, (counts.get(width) ?? 0) + 1);
    for (const [width, count] of counts) {
      const score = count * 100 + width;
      if (score > bestScore) [best, bestScore] = [delimiter, score];
    }
  }
  return best;
}

const SIGN_TOKENS: Record<string, 'out' | 'in'> = {
  d: 'out', dr: 'out', debit: 'out', debet: 'out', dbit: 'out', af: 'out', s: 'out', soll: 'out', outflow: 'out', '-': 'out',
  c: 'in', cr: 'in', credit: 'in', crdt: 'in', bij: 'in', h: 'in', haben: 'in', k: 'in', inflow: 'in', '+': 'in',
};
const signOf = (text: string) => SIGN_TOKENS[text.trim().toLowerCase()];

/** The balance text of an opening or closing balance line, if the line is one (a cheap test first: most lines are not). */
const balanceText = (cells: string[]) => (/balance|saldo|kontostand|solde|turnover|total|sum/i.test(cells.join(' ')) ? cells.find((cell) => BALANCE_LINE.test(cell)) : undefined);

const has = (header: string, pattern: RegExp) => pattern.test(header.toLowerCase());
const DATE_HEADER = /dat|buchung|posted|posting|created|time|fecha|päivä|dátum/;
const VALUE_DATE_HEADER = /valuta|wertstellung|value|rente|valeur|verrekening|settle|execution|proveden|effective/;
const AMOUNT_HEADER = /amount|betrag|bedrag|importe|montant|valor|beløb|belopp|summe|összeg|částka|kwota|sum\b|value/;
const NOT_AMOUNT_HEADER = /balance|saldo|kontostand|solde|\bid\b|nummer|number|\bno\b|\bnr\b|account|konto|rekening|iban|bic|blz|check|cheque|ref|symbol|code|card|kaart|karte|rate|kurs|koers|fee|kosten|gebühr|original|fremd|foreign|local|oorspr|exchange/;
const WITHDRAWAL_HEADER = /withdraw|debit|debet|paid out|money out|soll|outflow|ausgang|\baf\b|uitgaven|charge/;
const DEPOSIT_HEADER = /deposit|credit|paid in|money in|haben|inflow|eingang|\bbij\b|inkomsten/;
const REF_HEADER = /\bid\b|ref|fitid|transaction id|volgnr|record id|buchungsreferenz|transactiereferentie/;
const DESCRIPTION_HEADERS = [
  /description|omschrijving|beschreibung|libell|concepto|descri|histórico/,
  /payee|beguenstigter|begünstigter|empfänger|merchant|handelaar|partner|naam|name|counter|tegenpartij/,
  /details|narrative|buchungstext|verwendungszweck|memo|text|mededeling|zpráva|közlemény|message/,
];

/** Nearly all values fit (a footer or a broken line may not; those are reported by line): one in ten, or one. */
const mostly = (fitting: number, all: number) => fitting > all - fitting && all - fitting <= Math.max(1, Math.floor(all / 10));

/** A date cell of a line not booked yet: left out, named in the preview. */
const PENDING = /^(pending|vorgemerkt|in behandeling|en attente|pendiente)$/i;

const dateLike = (value: string) => /\d/.test(value) && DATE_FORMATS.some((format) => parseDateText(value, format) !== null);

/**
 * The layouts that read every date of a column (one layout throughout). Values that are no date in any
 * layout (a footer, "Pending") do not decide the layout; they are reported as unreadable lines later. A column
 * is a date column only when nearly all its values are dates, and plain numbers only as YYYYMMDD.
 */
function columnDateFormats(values: string[]): ReturnType<typeof dateFormatsReadingAll> {
  const filled = values.filter((value) => !PENDING.test(value));
  if (filled.length === 0 || filled.slice(0, 20).filter(dateLike).length * 2 < Math.min(filled.length, 20)) return [];
  const dates = filled.filter(dateLike);
  if (!mostly(dates.length, filled.length)) return [];
  const formats = dateFormatsReadingAll(dates);
  return dates.every((value) => /^\d+$/.test(value)) ? formats.filter((format) => format === 'YYYYMMDD') : formats;
}

/** What the values of one column look like, over every row of the table. */
interface ColumnShape {
  header: string;
  filled: string[];
  dateFormats: ReturnType<typeof dateFormatsReadingAll>;
  /** Every value an amount with a decimal point, or with a decimal comma. */
  money: { point: boolean; comma: boolean };
  /** Some value has cents (an id or a count has none). */
  cents: boolean;
  negative: boolean;
  /** A leading zero ("0042") or a long run of digits: an id or an account number. */
  idShaped: boolean;
  signs: boolean;
  unique: boolean;
}

function columnShape(header: string, values: string[]): ColumnShape {
  const filled = values.filter((value) => value !== '');
  const all = (test: (value: string) => boolean) => filled.length > 0 && filled.every(test);
  // A few values that are no amount at all (a footer line) do not decide the column; they are reported by
  // line later. An amount with more than cents (an exchange rate) does: such a column is no money column.
  const money = (decimalComma: boolean) => {
    if (filled.slice(0, 10).filter((value) => parseAmountText(value, decimalComma) !== null).length * 2 < Math.min(filled.length, 10)) return false;
    const amounts = filled.filter((value) => parseAmountText(value, decimalComma) !== null);
    return mostly(amounts.length, filled.length) && !amounts.some((value) => (decimalComma ? /,\d{3,}\D*$/ : /\.\d{3,}\D*$/).test(value));
  };
  const point = money(false);
  const comma = money(true);
  return {
    header,
    filled,
    dateFormats: columnDateFormats(filled),
    money: { point, comma },
    cents: filled.some((value) => /\d[.,]\d{1,2}\D*$/.test(value)),
    negative: filled.some((value) => /^\s*-|-\s*$|^\(/.test(value)),
    idShaped: filled.some((value) => /^0\d/.test(value) || /\d{9,}/.test(value.replace(/[.,\s]/g, ''))),
    signs: all((value) => signOf(value) !== undefined),
    unique: filled.length === values.length && new Set(filled).size === filled.length,
  };
}

/** Where the table starts: the first line whose width is the table's and holds a date and an amount. */
function findTable(lines: CsvLine[]): { start: number; hasHeader: boolean; width: number } {
  const counts = new Map<number, number>();
  for (const { cells } of lines) if (cells.length > 1) counts.set(cells.length, (counts.get(cells.length) ?? 0) + 1);
  const width = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] ?? 1;
  const looksLikeData = (cells: string[]) =>
    Math.abs(cells.length - width) <= 1 &&
    cells.some((cell) => /\d/.test(cell) && DATE_FORMATS.some((format) => parseDateText(cell, format) !== null)) &&
    cells.some((cell) => /\d[.,]\d{2}\D*$|^-?\d+$/.test(cell) && (parseAmountText(cell) !== null || parseAmountText(cell, true) !== null));
  const first = lines.findIndex((line) => looksLikeData(line.cells));
  if (first < 0) return { start: 0, hasHeader: lines.length > 0 && lines[0].cells.length > 1, width };
  // The header is the nearest line above of the table's width holding names only: lines between it and the
  // first dated line ("Pending" ones) belong to the table and are reported, never dropped as preamble.
  const isHeader = (cells: string[]) =>
    Math.abs(cells.length - width) <= 1 && cells.filter(Boolean).length >= 2 && !cells.some((cell) => /\d/.test(cell) && (dateLike(cell) || parseAmountText(cell) !== null || parseAmountText(cell, true) !== null));
  for (let index = first - 1; index >= Math.max(0, first - 4); index -= 1) if (isHeader(lines[index].cells)) return { start: index, hasHeader: true, width };
  return { start: first, hasHeader: false, width };
}

interface Table {
  header: string[] | null;
  rows: CsvLine[];
  preamble: CsvLine[];
}

// The preview reads the same text many times over (guess, parse, column names, each reading of a question).
let lastTable: { text: string; delimiter: Delimiter; table: Table } | null = null;

/** The lines of the table a mapping reads: preamble lines above the header left out. */
function tableLines(text: string, mapping: Pick<CsvMapping, 'delimiter'>): Table {
  if (lastTable && lastTable.text === text && lastTable.delimiter === mapping.delimiter) return lastTable.table;
  const lines = readCsvLines(text, mapping.delimiter);
  const { start, hasHeader } = findTable(lines);
  const table = { header: hasHeader ? lines[start].cells : null, rows: lines.slice(hasHeader ? start + 1 : start), preamble: lines.slice(0, start) };
  lastTable = { text, delimiter: mapping.delimiter, table };
  return table;
}

/** A place where the file can be read in two ways; the preview shows both and the person chooses. */
interface CsvQuestion {
  key: 'dateFormat' | 'amountColumn' | 'sign';
  text: string;
  /** Each option changes only its own part of the mapping, so answering one question keeps the other answers. */
  options: { label: string; changes: Partial<CsvMapping> }[];
}

/** A first mapping for a file never seen before, decided from every row, and what it cannot decide alone. */
export function guessCsvMapping(text: string, isCreditCard = false): { mapping: CsvMapping; questions: CsvQuestion[]; problems: string[] } {
  const delimiter = guessDelimiter(text);
  const { header, rows } = tableLines(text, { delimiter });
  const width = rows.reduce((max, row) => Math.max(max, row.cells.length), header?.length ?? 0);
  const dataRows = rows.filter((row) => balanceText(row.cells) === undefined);
  const shapes = Array.from({ length: width }, (_, i) => columnShape(header?.[i] ?? '', dataRows.map((row) => row.cells[i] ?? '')));
  const problems: string[] = [];
  const questions: CsvQuestion[] = [];
  const indexes = shapes.map((_, i) => i);

  // Dates: a column read by one layout throughout; the booking date before a value date.
  const dateColumns = indexes.filter((i) => shapes[i].dateFormats.length > 0);
  const dateColumn =
    dateColumns.find((i) => has(shapes[i].header, DATE_HEADER) && !has(shapes[i].header, VALUE_DATE_HEADER)) ?? dateColumns.find((i) => !has(shapes[i].header, VALUE_DATE_HEADER)) ?? dateColumns[0];
  if (dateColumn === undefined) problems.push('No column holds a date on every line: choose the date column and its layout below.');
  const dateFormats = dateColumn === undefined ? [] : shapes[dateColumn].dateFormats;

  // Amounts: money-shaped values, never an id, account, check number, reference or balance.
  const decimalComma = decideDecimalComma(shapes, delimiter);
  const money = (i: number) => i !== dateColumn && (decimalComma ? shapes[i].money.comma : shapes[i].money.point) && !shapes[i].idShaped && !has(shapes[i].header, NOT_AMOUNT_HEADER);
  const named = (pattern: RegExp) => indexes.filter((i) => money(i) && has(shapes[i].header, pattern));
  // A withdrawal or deposit column may be empty throughout: a statement with no deposits in it.
  const namedSide = (pattern: RegExp) => indexes.filter((i) => (money(i) || (shapes[i].filled.length === 0 && i !== dateColumn)) && has(shapes[i].header, pattern));
  const amountNamed = named(AMOUNT_HEADER).filter((i) => !has(shapes[i].header, WITHDRAWAL_HEADER) && !has(shapes[i].header, DEPOSIT_HEADER));
  const unnamed = indexes.filter((i) => money(i) && shapes[i].cents && shapes[i].dateFormats.length === 0 && !has(shapes[i].header, WITHDRAWAL_HEADER) && !has(shapes[i].header, DEPOSIT_HEADER));
  const dated = dateColumn === undefined ? dataRows : dataRows.filter((row) => parseDateText(row.cells[dateColumn] ?? '', dateFormats[0]) !== null);
  const pair = amountNamed.length === 0 ? complementaryPair(unnamed, dated) : null;
  const withdrawalNamed = namedSide(WITHDRAWAL_HEADER)[0];
  const sides = [withdrawalNamed ?? pair?.[0], namedSide(DEPOSIT_HEADER).find((i) => i !== withdrawalNamed) ?? pair?.[1]];
  const [withdrawalColumn, depositColumn] = sides.every((i) => i !== undefined) && sides.some((i) => shapes[i ?? 0].filled.length > 0) ? sides : [undefined, undefined];
  const split = withdrawalColumn !== undefined && depositColumn !== undefined && !amountNamed.some((i) => shapes[i].negative);
  // One side named alone ("Inflow" with signed values) is the amount column.
  const oneSide = split ? [] : [...named(DEPOSIT_HEADER), ...named(WITHDRAWAL_HEADER)].filter((i) => shapes[i].negative);
  const candidates = amountNamed.length > 0 ? amountNamed : oneSide.length > 0 ? oneSide : unnamed.filter((i) => !pair?.includes(i));
  const amountColumn = candidates[0];
  if (!split && amountColumn === undefined) problems.push('No column holds amounts on every line: choose the amount column below.');

  const signColumn = indexes.find((i) => shapes[i].signs && i !== amountColumn) ?? null;
  const descriptionColumn = chooseDescription(shapes, indexes.filter((i) => i !== dateColumn && !money(i) && !shapes[i].signs && shapes[i].dateFormats.length === 0));
  const refColumn = header && dataRows.length > 1 ? (indexes.find((i) => shapes[i].unique && has(shapes[i].header, REF_HEADER) && !money(i)) ?? null) : null;

  const mapping: CsvMapping = {
    delimiter,
    hasHeader: header !== null,
    dateColumn: dateColumn ?? 0,
    dateFormat: dateFormats[0] ?? 'YYYY-MM-DD',
    descriptionColumn,
    amountMode: split ? 'split' : 'single',
    amountColumn: amountColumn ?? 0,
    negativeMeans: 'withdrawal',
    withdrawalColumn: withdrawalColumn ?? amountColumn ?? 0,
    depositColumn: depositColumn ?? amountColumn ?? 0,
    decimalComma,
    bankRefColumn: refColumn,
    signColumn: !split && amountColumn !== undefined && !shapes[amountColumn].negative ? signColumn : null,
  };

  const dayFirst = dateFormats.find((format) => format.startsWith('DD'));
  const monthFirst = dateFormats.find((format) => format.startsWith('MM'));
  if (dayFirst && monthFirst) {
    questions.push({
      key: 'dateFormat',
      text: `Every day in the ${columnLabel(shapes, mapping.dateColumn)} column is 12 or less, so its dates read two ways. Which is right?`,
      options: [
        { label: `Day first (${dayFirst})`, changes: { dateFormat: dayFirst } },
        { label: `Month first (${monthFirst})`, changes: { dateFormat: monthFirst } },
      ],
    });
  }
  if (split && pair) {
    questions.push({
      key: 'sign',
      text: `Each line has an amount in either ${columnLabel(shapes, pair[0])} or ${columnLabel(shapes, pair[1])}, and nothing says which is money out. Which is it?`,
      options: [
        { label: `${columnLabel(shapes, pair[0])} is money out`, changes: { withdrawalColumn: pair[0], depositColumn: pair[1] } },
        { label: `${columnLabel(shapes, pair[1])} is money out`, changes: { withdrawalColumn: pair[1], depositColumn: pair[0] } },
      ],
    });
  }
  const differing = candidates.filter((i) => i !== amountColumn && dataRows.some((row) => row.cells[i] !== row.cells[amountColumn ?? 0]));
  if (!split && amountColumn !== undefined && differing.length > 0) {
    questions.push({
      key: 'amountColumn',
      text: 'More than one column holds amounts. Which one is the transaction amount?',
      options: [amountColumn, ...differing].map((i) => ({ label: columnLabel(shapes, i), changes: { amountColumn: i } })),
    });
  }
  if (!split && amountColumn !== undefined && mapping.signColumn === null && (isCreditCard || !shapes[amountColumn].negative)) {
    questions.push({
      key: 'sign',
      text: shapes[amountColumn].negative
        ? 'For a card account, amounts can be written either way. Which way does this file write them?'
        : 'Every amount in this file is positive and nothing says which way the money went. Which are they?',
      options: [
        { label: shapes[amountColumn].negative ? 'Negative amounts are withdrawals' : 'Deposits (money in)', changes: { negativeMeans: 'withdrawal' } },
        { label: shapes[amountColumn].negative ? 'Negative amounts are deposits' : 'Withdrawals (money out)', changes: { negativeMeans: 'deposit' } },
      ],
    });
  }
  return { mapping, questions, problems };
}

/** Two amount columns without names where every line fills exactly one: withdrawals and deposits, in some order. */
function complementaryPair(columns: number[], rows: CsvLine[]): [number, number] | null {
  for (const a of columns)
    for (const b of columns)
      if (a < b && rows.every((row) => (row.cells[a] ?? '') === '' !== ((row.cells[b] ?? '') === ''))) return [a, b];
  return null;
}

const columnLabel = (shapes: ColumnShape[], i: number) => (shapes[i]?.header ? `"${shapes[i].header}"` : `Column ${i + 1}`);

/** Decimal comma or point, from the amount-like columns: the style that some value needs and none refuses. */
function decideDecimalComma(shapes: ColumnShape[], delimiter: Delimiter): boolean {
  let comma = 0;
  let point = 0;
  for (const shape of shapes) {
    if (shape.dateFormats.length > 0 || shape.idShaped) continue;
    if (shape.money.comma && !shape.money.point) comma += shape.cents ? 2 : 1;
    if (shape.money.point && !shape.money.comma) point += shape.cents ? 2 : 1;
  }
  return comma === point ? delimiter === ';' : comma > point;
}

function chooseDescription(shapes: ColumnShape[], textColumns: number[]): number {
  for (const pattern of DESCRIPTION_HEADERS) {
    const found = textColumns.find((i) => has(shapes[i].header, pattern) && shapes[i].filled.length > 0);
    if (found !== undefined) return found;
  }
  // No telling header: the column with the most different texts.
  let best = textColumns[0] ?? 0;
  for (const i of textColumns) if (new Set(shapes[i].filled).size > new Set(shapes[best]?.filled ?? []).size) best = i;
  return best;
}

/** The header line's names (or "Column 1", "Column 2"... without one), for the mapping step's pickers. */
export function csvColumnNames(text: string, mapping: Pick<CsvMapping, 'delimiter'>): string[] {
  const { header, rows } = tableLines(text, mapping);
  const width = rows.reduce((max, row) => Math.max(max, row.cells.length), header?.length ?? 0);
  return Array.from({ length: width }, (_, i) => (header?.[i] ? header[i] : `Column ${i + 1}`));
}

/** The amount a line's cells say, signed as money in (+) or out (−), or why it cannot be read. */
function lineAmount(cells: string[], mapping: CsvMapping, unmarked: 'out' | 'in' | undefined): number | string {
  const read = (i: number) => parseAmountText(cells[i] ?? '', mapping.decimalComma);
  if (mapping.amountMode === 'split') {
    const out = read(mapping.withdrawalColumn);
    const into = read(mapping.depositColumn);
    if (out === null && into === null) return `neither "${cells[mapping.withdrawalColumn] ?? ''}" nor "${cells[mapping.depositColumn] ?? ''}" is an amount`;
    // A column holding a signed value ("-12.50" under "Debit") still means money out.
    return Math.abs(into ?? 0) - Math.abs(out ?? 0);
  }
  const text = cells[mapping.amountColumn] ?? '';
  const amount = read(mapping.amountColumn);
  if (amount === null) return `"${text}" is not an amount${mapping.decimalComma ? ' written like 1.234,56' : ' written like 1,234.56'}`;
  if (mapping.signColumn !== null) {
    // A column that marks only one direction ("CR") leaves the other unmarked.
    const sign = signOf(cells[mapping.signColumn] ?? '') ?? ((cells[mapping.signColumn] ?? '') === '' ? unmarked : undefined);
    if (!sign) return `"${cells[mapping.signColumn] ?? ''}" does not say debit or credit`;
    return sign === 'out' ? -Math.abs(amount) : Math.abs(amount);
  }
  return mapping.negativeMeans === 'withdrawal' ? amount : -amount;
}

/** Rows of a CSV export read with a mapping. Lines that cannot be read are reported with the file's line numbers. */
export function parseCsv(text: string, mapping: CsvMapping): ParseResult {
  const { rows: lines } = tableLines(text, mapping);
  const rows: ImportedRow[] = [];
  const problems: string[] = [];
  const skipped: string[] = [];
  // A reference is the bank's own only when no two lines share it; otherwise it is a mandate or a payee's number.
  const refs = mapping.bankRefColumn === null ? [] : lines.map((line) => line.cells[mapping.bankRefColumn ?? 0] ?? '');
  const refsUnique = refs.length > 1 && refs.every(Boolean) && new Set(refs).size === refs.length;
  const directions = new Set(mapping.signColumn === null ? [] : lines.map((row) => signOf(row.cells[mapping.signColumn ?? 0] ?? '')).filter(Boolean));
  const unmarked = directions.size === 1 ? (directions.has('in') ? 'out' : 'in') : undefined;
  for (const { line, cells } of lines) {
    const dateText = cells[mapping.dateColumn] ?? '';
    const description = cells[mapping.descriptionColumn] ?? '';
    const balance = balanceText(cells);
    if (balance !== undefined) {
      skipped.push(`Line ${line}: "${balance}" is a balance, not a transaction`);
      continue;
    }
    if (PENDING.test(dateText)) {
      skipped.push(`Line ${line}: pending, not booked yet`);
      continue;
    }
    const amountCells = mapping.amountMode === 'split' ? [mapping.withdrawalColumn, mapping.depositColumn] : [mapping.amountColumn];
    const previous = rows[rows.length - 1];
    if (dateText === '' && amountCells.every((i) => (cells[i] ?? '') === '') && previous) {
      // A line with text only continues the description of the line above (DBS, some Dutch banks).
      previous.description = `${previous.description} ${cells.filter(Boolean).join(' ')}`.trim();
      continue;
    }
    const date = parseDateText(dateText, mapping.dateFormat);
    if (!date) {
      problems.push(`Line ${line}: "${dateText}" is not a date written ${mapping.dateFormat}; fix the line in the file or choose another date layout.`);
      continue;
    }
    const amount = lineAmount(cells, mapping, unmarked);
    if (typeof amount === 'string') {
      problems.push(`Line ${line}: ${amount}; fix the line in the file or choose another amount column.`);
      continue;
    }
    const bankRef = refsUnique && mapping.bankRefColumn !== null ? (cells[mapping.bankRefColumn] ?? '') : '';
    rows.push({ transaction_date: date, description, ...splitSigned(amount), ...(bankRef ? { bank_ref: bankRef } : {}) });
  }
  return { rows, problems, skipped };
}
