import { addDays } from '../../../src/shared/dates';
import { copyLedger, type Ledger, type LedgerBudget, type LedgerRow } from './ledger';
import { type Model, rowKey } from './model';
import type { RowSpec } from './steps';

/**
 * A credit card's month in the reference ledger, from the spec (api-and-domain §5, Glossary "Paid?"): a charge is
 * unpaid until a payment covers it; Close carries exactly the unpaid rows of each card into the next month and
 * Reopen takes them back.
 */

const CARRIED_SUFFIX = ' (B/F)';
const BALANCE_ADJUSTMENT = 'Balance B/F Adj Entry';

const isCard = (ledger: Ledger, accountId: number) => ledger.accounts.get(accountId)?.kind === 'card';
const inPeriod = (row: LedgerRow, budget: LedgerBudget) => row.date >= budget.start && row.date <= budget.end;

/** A row saved without a status: a card charge stays unpaid, anything else is paid. */
export const savedUnpaid = (ledger: Ledger, accountId: number, withdrawal: number, deposit: number) => isCard(ledger, accountId) && withdrawal > deposit;

/** The rows of a card's window in a budget that no payment covers yet, oldest first (the order Close copies them in). */
export function unpaidRowsOf(ledger: Ledger, accountId: number, budget: LedgerBudget): LedgerRow[] {
  return [...ledger.rows.values()]
    .filter((row) => row.accountId === accountId && inPeriod(row, budget) && !row.paid)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
}

/** Unpaid Balance: Σ (withdrawal − deposit) of the window's unpaid rows (what the charges still owe). */
export const unpaidBalanceOf = (ledger: Ledger, accountId: number, budget: LedgerBudget) =>
  unpaidRowsOf(ledger, accountId, budget).reduce((sum, row) => sum + row.withdrawal - row.deposit, 0);

/** A row a payment can cover (Mark Charges Paid): unpaid, and not the balancing row a close wrote. */
export const markable = (row: LedgerRow) => !row.paid && row.carried !== 'adjustment';

/** The charge a carried-forward copy was first entered as (a copy carried again is a copy of a copy). */
export function firstEntered(ledger: Ledger, copyId: number): LedgerRow | undefined {
  let id = copyId;
  for (let from = ledger.carriedFrom.get(id); from !== undefined; from = ledger.carriedFrom.get(id)) id = from;
  return id === copyId ? undefined : ledger.rows.get(id);
}

export interface CarryForward {
  /** The ledger with the originals settled (the copies are added once the app has stored them, with their ids). */
  after: Ledger;
  /** The rows Close must add: each unpaid row's copy, and one balancing row per card whose copies do not net to 0. */
  added: RowSpec[];
  /** Which original each copy (by its row key without id) was made from. */
  originals: Map<string, number>;
}

export const specKey = (row: RowSpec) => rowKey({ ...row, id: 0 });

/**
 * What Close of `budget` writes: every unpaid row of every card in the period is copied to the day after the
 * period's end as "<description> (B/F)" (unpaid, carried 'added'), balanced by one "Balance B/F Adj Entry" per card
 * so no balance moves; the originals become paid, a plain charge carried 'brought_forward', a copy carried again
 * staying 'added' (so spent counts the charge once).
 */
