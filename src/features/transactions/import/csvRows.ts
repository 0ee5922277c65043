import type { Cents } from '../../../shared/money';
import { balanceText, signOf } from './csvColumns';
import type { CsvMapping } from './csvMapping';
import { PENDING, tableLines } from './csvTable';
import { checkRunningBalance, type BalanceCheck, type BalanceStep } from './runningBalance';
import { splitSigned, type ImportedRow, type ParseResult } from './types';
import { parseAmountText, parseDateText } from './values';

/** The rows a mapping reads, and what the file's own running balance says of them (when the mapping names one). */
export interface CsvReading extends Required<ParseResult> {
  balance: BalanceCheck | null;
  /** Why no row is given although lines were read: the file's own balance contradicts them. */
  withheld: string | null;
}

/** The amount a line's cells say, signed as money in (+) or out (−), or why it cannot be read. */
function lineAmount(cells: string[], mapping: CsvMapping, unmarked: 'out' | 'in' | undefined): Cents | string {
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
    if (sign !== 'out' && sign !== 'in') return `"${cells[mapping.signColumn] ?? ''}" does not say debit or credit`;
    return sign === 'out' ? -Math.abs(amount) : Math.abs(amount);
  }
  return mapping.negativeMeans === 'withdrawal' ? amount : -amount;
}

/**
 * Rows of a CSV export read with a mapping. Lines that cannot be read are reported with the file's line numbers.
 * When the mapping names a running balance column and the amounts do not explain its steps, no row is given:
 * the file itself says this reading is wrong. A card's file may write its balance as what is owed.
 */
export function parseCsv(text: string, mapping: CsvMapping, isCreditCard = false): CsvReading {
  // The guess tries each reading against the balance, then the preview and each question read the chosen ones again.
  if (recent?.text !== text) recent = { text, readings: new Map() };
  const key = JSON.stringify([mapping, isCreditCard]);
  const known = recent.readings.get(key);
  if (known) return known;
  const reading = readRows(text, mapping, isCreditCard);
  recent.readings.set(key, reading);
  return reading;
}

let recent: { text: string; readings: Map<string, CsvReading> } | null = null;

function readRows(text: string, mapping: CsvMapping, isCreditCard: boolean): CsvReading {
  const { header, rows: lines } = tableLines(text, mapping.delimiter);
  const rows: ImportedRow[] = [];
  const problems: string[] = [];
  const skipped: string[] = [];
  const steps: BalanceStep[] = [];
  // A reference is the bank's own only when no two lines share it; otherwise it is a mandate or a payee's number.
  const refs = mapping.bankRefColumn === null ? [] : lines.map((line) => line.cells[mapping.bankRefColumn ?? 0] ?? '');
  const refsUnique = refs.length > 1 && refs.every(Boolean) && new Set(refs).size === refs.length;
  const directions = new Set(mapping.signColumn === null ? [] : lines.map((row) => signOf(row.cells[mapping.signColumn ?? 0] ?? '')).filter((sign) => sign === 'in' || sign === 'out'));
  const unmarked = directions.size === 1 ? (directions.has('in') ? 'out' : 'in') : undefined;
  for (const { line, cells } of lines) {
    const dateText = cells[mapping.dateColumn] ?? '';
    const description = cells[mapping.descriptionColumn] ?? '';
    const balance = balanceText(cells);
    if (balance !== undefined) {
      skipped.push(`Line ${line}: "${balance}" is a balance, not a transaction`);
      continue;
    }
    // "Pending" where the date goes (American Express), or in a status column (DKB's "Vorgemerkt"), unless the
    // file's own balance counts the line (PayPal's pending withdrawals move it).
    if (PENDING.test(dateText) || (mapping.balanceColumn === null && cells.some((cell, i) => i !== mapping.descriptionColumn && PENDING.test(cell)))) {
      skipped.push(`Line ${line}: pending, not booked yet`);
      continue;
    }
    if (mapping.signColumn !== null && signOf(cells[mapping.signColumn] ?? '') === 'memo') {
      skipped.push(`Line ${line}: a memo, it does not move the balance`);
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
    const balanceCell = mapping.balanceColumn === null ? '' : (cells[mapping.balanceColumn] ?? '');
    steps.push({ line, date, amount: typeof amount === 'string' ? null : amount, balance: balanceCell === '' ? null : parseAmountText(balanceCell, mapping.decimalComma) });
    if (typeof amount === 'string') {
      problems.push(`Line ${line}: ${amount}; fix the line in the file or choose another amount column.`);
      continue;
    }
    const bankRef = refsUnique && mapping.bankRefColumn !== null ? (cells[mapping.bankRefColumn] ?? '') : '';
    rows.push({ transaction_date: date, description, ...splitSigned(amount), ...(bankRef ? { bank_ref: bankRef } : {}) });
  }
  const column = mapping.balanceColumn === null ? '' : header?.[mapping.balanceColumn] ? `"${header[mapping.balanceColumn]}"` : `Column ${mapping.balanceColumn + 1}`;
  const balance = mapping.balanceColumn === null ? null : checkRunningBalance(column, steps, isCreditCard);
  if (balance?.disagreement) {
    const withheld = `The file's own balance (${balance.column}) does not agree with these amounts, so no row is added. ${balance.disagreement}. Choose the amount columns below, or "None" as the balance column to add the rows without this check.`;
    return { rows: [], problems, skipped, balance, withheld };
  }
  return { rows, problems, skipped, balance, withheld: null };
}
