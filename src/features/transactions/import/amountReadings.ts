import type { CsvLine } from './csvLines';
import { columnLabel, has, HEADER, type ColumnShape } from './csvColumns';
import type { AmountChoice } from './csvMapping';

/** One way to read a line's amount, with the words the preview shows for it. */
export interface AmountReading {
  label: string;
  changes: AmountChoice;
}

/** The table as the amount readings see it: each column's shape, the transaction lines, the date column. */
interface AmountColumns {
  shapes: ColumnShape[];
  rows: CsvLine[];
  dateColumn: number | undefined;
  decimalComma: boolean;
}

/** Two columns where every line fills exactly one: withdrawals and deposits, in some order. */
function complementaryPair(columns: number[], rows: CsvLine[]): [number, number] | null {
  for (const a of columns)
    for (const b of columns) if (a < b && rows.every((row) => ((row.cells[a] ?? '') === '') !== ((row.cells[b] ?? '') === ''))) return [a, b];
  return null;
}

/**
 * The readings of a line's amount, in tiers of what the columns' names and values mean, most telling first:
 * a net amount (after fees), a signed amount, withdrawal and deposit columns by name, an unsigned amount with a
 * direction column, one side named, a gross amount, then two or one columns without telling names. A fee, a
 * balance, an id, a check number or a column of zeros is never a line's amount.
 */
export function amountReadings({ shapes, rows, dateColumn, decimalComma }: AmountColumns): AmountReading[][] {
  const indexes = shapes.map((_, i) => i);
  const named = (i: number, pattern: RegExp) => has(shapes[i].header, pattern);
  const moneyShaped = (i: number) => i !== dateColumn && (decimalComma ? shapes[i].money.comma : shapes[i].money.point) && !shapes[i].idShaped && !named(i, HEADER.notAmount);
  const money = (i: number) => moneyShaped(i) && !shapes[i].zero;
  const side = (i: number) => !named(i, HEADER.withdrawal) && !named(i, HEADER.deposit);
  const direction = indexes.find((i) => shapes[i].signs);
  const memo = direction !== undefined && shapes[direction].filled.some((value) => /^memo$/i.test(value));
  // A direction column signs unsigned amounts; with signed ones, it still leaves out its "Memo" lines.
  const signColumn = (i: number) => (direction !== undefined && direction !== i && (!shapes[i].negative || memo) ? direction : null);
  const label = (i: number) => columnLabel(shapes, i);
  const single = (i: number): AmountReading => {
    const sign = signColumn(i);
    return {
      label: sign === null ? label(i) : `${label(i)} with ${label(sign)}`,
      changes: { amountMode: 'single', amountColumn: i, withdrawalColumn: i, depositColumn: i, negativeMeans: 'withdrawal', signColumn: sign },
    };
  };
  const split = (out: number, into: number): AmountReading => ({
    label: `${label(out)} out, ${label(into)} in`,
    changes: { amountMode: 'split', amountColumn: out, withdrawalColumn: out, depositColumn: into, negativeMeans: 'withdrawal', signColumn: null },
  });

  const amounts = indexes.filter((i) => money(i) && named(i, HEADER.amount) && side(i));
  // A statement with no deposits in it may leave its deposit column empty, or write 0.00 throughout.
  const sideColumn = (pattern: RegExp) => indexes.filter((i) => (moneyShaped(i) || (shapes[i].filled.length === 0 && i !== dateColumn)) && named(i, pattern));
  const outs = sideColumn(HEADER.withdrawal);
  const ins = sideColumn(HEADER.deposit).filter((i) => !outs.includes(i));
  const namedPair = outs.length > 0 && ins.length > 0 && [outs[0], ins[0]].some((i) => shapes[i].filled.length > 0 && !shapes[i].zero) ? split(outs[0], ins[0]) : null;
  const unnamed = indexes.filter((i) => money(i) && shapes[i].cents && shapes[i].dateFormats.length === 0 && side(i) && !named(i, HEADER.amount));
  const pair = complementaryPair(unnamed, rows);
  const pairReadings = pair === null ? [] : shapes[pair[1]].negative && !shapes[pair[0]].negative ? [split(pair[1], pair[0])] : [split(pair[0], pair[1])];

  return [
    indexes.filter((i) => money(i) && named(i, HEADER.net)).map(single),
    amounts.filter((i) => shapes[i].negative).map(single),
    namedPair ? [namedPair] : [],
    amounts.filter((i) => !shapes[i].negative).map(single),
    [...outs, ...ins].filter((i) => money(i) && shapes[i].negative).map(single),
    indexes.filter((i) => money(i) && named(i, HEADER.gross) && !named(i, HEADER.net)).map(single),
    pairReadings,
    unnamed.filter((i) => !pair?.includes(i) && !named(i, HEADER.net) && !named(i, HEADER.gross)).map(single),
  ].filter((tier) => tier.length > 0);
}

/** The same reading with the money going the other way: to be tried against a running balance. */
export function reversed({ changes }: AmountReading, shapes: ColumnShape[]): AmountReading {
  if (changes.amountMode === 'split') {
    return {
      label: `${columnLabel(shapes, changes.depositColumn)} out, ${columnLabel(shapes, changes.withdrawalColumn)} in`,
      changes: { ...changes, amountColumn: changes.depositColumn, withdrawalColumn: changes.depositColumn, depositColumn: changes.withdrawalColumn },
    };
  }
  return { label: `${columnLabel(shapes, changes.amountColumn)}, negative amounts are deposits`, changes: { ...changes, negativeMeans: 'deposit' } };
}