export function carryForward(ledger: Ledger, budget: LedgerBudget): CarryForward {
  const after = copyLedger(ledger);
  const added: RowSpec[] = [];
  const originals = new Map<string, number>();
  const carriedOn = addDays(budget.end, 1);
  for (const account of [...ledger.accounts.values()].filter((a) => a.kind === 'card').sort((a, b) => a.id - b.id)) {
    const unpaid = unpaidRowsOf(ledger, account.id, budget);
    let withdrawn = 0;
    let deposited = 0;
    for (const row of unpaid) {
      const copy: RowSpec = {
        accountId: account.id,
        date: carriedOn,
        description: row.description.endsWith(CARRIED_SUFFIX) ? row.description : `${row.description}${CARRIED_SUFFIX}`,
        withdrawal: row.withdrawal,
        deposit: row.deposit,
        allocationId: row.allocationId,
        envelopeId: null,
        carried: 'added',
        manual: false,
        paid: false,
        // A split charge's copy keeps its parts (counted nowhere: the copy is not spending, its original is).
        ...(row.parts?.length ? { parts: row.parts } : {}),
      };
      added.push(copy);
      originals.set(specKey(copy), row.id);
      after.rows.set(row.id, { ...row, paid: true, carried: row.carried === 'added' ? 'added' : 'brought_forward' });
      withdrawn += row.withdrawal;
      deposited += row.deposit;
    }
    if (deposited - withdrawn !== 0) {
      added.push({
        accountId: account.id,
        date: carriedOn,
        description: BALANCE_ADJUSTMENT,
        withdrawal: -withdrawn,
        deposit: -deposited,
        allocationId: null,
        envelopeId: null,
        carried: 'adjustment',
        manual: false,
        paid: true,
      });
    }
  }
  return { after, added, originals };
}

/** Remembers, for each copy the app stored, the row it was made from. */
export function rememberCopies(ledger: Ledger, before: Ledger, originals: Map<string, number>): void {
  for (const row of ledger.rows.values()) {
    if (before.rows.has(row.id)) continue;
    const original = originals.get(specKey(row));
    if (original !== undefined) ledger.carriedFrom.set(row.id, original);
  }
}

/**
 * What Reopen of `budget` (the newest closed one) does: the period's settled originals back to unpaid (plain
 * charges lose 'brought_forward'; a copy that was carried again stays 'added'), except those whose copy was marked
 * paid since (they stay paid), and every carried-forward row after the period deleted.
 */
export function uncarry(ledger: Ledger, budget: LedgerBudget): Ledger {
  const after = copyLedger(ledger);
  const later = [...ledger.rows.values()].filter((row) => row.date > budget.end && (row.carried === 'added' || row.carried === 'adjustment'));
  const recarried = new Set(later.map((row) => ledger.carriedFrom.get(row.id)));
  const paidSince = new Set(later.filter((row) => row.carried === 'added' && row.paid).map((row) => ledger.carriedFrom.get(row.id)));
  for (const row of ledger.rows.values()) {
    if (!inPeriod(row, budget)) continue;
    if (row.carried === 'brought_forward') after.rows.set(row.id, { ...row, carried: null, paid: paidSince.has(row.id) });
    else if (row.carried === 'added' && recarried.has(row.id)) after.rows.set(row.id, { ...row, paid: paidSince.has(row.id) });
  }
  for (const row of later) after.rows.delete(row.id);
  return after;
}

/** The unpaid figures a card window's summary shows. */
export function cardFigures(ledger: Ledger, balance: number, accountId: number, budget: LedgerBudget) {
  const unpaidBalance = unpaidBalanceOf(ledger, accountId, budget);
  const unpaidIds = unpaidRowsOf(ledger, accountId, budget).map((row) => row.id).sort((a, b) => a - b);
  return { unpaidBalance, unpaidDifference: balance + unpaidBalance, unpaidIds };
}

/** The window's rows as the figures count them, for choosing charges: every row of a card in a period. */
export const cardRowsIn = (ledger: Ledger, accountId: number, budget: LedgerBudget) =>
  [...ledger.rows.values()].filter((row) => row.accountId === accountId && inPeriod(row, budget) && isCard(ledger, accountId));

/** Reopening (or undoing a close) takes the copies out of the next windows: a card window read before is stale. */
export function cardWindowsRewritten(model: Model): void {
  for (const account of model.ledger.accounts.values()) if (account.kind === 'card') model.accountWrites.set(account.id, (model.accountWrites.get(account.id) ?? 0) + 1);
}
