import { appendFileSync } from 'node:fs';
import fc from 'fast-check';
import { type DraftRow, draftFromTransaction, rowsToSave } from '../../../src/features/transactions/draftRows';
import { addDays, addMonths, budgetEndDate } from '../../../src/shared/dates';
import type { ActivityPage } from '../../../src/shared/schemas/activity';
import type { Budget } from '../../../src/shared/schemas/budgets';
import type { BankAccount } from '../../../src/shared/schemas/setup';
import { ALLOCATION_TRANSFER_DESCRIPTION, type SinkFund } from '../../../src/shared/schemas/sinkFunds';
import { type Transaction, WINDOW_LOCK_HEADER } from '../../../src/shared/schemas/transactions';
import { call } from '../../support/testServer';
import { features, runs } from './features';
import { type Household, send } from './household';
import { checkInvariants } from './invariants';
import {
  type AccountKind,
  balanceOf,
  budgetHolding,
  copyLedger,
  currentBudget,
  figuresOf,
  type Ledger,
  type LedgerBudget,
  type LedgerRow,
  newestBudget,
  refusesDate,
} from './ledger';
import { acknowledge, type BudgetDraft, closesBudget, defaultOpeningDate, latestUndoable, type Model, nextName, rowKey, undoOutcome, type WindowDraft } from './model';
import { cardWindowsRewritten, carryForward, rememberCopies, savedUnpaid, uncarry } from './cards';
import { accept, adoptChangedRows, adoptNewRows, type Expectation, ledgerRowOf, refuse, type RowSpec, settle } from './steps';

type Command = fc.AsyncCommand<Model, Household>;

const MAX_ACCOUNTS = 4;
const MAX_BUDGETS = 3;
const MAX_DRAFTS = 3;

export const pick = <T>(list: readonly T[], index: number): T | undefined => (list.length ? list[index % list.length] : undefined);
export const byId = <T extends { id: number }>(map: Map<number, T>) => [...map.values()].sort((a, b) => a.id - b.id);
export const budgetsByStart = (ledger: Ledger) => [...ledger.budgets.values()].sort((a, b) => (a.start < b.start ? -1 : 1));
export const allocationsOf = (ledger: Ledger, budgetId: number) => byId(ledger.allocations).filter((a) => a.budgetId === budgetId);
export const envelopesOf = (ledger: Ledger, accountId: number) => byId(ledger.envelopes).filter((e) => e.accountId === accountId);
export const inWindow = (row: LedgerRow, accountId: number, budget: LedgerBudget) => row.accountId === accountId && row.date >= budget.start && row.date <= budget.end;
export const dayIn = (budget: LedgerBudget, day: number) => {
  const length = Number(new Date(`${budget.end}T00:00:00Z`)) / 864e5 - Number(new Date(`${budget.start}T00:00:00Z`)) / 864e5 + 1;
  return addDays(budget.start, day % length);
};
/** `choice` 0 means none, otherwise one of the list (so "none" is as likely as each item). */
export const optional = <T>(list: readonly T[], choice: number): T | null => (choice % (list.length + 1) === 0 ? null : list[(choice % (list.length + 1)) - 1]);

/** One step of the model: runs only when its name is not a known gap, then checks every invariant. */
export abstract class Step implements Command {
  constructor(readonly params: object) {}
  abstract readonly name: string;
  protected abstract possible(model: Readonly<Model>): boolean;
  protected abstract act(model: Model, house: Household): Promise<void>;
  /** The name KNOWN_GAPS knows this step by in this state (a step whose effect depends on the state has several). */
  protected variant(_model: Readonly<Model>): string {
    return this.name;
  }
  check(model: Readonly<Model>): boolean {
    return this.possible(model) && runs(this.variant(model));
  }
  async run(model: Model, house: Household): Promise<void> {
    if (process.env.EVERYCENT_MODEL_TRACE) appendFileSync(process.env.EVERYCENT_MODEL_TRACE, `${this.toString()}\n`);
    await this.act(model, house);
    await checkInvariants(house, model.ledger);
  }
  toString(): string {
    return `${this.name}(${JSON.stringify(this.params)})`;
  }
}

const OPENING_DATE_SHIFT = fc.integer({ min: -5, max: 12 });

