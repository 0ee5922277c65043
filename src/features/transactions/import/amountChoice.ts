import { reversed, type AmountReading } from './amountReadings';
import type { CsvLine } from './csvLines';
import { has, HEADER, type ColumnShape } from './csvColumns';
import type { AmountChoice, CsvMapping } from './csvMapping';
import { directionQuestion, type CsvQuestion } from './csvQuestions';
import { parseCsv } from './csvRows';
import { balanceAgrees } from './runningBalance';

/** What the guess knows of a file once its table and columns are found. */
interface GuessedFile {
  text: string;
  shapes: ColumnShape[];
  /** The transaction lines (balance lines left out) whose date the first date layout reads. */
  dated: CsvLine[];
  /** The mapping decided so far: delimiter, dates, description, reference. */
  base: CsvMapping;
  isCreditCard: boolean;
}

type AmountDecision = { changes: AmountChoice; questions: CsvQuestion[] };

/**
 * How the lines' amounts are read. With a running balance in the file (named, or a column whose steps some
 * reading explains), the readings its balance confirms; else the most telling reading by the columns' names.
 * A named balance that confirms no reading stays in the mapping: the preview says so and adds nothing.
 */
export function chooseAmount(file: GuessedFile, tiers: AmountReading[][]): AmountDecision {
  const first = tiers[0]?.[0];
  if (!first) return { changes: { ...file.base, balanceColumn: null }, questions: [] };
  // A bank account's balance also tells which way the money went, so each reading is tried both ways.
  const candidates = tiers.map((tier) => tier.flatMap((reading) => (file.isCreditCard ? [reading] : [reading, reversed(reading, file.shapes)])));
  const named = balanceColumns(file, true);
  // Without a column named like a balance, a money column on every line is one when it explains two steps or more.
  const checked = named.length > 0 ? confirmedBy(file, candidates, named, 1) : confirmedBy(file, candidates, balanceColumns(file, false), 2);
  if (checked.length > 0) return ask(file, distinct(file, checked), 'Each of these readings explains the file\u2019s own balance. Which is the transaction amount?');
  if (named.length > 0) return ask(file, [{ ...first, changes: { ...first.changes, balanceColumn: named[0] } }], '');
  return ask(file, distinct(file, tiers[0]), 'More than one column holds amounts. Which one is the transaction amount?');
}

/**
 * The readings a balance column confirms, each with that column: those of the most telling tier it confirms any
 * of (a file's first line has no balance before it, so a gross amount there goes unchecked: the net still wins).
 */
function confirmedBy(file: GuessedFile, tiers: AmountReading[][], columns: number[], minimum: number): AmountReading[] {
  for (const tier of tiers) {
    const confirmed = columns.flatMap((balanceColumn) =>
      tier
        .map((reading) => ({ ...reading, changes: { ...reading.changes, balanceColumn } }))
        .filter(({ changes }) => !uses(changes, balanceColumn) && balanceAgrees(parseCsv(file.text, { ...file.base, ...changes }, file.isCreditCard).balance, minimum)),
    );
    if (confirmed.length > 0) return confirmed;
  }
  return [];
}

const uses = (changes: AmountChoice, column: number) =>
  (changes.amountMode === 'single' ? [changes.amountColumn, changes.signColumn] : [changes.withdrawalColumn, changes.depositColumn]).includes(column);

/** Columns that may hold a running balance: named like one, or (`named` false) any other money column filled on every line. */
function balanceColumns({ shapes, dated, base }: GuessedFile, named: boolean): number[] {
  return shapes.flatMap((shape, i) => {
    const money = base.decimalComma ? shape.money.comma : shape.money.point;
    const byName = has(shape.header, HEADER.balance);
    // A bank may leave a line's balance out (Chase's same-day lines); a column found by its values alone has every one.
    const filled = byName ? shape.filled.length * 2 > dated.length : shape.filled.length >= dated.length && dated.length > 2;
    return money && filled && i !== base.dateColumn && byName === named && shape.cents ? [i] : [];
  });
}

/** Readings that give different rows (two columns holding the same amounts are one reading). */
function distinct(file: GuessedFile, readings: readonly AmountReading[]): AmountReading[] {
  const seen = new Set<string>();
  return readings.filter((reading) => {
    const { rows, problems } = parseCsv(file.text, { ...file.base, balanceColumn: null, ...reading.changes }, file.isCreditCard);
    const key = `${problems.length}|${rows.map((row) => row.deposit_amount - row.withdrawal_amount).join(',')}`;
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

/** One reading: taken. Several: the preview asks, showing each. Then whether it must ask which way the money goes. */
function ask(file: GuessedFile, readings: AmountReading[], text: string): AmountDecision {
  const withBalance = (changes: AmountChoice): AmountChoice => ({ balanceColumn: null, ...changes });
  const [chosen] = readings;
  const options = readings.map(({ label, changes }) => ({ label, changes: withBalance(changes) }));
  const which = readings.length > 1 ? [{ key: 'amountColumn' as const, text, options }] : [];
  return { changes: withBalance(chosen.changes), questions: [...which, ...directionQuestion(file.shapes, file.isCreditCard, chosen.changes)] };
}
