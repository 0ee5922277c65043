import type { DraftRow } from '../../../src/features/transactions/draftRows';
import { addDays, type DateOnly } from '../../../src/shared/dates';
import { copyLedger, emptyLedger, type Ledger, type LedgerRow } from './ledger';

/** What the model remembers besides the ledger: the writes acknowledged so far and the drafts read earlier. */
export interface Model {
  ledger: Ledger;
  /** The first budget starts on the 1st of this month, a few days before today (the "Getting started" order). */
  firstStart: DateOnly;
  today: DateOnly;
  /** For unique names and descriptions. */
  sequence: number;
  changes: Change[];
  /** Writes so far to each account's rows, and to each budget: a draft read before the latest one is stale. */
  accountWrites: Map<number, number>;
  budgetWrites: Map<number, number>;
  /** `accountWrites` when the acting session last read one of the account's windows (for versionless saves). */
  actorLastRead: Map<number, number>;
  windowDrafts: WindowDraft[];
  budgetDrafts: BudgetDraft[];
}

/** One acknowledged write, with the ledger before and after it: what an undo of it must restore. */
export interface Change {
  activityId: number | null;
  /** The kinds Activity offers to undo: window saves (quick adds too), budget saves, copies and closes. */
  undoable: boolean;
  before: Ledger;
  after: Ledger;
  undone: boolean;
}

export interface WindowDraft {
  accountId: number;
  budgetId: number;
  lockVersion: number;
  rows: DraftRow[];
  writesAtRead: number;
}

export interface BudgetDraft {
  budgetId: number;
  lockVersion: number;
  allocationIds: number[];
  writesAtRead: number;
}

export function newModel(today: DateOnly): Model {
  return {
    ledger: emptyLedger(),
    firstStart: `${today.slice(0, 8)}01`,
    today,
    sequence: 0,
    changes: [],
    accountWrites: new Map(),
    budgetWrites: new Map(),
    actorLastRead: new Map(),
    windowDrafts: [],
    budgetDrafts: [],
  };
}

export const nextName = (model: Model, prefix: string) => `${prefix}${++model.sequence}`;

/** The spec's default opening date: the day before the earliest budget starts, else the last day of last month. */
export function defaultOpeningDate(model: Model): DateOnly {
  const starts = [...model.ledger.budgets.values()].map((b) => b.start).sort();
  return addDays(starts[0] ?? model.firstStart, -1);
}

/** A row's compared fields in a fixed order: two rows are the same row when their keys are equal. */
export const rowKey = (row: LedgerRow) =>
  JSON.stringify([
    ...[row.id, row.accountId, row.date, row.description, row.withdrawal, row.deposit, row.allocationId, row.envelopeId, row.carried, row.manual, row.paid],
    (row.parts ?? []).map((part) => [part.amount, part.allocationId, part.envelopeId]),
  ]);

type Part = Exclude<keyof Ledger, 'carriedFrom'>;
const PARTS: Part[] = ['accounts', 'rows', 'budgets', 'allocations', 'envelopes'];
const valueKey = (part: Part, value: unknown) => (value === undefined ? 'absent' : part === 'rows' ? rowKey(value as LedgerRow) : JSON.stringify(value));

/** Every (part, id) whose value differs between two ledgers: what a change touched. */
export function touched(before: Ledger, after: Ledger): Array<[Part, number]> {
  const keys: Array<[Part, number]> = [];
  for (const part of PARTS) {
    const ids = new Set([...before[part].keys(), ...after[part].keys()]);
    for (const id of ids) if (valueKey(part, before[part].get(id)) !== valueKey(part, after[part].get(id))) keys.push([part, id]);
  }
  return keys;
}

/** The spec's undo: refused when anything it touched was written since; otherwise exactly its before-images back. */
export function undoOutcome(change: Change, now: Ledger): { blockedBy: string | null; restored: Ledger } {
  const restored = copyLedger(now);
  for (const [part, id] of touched(change.before, change.after)) {
    if (valueKey(part, now[part].get(id)) !== valueKey(part, change.after[part].get(id))) return { blockedBy: `${part} ${id} was written since`, restored: now };
    const previous = change.before[part].get(id);
    const map = restored[part] as Map<number, unknown>;
    if (previous === undefined) map.delete(id);
    else map.set(id, previous);
  }
  return { blockedBy: null, restored };
}

const bump = (counts: Map<number, number>, id: number) => counts.set(id, (counts.get(id) ?? 0) + 1);

/**
 * Acknowledges a write the app accepted: the model's ledger becomes `after`, and every account whose rows it
 * touched (plus `alsoWritten`, such as a saved window's account) and every budget it touched counts one more
 * write, so drafts read before it are stale.
 */
export function acknowledge(
  model: Model,
  after: Ledger,
  activityId: number | null,
  alsoWritten: { accountId?: number; budgetId?: number; undoable?: boolean } = {},
) {
  const before = model.ledger;
  const accounts = new Set<number>();
  const budgets = new Set<number>();
  for (const [part, id] of touched(before, after)) {
    if (part === 'rows') for (const row of [before.rows.get(id), after.rows.get(id)]) if (row) accounts.add(row.accountId);
    if (part === 'budgets') budgets.add(id);
    if (part === 'allocations') for (const a of [before.allocations.get(id), after.allocations.get(id)]) if (a) budgets.add(a.budgetId);
  }
  if (alsoWritten.accountId !== undefined) accounts.add(alsoWritten.accountId);
  if (alsoWritten.budgetId !== undefined) budgets.add(alsoWritten.budgetId);
  for (const id of accounts) bump(model.accountWrites, id);
  for (const id of budgets) bump(model.budgetWrites, id);
  model.changes.push({ activityId, undoable: alsoWritten.undoable ?? false, before, after, undone: false });
  model.ledger = after;
}

/** The change the Activity page offers to undo first: the newest undoable one not undone yet. */
export const latestUndoable = (model: Readonly<Model>) => model.changes.findLast((c) => c.undoable && c.activityId !== null && !c.undone && offered(model, c));

/** The budgets a change closed (its undo reopens them). */
const closedBy = (change: Change) => [...change.after.budgets.values()].filter((b) => b.status === 'closed' && change.before.budgets.get(b.id)?.status === 'open');

/** A change that closed a budget (its undo reopens it). */
export const closesBudget = (change: Change) => closedBy(change).length > 0;

/**
 * Activity offers a close's undo only while its budget is the latest closed one (activityLog.ts): not after a
 * Reopen of it, nor once a later budget is closed.
 */
function offered(model: Readonly<Model>, change: Change): boolean {
  if (!closesBudget(change)) return true;
  const latestClosed = [...model.ledger.budgets.values()].filter((b) => b.status === 'closed').sort((a, b) => a.start.localeCompare(b.start)).at(-1);
  return closedBy(change).some((b) => b.id === latestClosed?.id);
}