class CreateAccount extends Step {
  constructor(readonly p: { kind: AccountKind; opening: number; shift: number | null }) {
    super(p);
  }
  get name() {
    return 'createAccount';
  }
  protected override variant(model: Readonly<Model>) {
    return model.ledger.budgets.size === 0 ? 'createAccountBeforeBudget' : this.name;
  }
  protected possible(model: Readonly<Model>) {
    return model.ledger.accounts.size < MAX_ACCOUNTS;
  }
  protected async act(model: Model, house: Household) {
    const { kind, opening, shift } = this.p;
    const openingDate = shift !== null && features.has('openingDate') ? addDays(model.firstStart, shift) : defaultOpeningDate(model);
    const signed = kind === 'card' ? -opening : opening;
    const type = { current: ['normal', 'current'], card: ['credit_card', 'liability'], sink: ['sink_fund', 'asset'] }[kind];
    const body = { name: nextName(model, `${kind} `), account_type: type[0], account_category: type[1], is_cash: true, opening_balance: signed };
    if (shift !== null && features.has('openingDate')) Object.assign(body, { opening_date: openingDate });
    const answer = await settle(house, 'create account', accept, () => send<BankAccount>(house, { method: 'POST', url: '/bank_accounts', payload: body }));
    const after = copyLedger(model.ledger);
    after.accounts.set(answer!.body.id, { id: answer!.body.id, kind, opening: signed, openingDate });
    acknowledge(model, after, answer!.activityId);
  }
}

class AddEnvelope extends Step {
  readonly name = 'addEnvelope';
  constructor(readonly p: { account: number }) {
    super(p);
  }
  private account(model: Readonly<Model>) {
    return pick(byId(model.ledger.accounts).filter((a) => a.kind === 'sink'), this.p.account);
  }
  protected possible(model: Readonly<Model>) {
    const account = this.account(model);
    return account !== undefined && envelopesOf(model.ledger, account.id).length < 3;
  }
  protected async act(model: Model, house: Household) {
    const account = this.account(model)!;
    const fund = await send<SinkFund>(house, { method: 'GET', url: `/sink_funds/${account.id}` });
    const payload = { lock_version: fund.body.lock_version, sink_fund_allocations: [{ name: nextName(model, 'envelope '), target: 10_000 }] };
    const answer = await settle(house, 'add envelope', accept, () => send<SinkFund>(house, { method: 'PUT', url: `/sink_funds/${account.id}`, payload }));
    const after = copyLedger(model.ledger);
    for (const envelope of answer!.body.sink_fund_allocations) after.envelopes.set(envelope.id, { id: envelope.id, accountId: account.id });
    acknowledge(model, after, answer!.activityId);
  }
}

/** A new budget after the newest (or the first one), empty or copied from the newest. */
class AddBudget extends Step {
  constructor(readonly p: { copy: boolean }) {
    super(p);
  }
  get name() {
    return this.p.copy ? 'copyBudget' : 'createBudget';
  }
  protected override variant(model: Readonly<Model>) {
    return currentBudget(model.ledger) ? 'openSecondBudget' : this.name;
  }
  protected possible(model: Readonly<Model>) {
    return model.ledger.budgets.size < MAX_BUDGETS && (!this.p.copy || model.ledger.budgets.size > 0);
  }
  protected async act(model: Model, house: Household) {
    const newest = newestBudget(model.ledger);
    const start = newest ? addMonths(newest.start, 1) : model.firstStart;
    const answer = await settle(house, this.name, accept, () =>
      this.p.copy
        ? send<Budget>(house, { method: 'PUT', url: `/budgets/${newest.id}/copy` })
        : send<Budget>(house, { method: 'POST', url: '/budgets', payload: { start_date: start } }),
    );
    const budget = answer!.body;
    const after = copyLedger(model.ledger);
    after.budgets.set(budget.id, { id: budget.id, start, end: budgetEndDate(start), status: 'open' });
    const copied = this.p.copy ? allocationsOf(model.ledger, newest.id).map((a) => a.amount).sort().join() : '';
    const full = await call<Budget>(house.server, house.observer, { method: 'GET', url: `/budgets/${budget.id}` });
    if (full.body.allocations.map((a) => a.amount).sort().join() !== copied) throw new Error(`${this.name}: allocations ${JSON.stringify(full.body.allocations)}, expected amounts ${copied}`);
    for (const a of full.body.allocations) after.allocations.set(a.id, { id: a.id, budgetId: budget.id, amount: a.amount });
    acknowledge(model, after, answer!.activityId, { undoable: this.p.copy });
  }
}

/** Opens one of the budgets as the budget screen does. */
async function readBudget(model: Model, house: Household, choice: number) {
  const budget = pick(budgetsByStart(model.ledger), choice)!;
  return { budget, read: await send<Budget>(house, { method: 'GET', url: `/budgets/${budget.id}` }) };
}

