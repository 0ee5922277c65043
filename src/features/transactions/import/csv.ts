import { amountReadings, reversed, type AmountReading } from './amountReadings';
import { balanceText, chooseDescription, columnLabel, columnShapes, decideDecimalComma, has, HEADER, type ColumnShape } from './csvColumns';
import type { CsvLine } from './csvLines';
import type { AmountChoice, CsvMapping } from './csvMapping';
import { parseCsv } from './csvRows';
import { guessDelimiter, tableLines } from './csvTable';
import { balanceAgrees } from './runningBalance';
import { parseDateText, type DateFormat } from './values';

/** A place where the file can be read in two ways; the preview shows both and the person chooses. */
interface CsvQuestion {
  key: 'dateFormat' | 'amountColumn' | 'sign';
  text: string;
  /** Each option changes only its own part of the mapping, so answering one question keeps the other answers. */
  options: { label: string; changes: Partial<CsvMapping> }[];
}

interface CsvGuess {
  mapping: CsvMapping;
  questions: CsvQuestion[];
  problems: string[];
}

/** What the guess knows of the file once its table and columns are found. */
interface CsvFile {
  text: string;
  shapes: ColumnShape[];
  /** The transaction lines (balance lines left out) whose date the first date layout reads. */
  dated: CsvLine[];
  base: CsvMapping;
  isCreditCard: boolean;
}

/** The date column: read by one layout throughout; the booking date before a value date. */
function chooseDateColumn(shapes: ColumnShape[]): { column: number | undefined; formats: DateFormat[] } {
  const dateColumns = shapes.flatMap((shape, i) => (shape.dateFormats.length > 0 ? [i] : []));
  const booking = (i: number) => !has(shapes[i].header, HEADER.valueDate);
  const column = dateColumns.find((i) => has(shapes[i].header, HEADER.date) && booking(i)) ?? dateColumns.find(booking) ?? dateColumns[0];
  return { column, formats: column === undefined ? [] : shapes[column].dateFormats };
}

/** A first mapping for a file never seen before, decided from every row, and what it cannot decide alone. */
export function guessCsvMapping(text: string, isCreditCard = false): CsvGuess {
  const delimiter = guessDelimiter(text);
  const { header, rows } = tableLines(text, delimiter);
  const dataRows = rows.filter((row) => balanceText(row.cells) === undefined);
  const shapes = columnShapes(header, dataRows);
  const date = chooseDateColumn(shapes);
  const decimalComma = decideDecimalComma(shapes, delimiter);
  const dated = date.column === undefined ? dataRows : dataRows.filter((row) => parseDateText(row.cells[date.column ?? 0] ?? '', date.formats[0]) !== null);
  const tiers = amountReadings({ shapes, rows: dated, dateColumn: date.column, decimalComma });
  const amountColumns = new Set(tiers.flat().flatMap(({ changes }) => [changes.amountColumn, changes.withdrawalColumn, changes.depositColumn, changes.signColumn]));
  const textColumns = shapes.flatMap((shape, i) => (i !== date.column && !amountColumns.has(i) && !shape.money.point && !shape.money.comma && !shape.signs && shape.dateFormats.length === 0 ? [i] : []));
  const refColumn = header && dataRows.length > 1 ? shapes.findIndex((shape, i) => shape.unique && has(shape.header, HEADER.ref) && !amountColumns.has(i)) : -1;
  const base: CsvMapping = {
    delimiter,
    hasHeader: header !== null,
    dateColumn: date.column ?? 0,
    dateFormat: date.formats[0] ?? 'YYYY-MM-DD',
    descriptionColumn: chooseDescription(shapes, textColumns),
    decimalComma,
    bankRefColumn: refColumn >= 0 ? refColumn : null,
    ...(tiers[0]?.[0]?.changes ?? { amountMode: 'single', amountColumn: 0, withdrawalColumn: 0, depositColumn: 0, negativeMeans: 'withdrawal', signColumn: null }),
    balanceColumn: null,
  };
  const file: CsvFile = { text, shapes, dated, base, isCreditCard };
  const amount = chooseAmount(file, tiers);
  const problems = [
    ...(date.column === undefined ? ['No column holds a date on every line: choose the date column and its layout below.'] : []),
    ...(tiers.length === 0 ? ['No column holds amounts on every line: choose the amount column below.'] : []),
  ];
  return { mapping: { ...base, ...amount.changes }, questions: [...dateQuestion(shapes, date), ...amount.questions], problems };
}

