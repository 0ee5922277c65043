import fc from 'fast-check';
import { oldestChargesCovering } from '../../../src/shared/cardPayments';
import type { MarkPaidResult } from '../../../src/shared/schemas/cardPayments';
import { type Household, send } from './household';
import { budgetsByStart, byId, dayIn, pick, readWindow, saveWindowRows, Step } from './commands';
import { cardRowsIn, markable } from './cards';
import { copyLedger, type LedgerBudget, type LedgerRow, refusesDate } from './ledger';
import { acknowledge, type Model, nextName } from './model';
import { accept, adoptNewRows, type Expectation, refuse, type RowSpec, settle } from './steps';

/** Issue 41: a card's charges are paid by a payment (a transfer into the card) and marked paid in one step. */

const cards = (model: Readonly<Model>) => byId(model.ledger.accounts).filter((a) => a.kind === 'card');

/** Mark Charges Paid: ticks Paid? on the chosen rows of one card window; a row already paid (or a close's balancing row) is refused. */
async function markPaid(model: Model, house: Household, accountId: number, budget: LedgerBudget, ids: number[], label: string) {
  const window = await readWindow(model, house, accountId, budget.id);
  const rows = ids.map((id) => model.ledger.rows.get(id)!);
  const wrong = rows.find((row) => !markable(row));
  const expectation: Expectation =
    budget.status === 'closed' ? refuse('the budget is closed') : ids.length === 0 ? refuse('no charge chosen') : wrong ? refuse(`row ${wrong.id} is not an unpaid charge`) : accept;
  const payload = { budget_id: budget.id, window_lock_version: window.lockVersion, transaction_ids: ids };
  const answer = await settle(house, label, expectation, () => send<MarkPaidResult>(house, { method: 'POST', url: `/bank_accounts/${accountId}/mark_paid`, payload }));
  if (!answer) return;
  if (answer.body.marked !== ids.length) throw new Error(`${label} marked ${answer.body.marked} rows, the ledger ${ids.length}`);
  const after = copyLedger(model.ledger);
  for (const row of rows) after.rows.set(row.id, { ...row, paid: true });
  // Its answer is not the window: a versionless save after it still holds the session's last read of the window.
  acknowledge(model, after, answer.activityId, { accountId, undoable: true });
}

/** The person ticks the charges a payment covered (any of the window's rows; a paid one is refused). */
class MarkChargesPaid extends Step {
  readonly name = 'markChargesPaid';
  constructor(readonly p: { account: number; budget: number; chosen: number[]; paidToo: number }) {
    super(p);
  }
  protected possible(model: Readonly<Model>) {
    return cards(model).length > 0 && model.ledger.budgets.size > 0;
  }
  protected async act(model: Model, house: Household) {
    const account = pick(cards(model), this.p.account)!;
    const budget = pick(budgetsByStart(model.ledger), this.p.budget)!;
    const rows = cardRowsIn(model.ledger, account.id, budget).sort((a, b) => a.id - b.id);
    const unpaid = rows.filter(markable);
    const chosen = new Set(this.p.chosen.map((i) => pick(unpaid, i)).filter((row): row is LedgerRow => row !== undefined));
    // Now and then a row that is not an unpaid charge, which the app must refuse without marking the others.
    const other = this.p.paidToo === 0 ? undefined : pick(rows.filter((row) => !markable(row)), this.p.paidToo);
    if (other) chosen.add(other);
    await markPaid(model, house, account.id, budget, [...chosen].map((row) => row.id), 'mark charges paid');
  }
}

/**
 * A card payment: a transfer into the card from another account, then "Mark Charges Paid" as the dialog proposes
 * it (the oldest unpaid charges that fit in the payment). `short` pays less than those charges: a partial payment.
 */
class PayCard extends Step {
  readonly name = 'payCard';
  constructor(readonly p: { card: number; from: number; budget: number; day: number; charges: number; short: number }) {
    super(p);
  }
  private accounts(model: Readonly<Model>) {
    const card = pick(cards(model), this.p.card);
    return { card, from: pick(byId(model.ledger.accounts).filter((a) => a !== card), this.p.from) };
  }
  protected possible(model: Readonly<Model>) {
    return this.accounts(model).from !== undefined && model.ledger.budgets.size > 0;
  }
  protected async act(model: Model, house: Household) {
    const { card, from } = this.accounts(model);
    const budget = pick(budgetsByStart(model.ledger), this.p.budget)!;
    const unpaid = cardRowsIn(model.ledger, card!.id, budget)
      .filter(markable)
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
    const owed = unpaid.slice(0, this.p.charges + 1).reduce((sum, row) => sum + row.withdrawal - row.deposit, 0);
    const amount = Math.max(1, owed - this.p.short);
    const date = dayIn(budget, this.p.day);
    const description = nextName(model, 'payment ');
    const row = (accountId: number, side: 'Withdrawal' | 'Deposit'): RowSpec => ({
      accountId,
      date,
      description: `${side} - ${description}`,
      withdrawal: side === 'Withdrawal' ? amount : 0,
      deposit: side === 'Deposit' ? amount : 0,
      allocationId: null,
      envelopeId: null,
      carried: null,
      manual: false,
      paid: true,
    });
    const refusal = budget.status === 'closed' ? 'the budget is closed' : refusesDate(model.ledger, from!.id, date) || refusesDate(model.ledger, card!.id, date) ? 'on or before an opening date' : null;
    const payload = { to: card!.id, amount, description, date, budget_id: budget.id, from_allocation: 0, to_sink_fund_allocation: 0 };
    const answer = await settle(house, 'card payment', refusal ? refuse(refusal) : accept, () => send(house, { method: 'POST', url: `/bank_accounts/${from!.id}/transfer`, payload }));
    if (!answer) return;
    acknowledge(model, await adoptNewRows(house, model.ledger, [row(from!.id, 'Withdrawal'), row(card!.id, 'Deposit')], 'card payment'), answer.activityId);
    const proposal = oldestChargesCovering(
      unpaid.map((r) => ({ id: r.id, transaction_date: r.date, withdrawal_amount: r.withdrawal, deposit_amount: r.deposit, status: 'unpaid' as const, brought_forward_status: r.carried })),
      amount,
    );
    if (proposal.length > 0) await markPaid(model, house, card!.id, budget, proposal.map((r) => r.id), 'mark the payment’s charges paid');
  }
}