/** The budget screen's save: one amount changed, a line added, an unused line deleted. */
class SaveBudget extends Step {
  readonly name = 'saveBudget';
  constructor(readonly p: { budget: number; change: number; amount: number; add: boolean; remove: number }) {
    super(p);
  }
  protected possible(model: Readonly<Model>) {
    return model.ledger.budgets.size > 0;
  }
  protected async act(model: Model, house: Household) {
    const { budget, read } = await readBudget(model, house, this.p.budget);
    const lines = allocationsOf(model.ledger, budget.id);
    const changed = optional(lines, this.p.change);
    const used = new Set([...model.ledger.rows.values()].map((r) => r.allocationId));
    const removed = optional(lines.filter((a) => a !== changed && !used.has(a.id)), this.p.remove);
    const allocations: object[] = [];
    if (changed) allocations.push({ id: changed.id, amount: this.p.amount });
    // The budget screen sends a deleted line whole, as it read it.
    if (removed) allocations.push({ ...read.body.allocations.find((a) => a.id === removed.id), deleted: true });
    if (this.p.add) allocations.push({ name: nextName(model, 'line '), amount: this.p.amount, allocation_category_id: house.categoryId });
    const expectation = budget.status === 'closed' ? refuse('the budget is closed') : accept;
    const answer = await settle(house, 'save budget', expectation, () =>
      send<Budget>(house, { method: 'PUT', url: `/budgets/${budget.id}`, payload: { lock_version: read.body.lock_version, allocations } }),
    );
    if (!answer) return;
    const after = copyLedger(model.ledger);
    if (changed) after.allocations.set(changed.id, { ...changed, amount: this.p.amount });
    if (removed) after.allocations.delete(removed.id);
    for (const a of answer.body.allocations) if (!after.allocations.has(a.id) && a.id !== removed?.id) after.allocations.set(a.id, { id: a.id, budgetId: budget.id, amount: a.amount });
    acknowledge(model, after, answer.activityId, { budgetId: budget.id, undoable: true });
  }
}

interface NewRowChoice {
  day: number;
  amount: number;
  deposit: boolean;
  allocation: number;
  envelope: number;
}

const newRowArb = fc.record({ day: fc.nat(40), amount: fc.integer({ min: 1, max: 50_000 }), deposit: fc.boolean(), allocation: fc.nat(9), envelope: fc.nat(9) });

/** A new row in an account's window, with at most one of an allocation and an envelope. */
function newRow(model: Model, accountId: number, budget: LedgerBudget, choice: NewRowChoice): RowSpec {
  const envelope = optional(envelopesOf(model.ledger, accountId), choice.envelope);
  const allocation = envelope ? null : optional(allocationsOf(model.ledger, budget.id), choice.allocation);
  return {
    accountId,
    date: dayIn(budget, choice.day),
    description: nextName(model, 'row '),
    withdrawal: choice.deposit ? 0 : choice.amount,
    deposit: choice.deposit ? choice.amount : 0,
    allocationId: allocation?.id ?? null,
    envelopeId: envelope?.id ?? null,
    carried: null,
    manual: false,
    paid: !savedUnpaid(model.ledger, accountId, choice.deposit ? 0 : choice.amount, choice.deposit ? choice.amount : 0),
  };
}

const toSent = (row: RowSpec) => ({
  transaction_date: row.date,
  description: row.description,
  withdrawal_amount: row.withdrawal,
  deposit_amount: row.deposit,
  allocation_id: row.allocationId,
  sink_fund_allocation_id: row.envelopeId,
});

/** A window save is refused in a closed budget and for a new row on or before the account's opening date. */
export function windowExpectation(model: Model, accountId: number, budget: LedgerBudget, added: RowSpec[]): Expectation {
  if (budget.status === 'closed') return refuse('the budget is closed');
  const early = added.find((row) => refusesDate(model.ledger, accountId, row.date));
  return early ? refuse(`${early.date} is on or before the opening date`) : accept;
}

/**
 * Saves `kept` (the rows sent back, by id) and `added` as the whole window: every other row of the window is
 * deleted. Returns false when the app refused it.
 */