/** Every day of the date column is 12 or less: the preview shows the day-first and the month-first reading. */
function dateQuestion(shapes: ColumnShape[], date: { column: number | undefined; formats: DateFormat[] }): CsvQuestion[] {
  const dayFirst = date.formats.find((format) => format.startsWith('DD'));
  const monthFirst = date.formats.find((format) => format.startsWith('MM'));
  if (!dayFirst || !monthFirst || date.column === undefined) return [];
  return [
    {
      key: 'dateFormat',
      text: `Every day in the ${columnLabel(shapes, date.column)} column is 12 or less, so its dates read two ways. Which is right?`,
      options: [
        { label: `Day first (${dayFirst})`, changes: { dateFormat: dayFirst } },
        { label: `Month first (${monthFirst})`, changes: { dateFormat: monthFirst } },
      ],
    },
  ];
}

type AmountDecision = { changes: AmountChoice & Pick<CsvMapping, 'balanceColumn'>; questions: CsvQuestion[] };

/**
 * How the lines' amounts are read. With a running balance in the file (named, or a column whose steps some
 * reading explains), the readings its balance confirms; else the most telling reading by the columns' names.
 */
function chooseAmount(file: CsvFile, tiers: AmountReading[][]): AmountDecision {
  const first = tiers[0]?.[0];
  if (!first) return { changes: { ...file.base, balanceColumn: null }, questions: [] };
  const candidates = tiers.flat().flatMap((reading) => (file.isCreditCard ? [reading] : [reading, reversed(reading, file.shapes)]));
  const named = balanceColumns(file, true);
  for (const [columns, minimum] of [[named, 1], [named.length > 0 ? [] : balanceColumns(file, false), 2]] as const) {
    const confirmed = columns.flatMap((balanceColumn) =>
      candidates.filter((reading) => !uses(reading.changes, balanceColumn) && balanceAgrees(parseCsv(file.text, { ...file.base, ...reading.changes, balanceColumn }, file.isCreditCard).balance, minimum)).map((reading) => ({ ...reading, changes: { ...reading.changes, balanceColumn } })),
    );
    if (confirmed.length > 0) return ask(file, distinct(file, confirmed), 'Each of these readings explains the file\u2019s own balance. Which is the transaction amount?');
  }
  // The file's balance agrees with no reading: the first one is shown with it, so the preview says so and adds nothing.
  if (named.length > 0) return { changes: { ...first.changes, balanceColumn: named[0] }, questions: directionQuestion(file, first) };
  return ask(file, distinct(file, tiers[0]), 'More than one column holds amounts. Which one is the transaction amount?');
}

const uses = (changes: AmountChoice, column: number) =>
  (changes.amountMode === 'single' ? [changes.amountColumn, changes.signColumn] : [changes.withdrawalColumn, changes.depositColumn]).includes(column);

/** Columns that may hold a running balance: named like one, or (`named` false) any other money column filled on every line. */
function balanceColumns({ shapes, dated, base }: CsvFile, named: boolean): number[] {
  return shapes.flatMap((shape, i) => {
    const money = base.decimalComma ? shape.money.comma : shape.money.point;
    const byName = has(shape.header, HEADER.balance);
    // A bank may leave a line's balance out (Chase's same-day lines); a column found by its values alone has every one.
    const filled = byName ? shape.filled.length * 2 > dated.length : shape.filled.length >= dated.length && dated.length > 2;
    return money && filled && i !== base.dateColumn && byName === named && shape.cents ? [i] : [];
  });
}

