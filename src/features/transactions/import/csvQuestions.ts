import { columnLabel, has, HEADER, type ColumnShape } from './csvColumns';
import type { AmountChoice, CsvMapping } from './csvMapping';
import type { DateFormat } from './values';

/** A place where the file can be read in two ways; the preview shows both and the person chooses. */
export interface CsvQuestion {
  key: 'dateFormat' | 'amountColumn' | 'sign';
  text: string;
  /** Each option changes only its own part of the mapping, so answering one question keeps the other answers. */
  options: { label: string; changes: Partial<CsvMapping> }[];
}

/** Every day of the date column is 12 or less: the preview shows the day-first and the month-first reading. */
export function dateQuestion(shapes: ColumnShape[], date: { column: number | undefined; formats: DateFormat[] }): CsvQuestion[] {
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

/**
 * Nothing says which way the money went: two unnamed columns and neither holds negative amounts, or one
 * column of positive amounts without a direction column, or a card's file (cards write amounts either way).
 * A running balance of a bank account answers this, so a reading it confirmed is not asked about.
 */
export function directionQuestion(shapes: ColumnShape[], isCreditCard: boolean, changes: AmountChoice): CsvQuestion[] {
  if (changes.balanceColumn != null && !isCreditCard) return [];
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