export async function saveWindowRows(
  model: Model,
  house: Household,
  label: string,
  target: { accountId: number; budget: LedgerBudget; lockVersion: number | null; stale: string | null },
  kept: DraftRow[],
  added: RowSpec[],
) {
  const { accountId, budget } = target;
  // A versionless draft can hold a row the same session deleted since (its last read is newer): the app refuses it.
  const gone = kept.find((row) => row.id !== null && !model.ledger.rows.has(row.id));
  const expectation = target.stale ? refuse(target.stale) : gone ? refuse(`row ${gone.id} was deleted since the draft was read`) : windowExpectation(model, accountId, budget, added);
  const payload: Record<string, unknown> = { bank_account_id: accountId, budget_id: budget.id, transactions: [...rowsToSave(kept).transactions, ...added.map(toSent)] };
  if (target.lockVersion !== null) payload.window_lock_version = target.lockVersion;
  const answer = await settle(house, label, expectation, () => send(house, { method: 'POST', url: '/transactions', payload }));
  if (!answer) return;
  const after = copyLedger(model.ledger);
  const keptIds = new Set(kept.map((row) => row.id));
  for (const row of model.ledger.rows.values()) if (inWindow(row, accountId, budget) && !keptIds.has(row.id)) after.rows.delete(row.id);
  for (const row of kept) after.rows.set(row.id!, ledgerRowOf(accountId, row));
  acknowledge(model, await adoptNewRows(house, after, added, label), answer.activityId, { accountId, undoable: true });
  // The save's answer is the window as saved: the session has read that version (what a versionless save is held against).
  model.actorLastRead.set(accountId, model.accountWrites.get(accountId) ?? 0);
}

export const accountAndBudget = (model: Readonly<Model>, p: { account: number; budget: number }) => ({
  account: pick(byId(model.ledger.accounts), p.account),
  budget: pick(budgetsByStart(model.ledger), p.budget),
});

export async function readWindow(model: Model, house: Household, accountId: number, budgetId: number) {
  const response = await call<Transaction[]>(house.server, house.actor, { method: 'GET', url: `/transactions?bank_account_id=${accountId}&budget_id=${budgetId}` });
  model.actorLastRead.set(accountId, model.accountWrites.get(accountId) ?? 0);
  return { rows: response.body.map(draftFromTransaction), lockVersion: Number(response.headers[WINDOW_LOCK_HEADER]) };
}

/** The window screen: read, change one amount, delete one row, add rows; or an import: only new rows. */
class SaveWindow extends Step {
  constructor(readonly p: { account: number; budget: number; change: number; amount: number; remove: number; added: NewRowChoice[]; importing: boolean }) {
    super(p);
  }
  get name() {
    return this.p.importing ? 'importRows' : 'saveWindow';
  }
  protected possible(model: Readonly<Model>) {
    return model.ledger.accounts.size > 0 && model.ledger.budgets.size > 0;
  }
  protected async act(model: Model, house: Household) {
    const { account, budget } = accountAndBudget(model, this.p);
    const window = await readWindow(model, house, account!.id, budget!.id);
    let kept = window.rows;
    if (!this.p.importing) {
      // A split row's amount changes with its parts (splitSteps.ts): here its parts would no longer add up.
      const ordinary = kept.filter((row) => row.brought_forward_status === null && !row.is_manual_adjustment && !row.splits?.length);
      const changed = optional(ordinary, this.p.change);
      const removed = optional(kept.filter((row) => row !== changed), this.p.remove);
      kept = kept
        .filter((row) => row !== removed)
        .map((row) => (row === changed ? { ...row, withdrawal_amount: row.deposit_amount ? 0 : this.p.amount, deposit_amount: row.deposit_amount ? this.p.amount : 0 } : row));
    }
    const added = this.p.added.map((choice) => newRow(model, account!.id, budget!, choice));
    await saveWindowRows(model, house, this.name, { accountId: account!.id, budget: budget!, lockVersion: window.lockVersion, stale: null }, kept, added);
  }
}

class QuickAdd extends Step {
  readonly name = 'quickAdd';
  constructor(readonly p: { account: number; budget: number; row: NewRowChoice }) {
    super(p);
  }
  protected possible(model: Readonly<Model>) {
    return model.ledger.accounts.size > 0 && model.ledger.budgets.size > 0;
  }
  protected async act(model: Model, house: Household) {
    const { account, budget } = accountAndBudget(model, this.p);
    const row = newRow(model, account!.id, budget!, this.p.row);
    const expectation = windowExpectation(model, account!.id, budget!, [row]);
    const payload = { bank_account_id: account!.id, ...toSent(row) };
    const answer = await settle(house, 'quick add', expectation, () => send(house, { method: 'POST', url: '/transactions/one', payload }));
    if (answer) acknowledge(model, await adoptNewRows(house, model.ledger, [row], 'quick add'), answer.activityId, { undoable: true });
  }
}