/** Readings that give different rows (two columns holding the same amounts are one reading). */
function distinct(file: CsvFile, readings: readonly (AmountReading & { changes: AmountChoice & Partial<Pick<CsvMapping, 'balanceColumn'>> })[]) {
  const seen = new Set<string>();
  return readings.filter((reading) => {
    const { rows, problems } = parseCsv(file.text, { ...file.base, balanceColumn: null, ...reading.changes }, file.isCreditCard);
    const key = `${problems.length}|${rows.map((row) => row.deposit_amount - row.withdrawal_amount).join(',')}`;
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

/** One reading: taken. Several: the preview asks, showing each. Then whether it must ask which way the money goes. */
function ask(file: CsvFile, readings: (AmountReading & { changes: AmountChoice & Partial<Pick<CsvMapping, 'balanceColumn'>> })[], text: string): AmountDecision {
  const [chosen] = readings;
  const changes = { balanceColumn: null, ...chosen.changes };
  const options = readings.map(({ label, changes: option }) => ({ label, changes: { balanceColumn: null, ...option } }));
  return { changes, questions: [...(readings.length > 1 ? [{ key: 'amountColumn' as const, text, options }] : []), ...directionQuestion(file, chosen)] };
}

/**
 * Nothing says which way the money went: two unnamed columns and neither holds negative amounts, or one
 * column of positive amounts without a direction column, or a card's file (cards write amounts either way).
 * A running balance of a bank account answers this, so a reading it confirmed is not asked about.
 */
function directionQuestion({ shapes, isCreditCard }: CsvFile, { changes }: { changes: AmountChoice & Partial<Pick<CsvMapping, 'balanceColumn'>> }): CsvQuestion[] {
  const confirmed = changes.balanceColumn != null && !isCreditCard;
  if (confirmed) return [];
  if (changes.amountMode === 'split') {
    const [out, into] = [changes.withdrawalColumn, changes.depositColumn];
    const byName = [out, into].some((i) => has(shapes[i].header, HEADER.withdrawal) || has(shapes[i].header, HEADER.deposit));
    if (byName || shapes[out].negative) return [];
    return [
      {
        key: 'sign',
        text: `Each line has an amount in either ${columnLabel(shapes, out)} or ${columnLabel(shapes, into)}, and nothing says which is money out. Which is it?`,
        options: [
          { label: `${columnLabel(shapes, out)} is money out`, changes: { withdrawalColumn: out, depositColumn: into } },
          { label: `${columnLabel(shapes, into)} is money out`, changes: { withdrawalColumn: into, depositColumn: out } },
        ],
      },
    ];
  }
  const signed = shapes[changes.amountColumn].negative;
  if (changes.signColumn !== null || (signed && !isCreditCard)) return [];
  return [
    {
      key: 'sign',
      text: signed ? 'For a card account, amounts can be written either way. Which way does this file write them?' : 'Every amount in this file is positive and nothing says which way the money went. Which are they?',
      options: [
        { label: signed ? 'Negative amounts are withdrawals' : 'Deposits (money in)', changes: { negativeMeans: 'withdrawal' } },
        { label: signed ? 'Negative amounts are deposits' : 'Withdrawals (money out)', changes: { negativeMeans: 'deposit' } },
      ],
    },
  ];
}

/** The header line's names (or "Column 1", "Column 2"... without one), for the mapping step's pickers. */
export function csvColumnNames(text: string, mapping: Pick<CsvMapping, 'delimiter'>): string[] {
  const { header, rows } = tableLines(text, mapping.delimiter);
  const width = rows.reduce((max, row) => Math.max(max, row.cells.length), header?.length ?? 0);
  return Array.from({ length: width }, (_, i) => (header?.[i] ? header[i] : `Column ${i + 1}`));
}
