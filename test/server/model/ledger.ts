import type { DateOnly } from '../../../src/shared/dates';
import { partSpendingOf } from '../../../src/shared/splits';
import { spendingOf } from '../../../src/shared/transactionRules';

/**
 * The reference ledger the model-based test checks the app against: written from the spec, not from the
 * server's code, except the definitions of figures the spec names once (an allocation's spent). Every figure is recomputed from the rows, so a figure can only agree with the app's if both
 * follow the same definition.
 */

export type AccountKind = 'current' | 'card' | 'sink';
export type CarriedStatus = 'brought_forward' | 'added' | 'adjustment' | null;

export interface LedgerAccount {
  id: number;
  kind: AccountKind;
  /** Signed: a card's debt is negative. */
  opening: number;
  /** The opening balance is the balance at the end of this day; later rows move it. */
  openingDate: DateOnly;
}

/** A part of a split row (issue 44): its amount signed like its row's net. */
export interface LedgerPart {
  amount: number;
  allocationId: number | null;
  envelopeId: number | null;
}

export interface LedgerRow {
  id: number;
  accountId: number;
  date: DateOnly;
  description: string;
  withdrawal: number;
  deposit: number;
  allocationId: number | null;
  envelopeId: number | null;
  carried: CarriedStatus;
  manual: boolean;
  /** A split row's parts, in order (absent or empty: not split). */
  parts?: readonly LedgerPart[];
  /** Paid? On a card: covered by a payment (a charge is unpaid until then); elsewhere rows are paid. */
  paid: boolean;
}

export interface LedgerBudget {
  id: number;
  start: DateOnly;
  end: DateOnly;
  status: 'open' | 'closed';
}

export interface LedgerAllocation {
  id: number;
  budgetId: number;
  amount: number;
}

export interface LedgerEnvelope {
  id: number;
  accountId: number;
}

export interface Ledger {
  accounts: Map<number, LedgerAccount>;
  rows: Map<number, LedgerRow>;
  budgets: Map<number, LedgerBudget>;
  allocations: Map<number, LedgerAllocation>;
  envelopes: Map<number, LedgerEnvelope>;
  /** Each carried-forward copy a close wrote, to the row it copied (not a figure: never compared). */
  carriedFrom: Map<number, number>;
}

export const emptyLedger = (): Ledger => ({ accounts: new Map(), rows: new Map(), budgets: new Map(), allocations: new Map(), envelopes: new Map(), carriedFrom: new Map() });

export const copyLedger = (ledger: Ledger): Ledger => ({
  accounts: new Map(ledger.accounts),
  rows: new Map(ledger.rows),
  budgets: new Map(ledger.budgets),
  allocations: new Map(ledger.allocations),
  envelopes: new Map(ledger.envelopes),
  carriedFrom: new Map(ledger.carriedFrom),
});

const net = (row: LedgerRow) => row.deposit - row.withdrawal;

/** Opening balance plus every row dated after the opening date. */
export function balanceOf(ledger: Ledger, accountId: number): number {
  const account = ledger.accounts.get(accountId)!;
  let balance = account.opening;
  for (const row of ledger.rows.values()) if (row.accountId === accountId && row.date > account.openingDate) balance += net(row);
  return balance;
}

/** An envelope holds the net of its rows and the amounts of the parts in it. */
export function envelopeBalanceOf(ledger: Ledger, envelopeId: number): number {
  let balance = 0;
  for (const row of ledger.rows.values()) {
    if (row.envelopeId === envelopeId) balance += net(row);
    for (const part of row.parts ?? []) if (part.envelopeId === envelopeId) balance += part.amount;
  }
  return balance;
}

/** What is spent from an allocation: the one definition (`spendingOf`, `partSpendingOf`) over its rows and parts. */
export function spentOf(ledger: Ledger, allocationId: number): number {
  let spent = 0;
  for (const row of ledger.rows.values()) {
    if (row.allocationId === allocationId) spent += spendingOf({ withdrawal_amount: row.withdrawal, deposit_amount: row.deposit, brought_forward_status: row.carried });
    for (const part of row.parts ?? []) if (part.allocationId === allocationId) spent += partSpendingOf({ brought_forward_status: row.carried }, part);
  }
  return spent;
}

/** Assets less what is owed: debts are negative balances, so the sum of every balance. */
export function netWorthOf(ledger: Ledger): number {
  let worth = 0;
  for (const id of ledger.accounts.keys()) worth += balanceOf(ledger, id);
  return worth;
}

/** Every figure a person reads, by name: two ledgers that show the same figures agree here. */
export function figuresOf(ledger: Ledger): Record<string, number> {
  const figures: Record<string, number> = { 'net worth': netWorthOf(ledger) };
  for (const id of ledger.accounts.keys()) figures[`balance of account ${id}`] = balanceOf(ledger, id);
  for (const id of ledger.envelopes.keys()) figures[`envelope ${id}`] = envelopeBalanceOf(ledger, id);
  for (const allocation of ledger.allocations.values()) {
    figures[`allocation ${allocation.id} spent`] = spentOf(ledger, allocation.id);
    figures[`allocation ${allocation.id} amount`] = allocation.amount;
  }
  return figures;
}

/** The budget whose period holds a date. */
export const budgetHolding = (ledger: Ledger, date: DateOnly) => [...ledger.budgets.values()].find((b) => b.start <= date && date <= b.end);

/** The current budget: the open one that starts first. */
export const currentBudget = (ledger: Ledger) =>
  [...ledger.budgets.values()].filter((b) => b.status === 'open').sort((a, b) => (a.start < b.start ? -1 : 1))[0];

export const newestBudget = (ledger: Ledger) => [...ledger.budgets.values()].sort((a, b) => (a.start < b.start ? 1 : -1))[0];

/** A row may be written only after its account's opening date and inside an open budget. */
export function refusesDate(ledger: Ledger, accountId: number, date: DateOnly): boolean {
  return date <= ledger.accounts.get(accountId)!.openingDate || budgetHolding(ledger, date)?.status !== 'open';
}