class Transfer extends Step {
  readonly name = 'transfer';
  constructor(readonly p: { from: number; to: number; budget: number; day: number; amount: number; allocation: number; envelope: number }) {
    super(p);
  }
  private accounts(model: Readonly<Model>) {
    const accounts = byId(model.ledger.accounts);
    const from = pick(accounts, this.p.from);
    return { from, to: pick(accounts.filter((a) => a !== from), this.p.to) };
  }
  protected possible(model: Readonly<Model>) {
    return this.accounts(model).to !== undefined && model.ledger.budgets.size > 0;
  }
  protected async act(model: Model, house: Household) {
    const { from, to } = this.accounts(model);
    const budget = pick(budgetsByStart(model.ledger), this.p.budget)!;
    const date = dayIn(budget, this.p.day);
    const allocation = optional(allocationsOf(model.ledger, budget.id), this.p.allocation);
    const envelope = optional(envelopesOf(model.ledger, to!.id), this.p.envelope);
    const description = nextName(model, 'transfer ');
    const row = (accountId: number, side: 'Withdrawal' | 'Deposit'): RowSpec => ({
      accountId,
      date,
      description: `${side} - ${description}`,
      withdrawal: side === 'Withdrawal' ? this.p.amount : 0,
      deposit: side === 'Deposit' ? this.p.amount : 0,
      allocationId: side === 'Withdrawal' ? (allocation?.id ?? null) : null,
      envelopeId: side === 'Deposit' ? (envelope?.id ?? null) : null,
      carried: null,
      manual: false,
      paid: true,
    });
    const rows = [row(from!.id, 'Withdrawal'), row(to!.id, 'Deposit')];
    const refusal = budget.status === 'closed' ? 'the budget is closed' : refusesDate(model.ledger, from!.id, date) || refusesDate(model.ledger, to!.id, date) ? 'on or before an opening date' : null;
    const payload = { to: to!.id, amount: this.p.amount, description, date, budget_id: budget.id, from_allocation: allocation?.id ?? 0, to_sink_fund_allocation: envelope?.id ?? 0 };
    const answer = await settle(house, 'transfer', refusal ? refuse(refusal) : accept, () => send(house, { method: 'POST', url: `/bank_accounts/${from!.id}/transfer`, payload }));
    if (answer) acknowledge(model, await adoptNewRows(house, model.ledger, rows, 'transfer'), answer.activityId);
  }
}

/** Moves money between two envelopes of a sink fund, or to or from its Unassigned Money: two rows dated today. */
class MoveBetweenEnvelopes extends Step {
  readonly name = 'moveBetweenEnvelopes';
  protected override variant(model: Readonly<Model>) {
    return budgetHolding(model.ledger, model.today)?.status === 'closed' ? 'moveBetweenEnvelopesInClosedBudget' : this.name;
  }
  constructor(readonly p: { account: number; from: number; to: number; amount: number }) {
    super(p);
  }
  private choice(model: Readonly<Model>) {
    const account = pick(byId(model.ledger.accounts).filter((a) => a.kind === 'sink'), this.p.account);
    if (!account) return null;
    const envelopes = envelopesOf(model.ledger, account.id);
    const from = optional(envelopes, this.p.from);
    const to = optional(envelopes.filter((e) => e !== from), this.p.to);
    return from === null && to === null ? null : { account, from, to };
  }
  protected possible(model: Readonly<Model>) {
    return this.choice(model) !== null;
  }
  protected async act(model: Model, house: Household) {
    const { account, from, to } = this.choice(model)!;
    const row = (side: 'from' | 'to'): RowSpec => ({
      accountId: account.id,
      date: model.today,
      description: ALLOCATION_TRANSFER_DESCRIPTION,
      withdrawal: side === 'from' ? this.p.amount : 0,
      deposit: side === 'to' ? this.p.amount : 0,
      allocationId: null,
      envelopeId: (side === 'from' ? from : to)?.id ?? null,
      carried: null,
      manual: false,
      paid: true,
    });
    const holding = budgetHolding(model.ledger, model.today);
    const refusal = model.today <= account.openingDate ? 'today is on or before the opening date' : holding?.status === 'closed' ? "today's budget is closed" : null;
    const payload = { existing_allocation_id: from?.id ?? 0, new_allocation_id: to?.id ?? 0, amount: this.p.amount };
    const answer = await settle(house, 'envelope move', refusal ? refuse(refusal) : accept, () => send(house, { method: 'POST', url: `/sink_funds/${account.id}/transfer_allocation`, payload }));
    if (answer) acknowledge(model, await adoptNewRows(house, model.ledger, [row('from'), row('to')], 'envelope move'), answer.activityId);
  }
}

