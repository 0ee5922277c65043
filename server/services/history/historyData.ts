import type { UnmappedRow } from '../../../src/shared/schemas/history';

/** One row of the other tool's register, read into cents and a date. */
export interface HistoryTransaction {
  /** Where the row is in the person's file ("Register.csv row 12", "transaction 3f2a…"), for every message about it. */
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
  /** Unique within its account: the bank reference the row is stored with. */
  reference: string;
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
}
