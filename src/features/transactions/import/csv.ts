import { chooseAmount } from './amountChoice';
import { amountReadings, type AmountReading } from './amountReadings';
import { balanceText, chooseDescription, columnShapes, decideDecimalComma, has, HEADER, type ColumnShape } from './csvColumns';
import type { AmountChoice, CsvMapping } from './csvMapping';
import { dateQuestion, type CsvQuestion } from './csvQuestions';
import { guessDelimiter, tableLines } from './csvTable';
import { parseDateText, type DateFormat } from './values';

interface CsvGuess {
  mapping: CsvMapping;
  questions: CsvQuestion[];
  problems: string[];
}

type DateChoice = { column: number | undefined; formats: DateFormat[] };

const NO_AMOUNT: AmountChoice = { amountMode: 'single', amountColumn: 0, withdrawalColumn: 0, depositColumn: 0, negativeMeans: 'withdrawal', signColumn: null };

/** A first mapping for a file never seen before, decided from every row, and what it cannot decide alone. */
export function guessCsvMapping(text: string, isCreditCard = false): CsvGuess {
  const delimiter = guessDelimiter(text);
  const { header, rows } = tableLines(text, delimiter);
  const lines = rows.filter((row) => balanceText(row.cells) === undefined);
  const shapes = columnShapes(header, lines);
  const date = chooseDateColumn(shapes);
  const decimalComma = decideDecimalComma(shapes, delimiter);
  const dated = date.column === undefined ? lines : lines.filter((row) => parseDateText(row.cells[date.column ?? 0] ?? '', date.formats[0]) !== null);
  const tiers = amountReadings({ shapes, rows: dated, dateColumn: date.column, decimalComma });
  const base: CsvMapping = {
    delimiter,
    hasHeader: header !== null,
    dateColumn: date.column ?? 0,
    dateFormat: date.formats[0] ?? 'YYYY-MM-DD',
    decimalComma,
    ...textColumns(shapes, date.column, tiers, header !== null && lines.length > 1),
    ...(tiers[0]?.[0]?.changes ?? NO_AMOUNT),
    balanceColumn: null,
  };
  const amount = chooseAmount({ text, shapes, dated, base, isCreditCard }, tiers);
  return { mapping: { ...base, ...amount.changes }, questions: [...dateQuestion(shapes, date), ...amount.questions], problems: missing(date, tiers) };
}

/** The date column: read by one layout throughout; the booking date before a value date. */
function chooseDateColumn(shapes: ColumnShape[]): DateChoice {
  const dateColumns = shapes.flatMap((shape, i) => (shape.dateFormats.length > 0 ? [i] : []));
  const booking = (i: number) => !has(shapes[i].header, HEADER.valueDate);
  const column = dateColumns.find((i) => has(shapes[i].header, HEADER.date) && booking(i)) ?? dateColumns.find(booking) ?? dateColumns[0];
  return { column, formats: column === undefined ? [] : shapes[column].dateFormats };
}

/**
 * The description, among the columns that hold no date, no amount and no direction; and the bank's reference:
 * a column named like one whose values are all there and unique (so a recurring mandate is never taken for it).
 */
function textColumns(shapes: ColumnShape[], dateColumn: number | undefined, tiers: AmountReading[][], referenceCanBeTold: boolean): Pick<CsvMapping, 'descriptionColumn' | 'bankRefColumn'> {
  const amounts = new Set(tiers.flat().flatMap(({ changes }) => [changes.amountColumn, changes.withdrawalColumn, changes.depositColumn, changes.signColumn]));
  const texts = shapes.flatMap((shape, i) => (i !== dateColumn && !amounts.has(i) && !shape.money.point && !shape.money.comma && !shape.signs && shape.dateFormats.length === 0 ? [i] : []));
  const reference = referenceCanBeTold ? shapes.findIndex((shape, i) => shape.unique && has(shape.header, HEADER.ref) && !amounts.has(i)) : -1;
  return { descriptionColumn: chooseDescription(shapes, texts), bankRefColumn: reference >= 0 ? reference : null };
}

/** What the person must choose by hand: no date column or no amount column was found. */
function missing(date: DateChoice, tiers: AmountReading[][]): string[] {
  return [
    ...(date.column === undefined ? ['No column holds a date on every line: choose the date column and its layout below.'] : []),
    ...(tiers.length === 0 ? ['No column holds amounts on every line: choose the amount column below.'] : []),
  ];
}

/** The header line's names (or "Column 1", "Column 2"... without one), for the mapping step's pickers. */
export function csvColumnNames(text: string, mapping: Pick<CsvMapping, 'delimiter'>): string[] {
  const { header, rows } = tableLines(text, mapping.delimiter);
  const width = rows.reduce((max, row) => Math.max(max, row.cells.length), header?.length ?? 0);
  return Array.from({ length: width }, (_, i) => (header?.[i] ? header[i] : `Column ${i + 1}`));
}