/** Adjust Account Balances: the account's balance becomes the bank's figure, through its one adjustment row. */
class AdjustBalance extends Step {
  readonly name = 'adjustBalance';
  protected override variant(model: Readonly<Model>) {
    return [...model.ledger.budgets.values()].some((b) => b.status === 'closed') ? 'adjustBalanceAfterClose' : this.name;
  }
  constructor(readonly p: { account: number; change: number }) {
    super(p);
  }
  protected possible(model: Readonly<Model>) {
    return model.ledger.accounts.size > 0;
  }
  protected async act(model: Model, house: Household) {
    const account = pick(byId(model.ledger.accounts), this.p.account)!;
    const target = balanceOf(model.ledger, account.id) + this.p.change;
    const payload = { adjustments: [{ bank_account_id: account.id, new_balance: target }] };
    // The row is dated today, so an account settled up to today or later (a close, its opening date) cannot take it.
    const closedEnds = [...model.ledger.budgets.values()].filter((b) => b.status === 'closed').map((b) => b.end);
    const settledTo = [account.openingDate, ...closedEnds].reduce((a, b) => (a > b ? a : b));
    const refusal = this.p.change !== 0 && settledTo >= model.today ? 'the account is settled up to today or later' : null;
    const answer = await settle(house, 'adjust balance', refusal ? refuse(refusal) : accept, () => send(house, { method: 'POST', url: '/bank_accounts/manually_adjust_balances', payload }));
    if (!answer) return;
    const label = `adjusting account ${account.id}`;
    const after = await adoptChangedRows(house, model.ledger, label, (before, now) => {
      if (now && now.date > model.today) throw new Error(`${label} dated its row ${now.date}, after today ${model.today}`);
      return (before ?? now)!.accountId === account.id && (before ?? now)!.manual;
    });
    if (balanceOf(after, account.id) !== target) throw new Error(`${label} to ${target} left its rows adding up to ${balanceOf(after, account.id)}`);
    acknowledge(model, after, answer!.activityId);
  }
}

/** A close and a reopen change which rows carry card charges forward, never a figure. */
function sameFigures(label: string, before: Ledger, after: Ledger) {
  const was = figuresOf(before);
  const now = figuresOf(after);
  const moved = Object.keys({ ...was, ...now }).filter((name) => was[name] !== now[name]);
  if (moved.length) throw new Error(`${label} changed ${moved.map((name) => `${name} ${was[name]} → ${now[name]}`).join(', ')}`);
}

class CloseBudget extends Step {
  readonly name = 'closeBudget';
  protected possible(model: Readonly<Model>) {
    return currentBudget(model.ledger) !== undefined;
  }
  protected async act(model: Model, house: Household) {
    const budget = currentBudget(model.ledger)!;
    const answer = await settle(house, 'close', accept, () => send(house, { method: 'PUT', url: `/budgets/${budget.id}/close` }));
    const { after: settled, added, originals } = carryForward(model.ledger, budget);
    const after = await adoptNewRows(house, settled, added, 'close');
    rememberCopies(after, settled, originals);
    after.budgets.set(budget.id, { ...budget, status: 'closed' });
    sameFigures('close', model.ledger, after);
    acknowledge(model, after, answer!.activityId, { undoable: true });
  }
}

class ReopenBudget extends Step {
  readonly name = 'reopenBudget';
  protected override variant(model: Readonly<Model>) {
    const closed = [...model.ledger.budgets.values()].some((b) => b.status === 'closed');
    return closed && currentBudget(model.ledger) ? 'openSecondBudget' : this.name;
  }
  protected possible(model: Readonly<Model>) {
    return model.ledger.budgets.size > 0;
  }
  protected async act(model: Model, house: Household) {
    const last = budgetsByStart(model.ledger).filter((b) => b.status === 'closed').at(-1);
    const expectation = last ? accept : refuse('no budget is closed');
    const answer = await settle(house, 'reopen', expectation, () => send(house, { method: 'POST', url: '/budgets/reopen_last_budget' }));
    if (!answer) return;
    const after = uncarry(model.ledger, last!);
    after.budgets.set(last!.id, { ...last!, status: 'open' });
    sameFigures('reopen', model.ledger, after);
    acknowledge(model, after, answer.activityId);
    cardWindowsRewritten(model);
  }
}

