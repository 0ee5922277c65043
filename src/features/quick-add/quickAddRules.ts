/**
 * What both quick-add pages (the app's `#/quick-add` and the light `/quick-add` for phones) decide the same way:
 * which account to start with, which budget a date falls in, the body sent, what to say. No React, no zod: the
 * light page is built from this file and a few DOM lines only.
 */
import type { DateOnly } from '../../shared/dates';
import { type Cents, formatMoney } from '../../shared/money';
import type { BankAccount } from '../../shared/schemas/setup';
import type { SinkFundEnvelope } from '../../shared/schemas/sinkFunds';
import type { QuickAddBody, Transaction } from '../../shared/schemas/transactions';
import { partsLeftText, splitDifference } from '../../shared/splits';

export type Direction = 'spent' | 'received';

export interface QuickAddEntry {
  bankAccountId: number | null;
  date: DateOnly;
  description: string;
  /** In cents, never negative: `direction` says which way the money went. */
  amount: Cents;
  direction: Direction;
  allocationId: number | null;
  /** The envelope ("Sink Fund Allocation") of a sink-fund account's row. */
  envelopeId: number | null;
  /** A split entry's parts (issue 44): each an amount in the entry's direction and an allocation or envelope. */
  parts?: QuickAddPart[];
}

export interface QuickAddPart {
  key: number;
  /** In cents, in the entry's direction (never negative). */
  amount: Cents;
  /** The allocation, or the envelope on a sink fund's row. */
  targetId: number | null;
  memo: string;
}

/** What the parts leave of the amount: what a new part is proposed with. */
export const partsLeft = (entry: Pick<QuickAddEntry, 'amount' | 'parts'>): Cents => splitDifference({ deposit_amount: entry.amount, withdrawal_amount: 0 }, entry.parts ?? []);

let partCounter = 0;
export const newPart = (amount: Cents, targetId: number | null): QuickAddPart => ({ key: ++partCounter, amount, targetId, memo: '' });

/** "Split": the entry's first part holds the whole amount and the allocation (or envelope) chosen so far. */
export const startSplit = (entry: QuickAddEntry, targetId: number | null): Partial<QuickAddEntry> => ({ parts: [newPart(entry.amount, targetId)] });

/** "Add part": one more part, proposed with what the others leave of the amount. */
export const partAdded = (entry: QuickAddEntry): QuickAddPart[] => [...(entry.parts ?? []), newPart(Math.max(partsLeft(entry), 0), null)];

export type QuickAddAccount = Pick<BankAccount, 'id' | 'name' | 'is_cash' | 'status' | 'account_type'>;

/** The accounts offered: open ones, in the server's order. */
export const quickAddAccounts = <A extends QuickAddAccount>(accounts: readonly A[]): A[] => accounts.filter((account) => account.status === 'open');

/** The account used last on this device (by this person) when it is still offered, else the first cash account, else the first. */
export function defaultAccountId(accounts: readonly QuickAddAccount[], lastUsed: number | null): number | null {
  const offered = quickAddAccounts(accounts);
  if (lastUsed !== null && offered.some((account) => account.id === lastUsed)) return lastUsed;
  return (offered.find((account) => account.is_cash) ?? offered[0])?.id ?? null;
}

/** A sink fund's rows take envelopes ("Sink Fund Allocation"), every other account's rows take allocations. */
export const takesAllocation = (account: QuickAddAccount | undefined) => account !== undefined && account.account_type !== 'sink_fund';
export const takesEnvelope = (account: QuickAddAccount | undefined) => account?.account_type === 'sink_fund';

/** The envelopes offered for an account (the server sends the open ones of every sink fund, by name). */
export const envelopesOf = <E extends Pick<SinkFundEnvelope, 'bank_account_id'>>(envelopes: readonly E[], account: QuickAddAccount | undefined): E[] =>
  takesEnvelope(account) ? envelopes.filter((envelope) => envelope.bank_account_id === account!.id) : [];

const lastAccountKey = (uid: string) => `quickAddAccount:${uid}`;
export function rememberedAccount(uid: string): number | null {
  const id = Number(window.localStorage.getItem(lastAccountKey(uid)));
  return Number.isInteger(id) && id > 0 ? id : null;
}
export const rememberAccount = (uid: string, id: number) => window.localStorage.setItem(lastAccountKey(uid), String(id));

/** What stops the entry from being sent (the server checks the rest and says so). */
export function entryProblems(entry: QuickAddEntry): string[] {
  const problems: string[] = [];
  if (entry.bankAccountId === null) problems.push('Choose an account.');
  if (entry.description.trim() === '') problems.push('Enter a description.');
  if (entry.amount <= 0) problems.push('Enter an amount above 0.');
  else if (entry.parts?.length && partsLeft(entry) !== 0) problems.push(`${partsLeftText(partsLeft(entry))}.`);
  return problems;
}

/** The body sent: the allocation or the envelope, whichever the account's rows take. */
export function quickAddBody(entry: QuickAddEntry, account: QuickAddAccount | undefined): QuickAddBody & Pick<Transaction, 'withdrawal_amount' | 'deposit_amount'> {
  const cents = entry.amount;
  const envelope = takesEnvelope(account) ? { sink_fund_allocation_id: entry.envelopeId } : {};
  return {
    bank_account_id: entry.bankAccountId ?? 0,
    transaction_date: entry.date,
    description: entry.description.trim(),
    withdrawal_amount: entry.direction === 'spent' ? cents : 0,
    deposit_amount: entry.direction === 'received' ? cents : 0,
    allocation_id: takesAllocation(account) && !entry.parts?.length ? entry.allocationId : null,
    ...envelope,
    ...(entry.parts?.length ? splitBody(entry, account) : {}),
  };
}

/** A split entry: its parts signed like the row's net, the row itself without an allocation or envelope. */
function splitBody(entry: QuickAddEntry, account: QuickAddAccount | undefined): Pick<QuickAddBody, 'splits' | 'sink_fund_allocation_id'> {
  const sign = entry.direction === 'spent' ? -1 : 1;
  const envelopes = takesEnvelope(account);
  return {
    ...(envelopes ? { sink_fund_allocation_id: null } : {}),
    splits: (entry.parts ?? []).map((part) => ({
      amount: sign * part.amount,
      allocation_id: envelopes ? null : part.targetId,
      sink_fund_allocation_id: envelopes ? part.targetId : null,
      memo: part.memo.trim() === '' ? null : part.memo.trim(),
    })),
  };
}

/** "Saved: Coffee 4.50 withdrawn." */
export const savedMessage = (row: Pick<Transaction, 'description' | 'withdrawal_amount' | 'deposit_amount'>) =>
  row.withdrawal_amount > 0 ? `Saved: ${row.description} ${formatMoney(row.withdrawal_amount)} withdrawn.` : `Saved: ${row.description} ${formatMoney(row.deposit_amount)} deposited.`;

/** The next entry after a save: same account, date and direction; the rest empty. */
export const nextEntry = (saved: QuickAddEntry): QuickAddEntry => ({ ...saved, description: '', amount: 0, allocationId: null, envelopeId: null, parts: undefined });

export const QUICK_ADD_NOT_SAVED = 'Not saved.';
/** Typing pauses this long before the description is sent for a suggestion. */
export const SUGGEST_AFTER_MS = 400;