/** Paid? ticked or cleared by hand on one row of a card window, saved with the window. */
class TickPaid extends Step {
  readonly name = 'tickPaid';
  constructor(readonly p: { account: number; budget: number; row: number }) {
    super(p);
  }
  protected possible(model: Readonly<Model>) {
    return cards(model).length > 0 && model.ledger.budgets.size > 0;
  }
  protected async act(model: Model, house: Household) {
    const account = pick(cards(model), this.p.account)!;
    const budget = pick(budgetsByStart(model.ledger), this.p.budget)!;
    const window = await readWindow(model, house, account.id, budget.id);
    const tickable = window.rows.filter((row) => row.brought_forward_status !== 'adjustment' && !row.is_manual_adjustment);
    const flipped = pick(tickable, this.p.row);
    if (!flipped) return;
    const kept = window.rows.map((row) => (row === flipped ? { ...row, status: row.status === 'paid' ? ('unpaid' as const) : ('paid' as const) } : row));
    await saveWindowRows(model, house, 'tick paid', { accountId: account.id, budget, lockVersion: window.lockVersion, stale: null }, kept, []);
  }
}

/** Quick Add of a charge on a card, with or without an allocation: saved unpaid whatever the allocation. */
class ChargeCard extends Step {
  readonly name = 'chargeCard';
  constructor(readonly p: { account: number; budget: number; day: number; amount: number; allocation: number; refund: boolean }) {
    super(p);
  }
  protected possible(model: Readonly<Model>) {
    return cards(model).length > 0 && model.ledger.budgets.size > 0;
  }
  protected async act(model: Model, house: Household) {
    const account = pick(cards(model), this.p.account)!;
    const budget = pick(budgetsByStart(model.ledger), this.p.budget)!;
    const lines = byId(model.ledger.allocations).filter((a) => a.budgetId === budget.id);
    const allocation = this.p.allocation === 0 ? undefined : pick(lines, this.p.allocation);
    const row: RowSpec = {
      accountId: account.id,
      date: dayIn(budget, this.p.day),
      description: nextName(model, 'charge '),
      withdrawal: this.p.refund ? 0 : this.p.amount,
      deposit: this.p.refund ? this.p.amount : 0,
      allocationId: allocation?.id ?? null,
      envelopeId: null,
      carried: null,
      manual: false,
      // A refund is money received: paid, as every row that is not a charge.
      paid: this.p.refund,
    };
    const expectation = budget.status === 'closed' ? refuse('the budget is closed') : refusesDate(model.ledger, account.id, row.date) ? refuse('on or before the opening date') : accept;
    const payload = { bank_account_id: account.id, transaction_date: row.date, description: row.description, withdrawal_amount: row.withdrawal, deposit_amount: row.deposit, allocation_id: row.allocationId };
    const answer = await settle(house, 'card charge', expectation, () => send(house, { method: 'POST', url: '/transactions/one', payload }));
    if (answer) acknowledge(model, await adoptNewRows(house, model.ledger, [row], 'card charge'), answer.activityId, { undoable: true });
  }
}

const index = fc.nat(9);

export const cardCommandArbitraries: Array<fc.Arbitrary<fc.AsyncCommand<Model, Household>>> = [
  fc
    .record({ account: index, budget: index, day: fc.nat(40), amount: fc.integer({ min: 1, max: 50_000 }), allocation: index, refund: fc.boolean() })
    .map((p) => new ChargeCard(p)),
  fc.record({ account: index, budget: index, chosen: fc.array(index, { minLength: 1, maxLength: 4 }), paidToo: fc.nat(4) }).map((p) => new MarkChargesPaid(p)),
  fc.record({ card: index, from: index, budget: index, day: fc.nat(40), charges: fc.nat(3), short: fc.constantFrom(0, 0, 1, 2_500) }).map((p) => new PayCard(p)),
  fc.record({ account: index, budget: index, row: index }).map((p) => new TickPaid(p)),
];