/** Undo of the newest entry the Activity page offers to undo. */
class UndoLatest extends Step {
  readonly name = 'undoLatest';
  protected override variant(model: Readonly<Model>) {
    return closesBudget(latestUndoable(model)!) && currentBudget(model.ledger) ? 'openSecondBudget' : this.name;
  }
  protected possible(model: Readonly<Model>) {
    return latestUndoable(model) !== undefined;
  }
  protected async act(model: Model, house: Household) {
    const page = await send<ActivityPage>(house, { method: 'GET', url: '/activity?limit=100' });
    const entry = page.body.entries.find((e) => e.undoable && !e.undone);
    const change = latestUndoable(model)!;
    if (entry?.id !== change.activityId) throw new Error(`Activity offers to undo ${entry ? `entry ${entry.id} (${entry.kind})` : 'nothing'}, the model entry ${change.activityId}`);
    const { blockedBy, restored } = undoOutcome(change, model.ledger);
    const newest = model.changes.at(-1) === change;
    const label = `undo of ${entry.kind} ${entry.id}`;
    // Refusing an undo whose rows nothing touched since is allowed unless nothing at all was written since.
    const answer = await settle(house, label, blockedBy ? refuse(blockedBy) : accept, () => send(house, { method: 'POST', url: `/activity/${entry.id}/undo` }), !blockedBy && !newest);
    if (!answer) return;
    change.undone = true;
    const after = await adoptChangedRows(house, model.ledger, label, () => true);
    for (const id of new Set([...after.rows.keys(), ...restored.rows.keys()])) {
      const [got, want] = [after.rows.get(id), restored.rows.get(id)];
      if ((got && rowKey(got)) !== (want && rowKey(want))) throw new Error(`${label}: row ${id} is ${got ? rowKey(got) : 'absent'}, the change's before-image is ${want ? rowKey(want) : 'absent'}`);
    }
    acknowledge(model, restored, answer.activityId);
    if (closesBudget(change)) cardWindowsRewritten(model);
    // An undone copy takes its budget away, and with it the screens (drafts) open on that budget.
    model.windowDrafts = model.windowDrafts.filter((draft) => restored.budgets.has(draft.budgetId));
    model.budgetDrafts = model.budgetDrafts.filter((draft) => restored.budgets.has(draft.budgetId));
  }
}

/** Reads a window (as the screen does when editing starts) and keeps it as a draft to save later. */
class ReadWindowDraft extends Step {
  readonly name = 'readWindowDraft';
  constructor(readonly p: { account: number; budget: number }) {
    super(p);
  }
  protected possible(model: Readonly<Model>) {
    return model.ledger.accounts.size > 0 && model.ledger.budgets.size > 0;
  }
  protected async act(model: Model, house: Household) {
    const { account, budget } = accountAndBudget(model, this.p);
    const window = await readWindow(model, house, account!.id, budget!.id);
    const draft: WindowDraft = { accountId: account!.id, budgetId: budget!.id, lockVersion: window.lockVersion, rows: window.rows, writesAtRead: model.accountWrites.get(account!.id) ?? 0 };
    model.windowDrafts = [draft, ...model.windowDrafts].slice(0, MAX_DRAFTS);
  }
}

/** Why a draft read when `readAt` writes had been made is stale now, or null when nothing was written since. */
function writtenSince(writes: Map<number, number>, id: number, readAt: number, what: string) {
  const since = (writes.get(id) ?? 0) - readAt;
  return since > 0 ? `the ${what} was written ${since} times since it was read` : null;
}

/** Saves a window draft read earlier, with one new row: any write to the account since it was read makes it a 409. */
class SaveWindowDraft extends Step {
  constructor(readonly p: { draft: number; versionless: boolean; row: NewRowChoice }) {
    super(p);
  }
  get name() {
    return this.p.versionless ? 'saveVersionlessWindowDraft' : 'saveStaleWindowDraft';
  }
  protected possible(model: Readonly<Model>) {
    return model.windowDrafts.length > 0;
  }
  protected async act(model: Model, house: Household) {
    const draft = pick(model.windowDrafts, this.p.draft)!;
    const budget = model.ledger.budgets.get(draft.budgetId)!;
    const readAt = this.p.versionless ? (model.actorLastRead.get(draft.accountId) ?? 0) : draft.writesAtRead;
    const stale = writtenSince(model.accountWrites, draft.accountId, readAt, 'account');
    const row = newRow(model, draft.accountId, budget, this.p.row);
    const target = { accountId: draft.accountId, budget, lockVersion: this.p.versionless ? null : draft.lockVersion, stale };
    await saveWindowRows(model, house, this.name, target, draft.rows, [row]);
  }
}

class ReadBudgetDraft extends Step {
  readonly name = 'readBudgetDraft';
  constructor(readonly p: { budget: number }) {
    super(p);
  }
  protected possible(model: Readonly<Model>) {
    return model.ledger.budgets.size > 0;
  }
  protected async act(model: Model, house: Household) {
    const { budget, read } = await readBudget(model, house, this.p.budget);
    const draft: BudgetDraft = { budgetId: budget.id, lockVersion: read.body.lock_version, allocationIds: read.body.allocations.map((a) => a.id), writesAtRead: model.budgetWrites.get(budget.id) ?? 0 };
    model.budgetDrafts = [draft, ...model.budgetDrafts].slice(0, MAX_DRAFTS);
  }
}

