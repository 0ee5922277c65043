import type { Cents } from '../../../shared/money';
import type { DateOnly } from '../../../shared/dates';
import { parseCamt } from './camt';
import { guessCsvMapping } from './csv';
import type { CsvMapping } from './csvMapping';
import { parseCsv, type CsvReading } from './csvRows';
import { detectFormat, refusalText } from './detect';
import { parseMt940 } from './mt940';
import { parseOfx } from './ofx';
import { parseQif, qifDateFormats } from './qif';
import type { ImportFormat, ImportedRow, ParseResult } from './types';
import type { BalanceCheck } from './runningBalance';
import type { DateFormat } from './values';

/** A bank file as read from disk or pasted: its text, the encoding it was read in, and its name. */
export interface BankFile {
  text: string;
  encoding: string;
  fileName: string;
}

/** How to read a file where it can be read more than one way: the CSV mapping, a QIF file's date layout. */
export interface ImportChoices {
  csv?: CsvMapping;
  qifDateFormat?: DateFormat;
}

/**
 * A place where the file reads two ways. Each option applies its answer to the choices in force, so it can be
 * previewed (the reading side by side) and chosen without undoing the answer to another question.
 */
export interface ImportQuestion {
  key: 'dateFormat' | 'amountColumn' | 'sign';
  text: string;
  options: { label: string; apply: (choices: ImportChoices) => ImportChoices }[];
}

/** The figures to compare with the bank's statement before anything is added. */
export interface ImportTotals {
  rows: number;
  deposits: Cents;
  withdrawals: Cents;
  firstDate: DateOnly | null;
  lastDate: DateOnly | null;
}

export interface BankFileReading extends Required<ParseResult> {
  format: ImportFormat | null;
  formatName: string;
  encoding: string;
  /** Set when the file is not one EveryCent reads: the sentence that says so. Nothing else is read. */
  refusal: string | null;
  choices: ImportChoices;
  /** Open only on a first reading (no choices given): what the person must decide before adding. */
  questions: ImportQuestion[];
  totals: ImportTotals;
  /** A CSV file's running balance, as it judges the rows read (null when the file has none, or the mapping names none). */
  balance: BalanceCheck | null;
  /** Why no row is added although lines were read: the file's own balance contradicts them. */
  withheld: string | null;
}

const FORMAT_NAMES: Record<ImportFormat, string> = { csv: 'CSV', ofx: 'OFX / QFX', camt: 'CAMT (ISO 20022)', qif: 'QIF', mt940: 'MT940' };

function importTotals(rows: readonly ImportedRow[]): ImportTotals {
  const totals: ImportTotals = { rows: rows.length, deposits: 0, withdrawals: 0, firstDate: null, lastDate: null };
  for (const row of rows) {
    totals.deposits += row.deposit_amount;
    totals.withdrawals += row.withdrawal_amount;
    if (totals.firstDate === null || row.transaction_date < totals.firstDate) totals.firstDate = row.transaction_date;
    if (totals.lastDate === null || row.transaction_date > totals.lastDate) totals.lastDate = row.transaction_date;
  }
  return totals;
}

function parseWith(format: ImportFormat, text: string, choices: ImportChoices, isCreditCard: boolean): ParseResult & Partial<CsvReading> {
  if (format === 'ofx') return parseOfx(text);
  if (format === 'camt') return parseCamt(text);
  if (format === 'mt940') return parseMt940(text);
  if (format === 'qif') return parseQif(text, choices.qifDateFormat ?? null);
  return choices.csv ? parseCsv(text, choices.csv, isCreditCard) : { rows: [], problems: [] };
}

/** A first reading's choices and questions, decided from every row of the file. */
function firstChoices(format: ImportFormat, text: string, isCreditCard: boolean): { choices: ImportChoices; questions: ImportQuestion[]; problems: string[] } {
  if (format === 'csv') {
    const guess = guessCsvMapping(text, isCreditCard);
    const questions = guess.questions.map(({ options, ...question }) => ({
      ...question,
      options: options.map(({ label, changes }) => ({ label, apply: (choices: ImportChoices) => ({ ...choices, csv: { ...(choices.csv ?? guess.mapping), ...changes } }) })),
    }));
    return { choices: { csv: guess.mapping }, questions, problems: guess.problems };
  }
  if (format === 'qif') {
    const formats = qifDateFormats(text);
    const dayFirst = formats.find((f) => f.startsWith('DD'));
    const monthFirst = formats.find((f) => f.startsWith('MM'));
    const questions: ImportQuestion[] =
      dayFirst && monthFirst
        ? [
            {
              key: 'dateFormat',
              text: 'Every day in this file is 12 or less, so its dates read two ways. Which is right?',
              options: [
                { label: `Month first (${monthFirst})`, apply: (choices) => ({ ...choices, qifDateFormat: monthFirst }) },
                { label: `Day first (${dayFirst})`, apply: (choices) => ({ ...choices, qifDateFormat: dayFirst }) },
              ],
            },
          ]
        : [];
    return { choices: formats[0] ? { qifDateFormat: formats[0] } : {}, questions, problems: [] };
  }
  return { choices: {}, questions: [], problems: [] };
}

/**
 * Everything the import preview shows about a file: its format and encoding, the rows read with the given
 * choices (or, without them, with choices decided from the whole file plus the questions left to the person),
 * the lines it could not read, and the totals. The import dialog and the bank-file corpus test both use this.
 */
export function readBankFile(file: BankFile, choices: ImportChoices | null, isCreditCard = false): BankFileReading {
  const detected = detectFormat(file.text, file.fileName);
  const empty = { rows: [], problems: [], skipped: [], choices: {}, questions: [], totals: importTotals([]), balance: null, withheld: null };
  if ('refused' in detected) return { ...empty, format: null, formatName: detected.refused, encoding: file.encoding, refusal: refusalText(detected.refused) };
  const { format } = detected;
  const first = choices ? { choices, questions: [], problems: [] } : firstChoices(format, file.text, isCreditCard);
  const result = parseWith(format, file.text, first.choices, isCreditCard);
  const rows = result.rows;
  const problems = [...first.problems, ...result.problems];
  if (rows.length === 0 && problems.length === 0 && !result.withheld) problems.push(`This ${FORMAT_NAMES[format]} file holds no transactions.`);
  return {
    format,
    formatName: FORMAT_NAMES[format],
    encoding: file.encoding,
    refusal: null,
    rows,
    problems,
    skipped: result.skipped ?? [],
    choices: first.choices,
    questions: first.questions,
    totals: importTotals(rows),
    balance: result.balance ?? null,
    withheld: result.withheld ?? null,
  };
}
