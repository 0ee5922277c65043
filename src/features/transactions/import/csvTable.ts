import { CSV_DELIMITERS, readCsvLines, type CsvLine, type Delimiter } from './csvLines';
import { amountLike, dateLike } from './values';

/** A date cell of a line not booked yet: left out, named in the preview. */
export const PENDING = /^(pending|vorgemerkt|in behandeling|en attente|pendiente)$/i;

/** A transaction line: one cell holds a date, another an amount. */
function isRecord(cells: string[]): boolean {
  const dateAt = cells.findIndex(dateLike);
  return dateAt >= 0 && cells.some((cell, i) => i !== dateAt && amountLike(cell));
}

/** A line of the table not booked yet ("Pending" where the date goes, and an amount). */
const isPending = (cells: string[]) => cells.some((cell) => PENDING.test(cell)) && cells.some(amountLike);

/** The most common of some numbers (the larger one on a tie), or undefined for none. */
function mostCommon(values: number[]): number | undefined {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0];
}

/**
 * The delimiter that makes the most transaction lines (a date and an amount in cells of their own); when no
 * delimiter makes any, the one that splits the most lines into the same number of cells.
 */
export function guessDelimiter(text: string): Delimiter {
  const sample = text.split('\n', 60).join('\n');
  let best: Delimiter = ',';
  let bestScore = -1;
  for (const delimiter of CSV_DELIMITERS) {
    const lines = readCsvLines(sample, delimiter).filter((line) => line.cells.length > 1);
    const width = mostCommon(lines.map((line) => line.cells.length)) ?? 0;
    const records = lines.filter((line) => isRecord(line.cells)).length;
    const score = records * 10_000 + lines.filter((line) => line.cells.length === width).length * 100 + width;
    if (score > bestScore) [best, bestScore] = [delimiter, score];
  }
  return best;
}

/**
 * A header is the line just above the table whose cells are names where the rows below hold dates and amounts:
 * a header-less file's first transaction is never taken for one.
 */
function isHeaderOf(cells: string[], records: CsvLine[], width: number): boolean {
  if (Math.abs(cells.length - width) > 1 || cells.filter(Boolean).length < 2) return false;
  const sample = records.slice(0, 50);
  const holds = (test: (text: string) => boolean, i: number) => sample.some((record) => test(record.cells[i] ?? ''));
  return cells.every((cell, i) => !((holds(dateLike, i) || holds(amountLike, i)) && (dateLike(cell) || amountLike(cell))));
}

interface Table {
  header: string[] | null;
  /** The table's lines below the header, to the end of the file (a footer is read, and reported line by line). */
  rows: CsvLine[];
}

/**
 * Where the table is: its width is the most common width of transaction lines, and it starts at the first
 * of them (or at a dated or pending line of its width just above). Lines above it (account details,
 * balances, totals) are not the table; the line right above it is its header when it names the columns.
 */
function findTable(lines: CsvLine[]): Table {
  const records = lines.filter((line) => isRecord(line.cells));
  const width = mostCommon(records.map((line) => line.cells.length));
  if (width === undefined) return lines[0]?.cells.length > 1 ? { header: lines[0].cells, rows: lines.slice(1) } : { header: null, rows: lines };
  const fits = (line: CsvLine) => Math.abs(line.cells.length - width) <= 1;
  const table = records.filter(fits);
  const dateColumns = Array.from({ length: width }, (_, i) => i).filter((i) => table.slice(0, 50).filter((record) => dateLike(record.cells[i] ?? '')).length * 2 > Math.min(table.length, 50));
  // A line of the table's width with a date where the table has its dates belongs to it, even when its amount
  // is written oddly (it is then reported by line, never dropped as account details); so does a pending line.
  const ofTable = (line: CsvLine) => fits(line) && (isPending(line.cells) || dateColumns.some((i) => dateLike(line.cells[i] ?? '')));
  let first = lines.indexOf(table[0]);
  while (first > 0 && ofTable(lines[first - 1])) first -= 1;
  const above = lines[first - 1];
  if (above && isHeaderOf(above.cells, table, width)) return { header: above.cells, rows: lines.slice(first) };
  return { header: null, rows: lines.slice(first) };
}

// The preview reads the same text many times over (guess, each reading, column names).
let lastTable: { text: string; delimiter: Delimiter; table: Table } | null = null;

/** The table of a file read with a delimiter: its header (if any) and its lines. */
export function tableLines(text: string, delimiter: Delimiter): Table {
  if (lastTable && lastTable.text === text && lastTable.delimiter === delimiter) return lastTable.table;
  const table = findTable(readCsvLines(text, delimiter));
  lastTable = { text, delimiter, table };
  return table;
}
