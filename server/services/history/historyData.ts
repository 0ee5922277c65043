import type { AccountKind, UnmappedRow } from '../../../src/shared/schemas/history';

/** One row of the other tool's register, read into cents and a date. */
export interface HistoryTransaction {
  /** Where the row is in the person's file ("Register.csv line 12", "transaction 3f2a…"), for every message about it. */
  origin: string;
  account: string;
  date: string;
  description: string;
  withdrawal: number;
  deposit: number;
  /** The category's group and name, or null for a transfer or an uncategorised row. */
  category: { group: string; name: string } | null;
  /** Money that arrived as income (YNAB's Ready to Assign, Actual's income categories): an income of its month. */
  incomeName: string | null;
  /** The month whose budget the income belongs to when not its own (YNAB 4's "Available next month"). */
  incomeMonth?: string;
  /** Unique within its account: the bank reference the row is stored with. */
  reference: string;
  /** Whether the other tool had it cleared (or reconciled): a card's uncleared rows come in unpaid. */
  cleared: boolean;
  /** A split row's parts (YNAB's "Split (1/3)" rows): the row itself then has no category and no income. */
  parts?: HistoryPart[];
}

/** One part of a split row, as the other tool had it: its own category (or income) and memo. */
export interface HistoryPart {
  origin: string;
  /** Signed like the row's net: deposit − withdrawal. */
  amount: number;
  category: { group: string; name: string } | null;
  incomeName: string | null;
  incomeMonth?: string;
  memo: string | null;
}

export interface HistoryAssignment {
  month: string;
  group: string;
  name: string;
  amount: number;
}

export interface HistoryAccount {
  name: string;
  openingBalance: number;
  /** The day of the other tool's starting balance (or of the first row); EveryCent's opening date is the day before. */
  firstDate: string | null;
  closed: boolean;
  offBudget: boolean;
  /** What the file says the account is (a card, a loan...), or what its name and plan suggest. */
  kind: AccountKind;
}

/** What every reader makes of its files: the other tool's history in EveryCent's terms. */
export interface HistoryData {
  source: 'ynab' | 'actual';
  title: string;
  accounts: HistoryAccount[];
  assignments: HistoryAssignment[];
  transactions: HistoryTransaction[];
  /** Rows the reader had to leave out altogether, with why. */
  skipped: UnmappedRow[];
  /** The day the files were exported when they say it (YNAB's file names): rows after it not cleared are scheduled. */
  exportedOn: string | null;
}

const CARD = /\b(visa|master\s?card|amex|american express|credit|card|tarjeta|carte|karte|kreditkarte)\b/i;
const LOAN = /\b(loan|mortgage|debt|pr[ée]stamo|hipoteca|cr[ée]dito|kredit|hypothek|pr[êe]t|lening)\b/i;

/** The kind an account's name suggests when its file does not say: a card, a loan, else a current account. */
export function kindByName(name: string, offBudget: boolean): AccountKind {
  if (CARD.test(name)) return 'credit_card';
  if (LOAN.test(name)) return 'liability';
  return offBudget ? 'asset' : 'current';
}
