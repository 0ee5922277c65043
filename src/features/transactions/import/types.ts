import type { Cents } from '../../../shared/money';
import type { DateOnly } from '../../../shared/dates';

/** A transaction read from a bank file, before it joins the window being edited. */
export interface ImportedRow {
  transaction_date: DateOnly;
  description: string;
  withdrawal_amount: Cents;
  deposit_amount: Cents;
  /** A reference the bank gives this transaction alone (OFX FITID, a CAMT entry reference, a CSV column unique in the file). */
  bank_ref?: string;
}

/** What a parser read, the lines it could not read (never dropped silently) and what it left out on purpose. */
export interface ParseResult {
  rows: ImportedRow[];
  problems: string[];
  /** Lines read and deliberately not imported: opening and closing balances, pending entries. */
  skipped?: string[];
}

export type ImportFormat = 'csv' | 'ofx' | 'camt' | 'qif' | 'mt940';

/** A signed amount from a file → withdrawal / deposit cents. */
export const splitSigned = (cents: Cents): Pick<ImportedRow, 'withdrawal_amount' | 'deposit_amount'> =>
  cents < 0 ? { withdrawal_amount: -cents, deposit_amount: 0 } : { withdrawal_amount: 0, deposit_amount: cents };

/** Opening and closing balance lines, and a period's turnover, that some banks put among the transactions. */
export const BALANCE_LINE = /^\s*turnover\s*$|^\s*(total|sum)\s+(of\s+)?(debits|credits|turnover)|^\s*(opening|closing|starting|ending|start|end|previous|new|beginning)\s+balance|^\s*balance\s+at\s+(the\s+)?(start|end|beginning)|balance\s+(brought|carried)\s+forward|^\s*saldo\s+(anterior|inicial|final|actual|anfang|ende|vorher)|^\s*(anfangssaldo|endsaldo|schlusssaldo|tagessaldo|beginsaldo|eindsaldo|openingssaldo|slotsaldo)\b|^\s*(alter|neuer)\s+kontostand|^\s*kontostand\s+(vom|am|zum)|^\s*solde\s+(initial|final|pr[ée]c[ée]dent|au|d[ée]but|fin)|^\s*(pocz[aą]tkowe|ko[nń]cowe)\s+saldo|^\s*(ingående|utgående)\s+saldo|^\s*(primo|ultimo)\s*saldo/i;