/** Saves a budget draft read earlier with a new line: any write to the budget since it was read makes it a 409. */
class SaveBudgetDraft extends Step {
  readonly name = 'saveStaleBudgetDraft';
  constructor(readonly p: { draft: number; amount: number }) {
    super(p);
  }
  protected possible(model: Readonly<Model>) {
    return model.budgetDrafts.length > 0;
  }
  protected async act(model: Model, house: Household) {
    const draft = pick(model.budgetDrafts, this.p.draft)!;
    const budget = model.ledger.budgets.get(draft.budgetId)!;
    const stale = writtenSince(model.budgetWrites, budget.id, draft.writesAtRead, 'budget');
    const expectation = stale ? refuse(stale) : budget.status === 'closed' ? refuse('the budget is closed') : accept;
    const payload = { lock_version: draft.lockVersion, allocations: [{ name: nextName(model, 'line '), amount: this.p.amount, allocation_category_id: house.categoryId }] };
    const answer = await settle(house, this.name, expectation, () => send<Budget>(house, { method: 'PUT', url: `/budgets/${budget.id}`, payload }), true);
    if (!answer) return;
    const after = copyLedger(model.ledger);
    for (const a of answer.body.allocations) if (!after.allocations.has(a.id)) after.allocations.set(a.id, { id: a.id, budgetId: budget.id, amount: a.amount });
    acknowledge(model, after, answer.activityId, { budgetId: budget.id, undoable: true });
  }
}

const index = fc.nat(9);
const amount = fc.integer({ min: 1, max: 50_000 });

const setup: Array<fc.Arbitrary<Command>> = [
  fc
    .record({ kind: fc.constantFrom<AccountKind>('current', 'card', 'sink'), opening: fc.integer({ min: 0, max: 500_000 }), shift: fc.option(OPENING_DATE_SHIFT) })
    .map((p) => new CreateAccount(p)),
  fc.record({ account: index }).map((p) => new AddEnvelope(p)),
  fc.boolean().map((copy) => new AddBudget({ copy })),
];

/**
 * A household's setup in any order: a budget, an account of each kind and an envelope (a step that cannot run
 * yet, such as an envelope before its account, is skipped).
 */
export const setupInAnyOrder: fc.Arbitrary<Command[]> = fc
  .tuple(
    ...(['current', 'card', 'sink'] as const).map((kind) => fc.record({ opening: fc.integer({ min: 0, max: 500_000 }), shift: fc.option(OPENING_DATE_SHIFT) }).map((p) => new CreateAccount({ kind, ...p }))),
    fc.constant(null).map(() => new AddBudget({ copy: false })),
    fc.constant(null).map(() => new AddEnvelope({ account: 0 })),
  )
  .chain((steps) => fc.shuffledSubarray<Command>(steps, { minLength: steps.length }));

const drafts: Array<fc.Arbitrary<Command>> = [
  fc.record({ account: index, budget: index }).map((p) => new ReadWindowDraft(p)),
  fc.record({ draft: index, row: newRowArb }).map((p) => new SaveWindowDraft({ ...p, versionless: false })),
  fc.record({ draft: index, row: newRowArb }).map((p) => new SaveWindowDraft({ ...p, versionless: true })),
  fc.record({ budget: index }).map((p) => new ReadBudgetDraft(p)),
  fc.record({ draft: index, amount }).map((p) => new SaveBudgetDraft(p)),
];

/** Every command the model knows; drafts twice as often (a stale one needs a read, a write, then the save). */
export const commandArbitraries: Array<fc.Arbitrary<Command>> = [
  ...setup,
  fc.record({ budget: index, change: index, amount, add: fc.boolean(), remove: index }).map((p) => new SaveBudget(p)),
  fc
    .record({ account: index, budget: index, change: index, amount, remove: index, added: fc.array(newRowArb, { maxLength: 2 }), importing: fc.constant(false) })
    .map((p) => new SaveWindow(p)),
  fc
    .record({ account: index, budget: index, change: index, amount, remove: index, added: fc.array(newRowArb, { minLength: 2, maxLength: 5 }), importing: fc.constant(true) })
    .map((p) => new SaveWindow(p)),
  fc.record({ account: index, budget: index, row: newRowArb }).map((p) => new QuickAdd(p)),
  fc.record({ from: index, to: index, budget: index, day: fc.nat(40), amount, allocation: index, envelope: index }).map((p) => new Transfer(p)),
  fc.record({ account: index, from: index, to: index, amount }).map((p) => new MoveBetweenEnvelopes(p)),
  fc.record({ account: index, change: fc.integer({ min: -100_000, max: 100_000 }) }).map((p) => new AdjustBalance(p)),
  fc.constant(null).map(() => new CloseBudget({})),
  fc.constant(null).map(() => new ReopenBudget({})),
  fc.constant(null).map(() => new UndoLatest({})),
  ...drafts,
  ...drafts,
];
