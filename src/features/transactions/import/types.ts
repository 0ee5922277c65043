import type { Cents } from '../../../shared/money';
import type { DateOnly } from '../../../shared/dates';

/** A transaction read from a bank file, before it joins the window being edited. */
export interface ImportedRow {
  transaction_date: DateOnly;
  description: string;
  withdrawal_amount: Cents;
  deposit_amount: Cents;
  bank_ref?: string;
}

/** What a parser read, and the lines it could not read (never dropped silently). */
export interface ParseResult {
  rows: ImportedRow[];
  problems: string[];
}

export type ImportFormat = 'csv' | 'ofx' | 'camt053';

/** A signed amount from a file → withdrawal / deposit cents. */
export const splitSigned = (cents: Cents): Pick<ImportedRow, 'withdrawal_amount' | 'deposit_amount'> =>
  cents < 0 ? { withdrawal_amount: -cents, deposit_amount: 0 } : { withdrawal_amount: 0, deposit_amount: cents };
