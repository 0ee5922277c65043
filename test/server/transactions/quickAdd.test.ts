import type { ActivityPage } from '../../../src/shared/schemas/activity';
import { WINDOW_CONFLICT_MESSAGE, type QuickAddBody, type Transaction } from '../../../src/shared/schemas/transactions';
import { createAllocation, createBankAccount, createBudget, createCategory, householdSnapshot } from '../../support/builders';
import { call, signInAgain, signInPartner, type SignedInUser, testDialects, useTestServer } from '../../support/testServer';
import type { QuickAddChoices } from '../../../src/shared/schemas/transactionTools';
import { createEnvelope, type ErrorBody, getWindow, saveWindow, windowFixture } from './fixtures';

describe.each(testDialects)('quick add (POST /transactions/one) on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  // Loose on purpose: tests also send what must be refused.
  const add = (body: Partial<QuickAddBody> | Record<string, unknown>, who: SignedInUser = ctx.user) =>
    call<Transaction & ErrorBody>(ctx.server, who, { method: 'POST', url: '/transactions/one', payload: body });

  it('records one transaction in the budget holding its date, answers 201 with the row and shows it in the window', async () => {
    const { bankAccount, budget, allocation } = await windowFixture(ctx.user.scope);
    const added = await add({ bank_account_id: bankAccount.id, transaction_date: '2026-03-14', description: '  Corner shop ', withdrawal_amount: 1250, allocation_id: allocation.id });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      transaction_date: '2026-03-14',
      description: 'Corner shop',
      withdrawal_amount: 1250,
      deposit_amount: 0,
      net_amount: -1250,
      allocation_id: allocation.id,
      sink_fund_allocation_id: null,
      status: 'paid',
      brought_forward_status: null,
      is_manual_adjustment: false,
      bank_account_id: bankAccount.id,
    });
    expect(added.body.bank_ref).toMatch(/^MAN-/);
    const window = await getWindow(ctx.server, ctx.user, bankAccount.id, budget.id);
    expect(window.body).toEqual([added.body]);
    // Spent moves like any other row of the allocation.
    const detail = await call<{ allocations: Array<{ id: number; spent: number }> }>(ctx.server, ctx.user, { method: 'GET', url: `/budgets/${budget.id}` });
    expect(detail.body.allocations.find((a) => a.id === allocation.id)?.spent).toBe(1250);
  });

  it("takes a new row's status: a card charge without an allocation stays unpaid, money received is paid, `0` is no allocation", async () => {
    const { budget } = await windowFixture(ctx.user.scope);
    const card = await createBankAccount(ctx.user.scope, { name: 'Visa', account_type: 'credit_card' });
    const charge = await add({ bank_account_id: card.id, transaction_date: budget.start_date, description: 'Books', withdrawal_amount: 900, allocation_id: 0 });
    expect(charge.body).toMatchObject({ status: 'unpaid', allocation_id: null });
    const refund = await add({ bank_account_id: card.id, transaction_date: budget.end_date, description: 'Refund', deposit_amount: 300 });
    expect(refund.body).toMatchObject({ status: 'paid', withdrawal_amount: 0, deposit_amount: 300 });
  });

  it('saves a card charge given an allocation unpaid (a payment has not covered it); a card refund with one stays paid', async () => {
    const { budget, allocation } = await windowFixture(ctx.user.scope);
    const card = await createBankAccount(ctx.user.scope, { name: 'Visa', account_type: 'credit_card', account_category: 'liability' });
    const charge = await add({ bank_account_id: card.id, transaction_date: budget.start_date, description: 'Books', withdrawal_amount: 900, allocation_id: allocation.id });
    expect(charge.status).toBe(201);
    expect(charge.body).toMatchObject({ status: 'unpaid', paid: false, allocation_id: allocation.id });
    const refund = await add({ bank_account_id: card.id, transaction_date: budget.start_date, description: 'Books returned', deposit_amount: 300, allocation_id: allocation.id });
    expect(refund.body).toMatchObject({ status: 'paid', allocation_id: allocation.id });
  });

  it('refuses with the window save rules and its own, naming each field, and writes nothing', async () => {
    const { bankAccount, budget, category } = await windowFixture(ctx.user.scope);
    const april = await createBudget(ctx.user.scope, '2026-04-01');
    const aprilLine = await createAllocation(ctx.user.scope, april.id, category.id, { name: 'April groceries' });
    await createBudget(ctx.user.scope, '2026-02-01', { status: 'closed' });
    const before = await householdSnapshot(ctx.user.scope);
    const base = { bank_account_id: bankAccount.id, transaction_date: '2026-03-10', description: 'Coffee', withdrawal_amount: 450 };

    const blank = await add({ ...base, description: '  ', withdrawal_amount: 0 });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual(["Description can't be blank", 'Enter an amount spent or received']);
    expect(Object.keys(blank.body.field_errors ?? {})).toEqual(['description', 'withdrawal_amount']);

    const negative = await add({ ...base, withdrawal_amount: -450 });
    expect(negative.status).toBe(422);
    expect(negative.body.field_errors).toEqual({ withdrawal_amount: ['Withdrawal amount must not be negative'] });

    // An allocation of another budget (April's line for a March date) is refused by the window's own check.
    const wrongBudget = await add({ ...base, allocation_id: aprilLine.id });
    expect(wrongBudget.status).toBe(422);
    expect(wrongBudget.body.field_errors).toEqual({ allocation_id: ['The allocation is not part of this budget'] });

    const noBudget = await add({ ...base, transaction_date: '2027-01-05' });
    expect(noBudget.status).toBe(422);
    expect(noBudget.body.field_errors).toEqual({ transaction_date: ['No budget covers Tuesday, January 5, 2027: add it on Budgets first'] });

    const closed = await add({ ...base, transaction_date: '2026-02-10' });
    expect(closed.status).toBe(422);
    expect(closed.body.errors).toEqual(['This budget is closed. Reopen it to make changes.']);

    const notADate = await add({ ...base, transaction_date: '2026-02-30' });
    expect(notADate.status).toBe(422);
    expect(Object.keys(notADate.body.field_errors ?? {})).toEqual(['transaction_date']);
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    expect(budget.status).toBe('open');
  });

  it("is a 404 for another household's account and a 422 naming the field for another household's allocation (ids inside a body)", async () => {
    const mine = await windowFixture(ctx.user.scope);
    const theirs = await windowFixture(ctx.other.scope);
    const before = await householdSnapshot(ctx.user.scope);
    const theirsBefore = await householdSnapshot(ctx.other.scope);
    const base = { transaction_date: '2026-03-10', description: 'Coffee', withdrawal_amount: 450 };

    const foreignAccount = await add({ ...base, bank_account_id: theirs.bankAccount.id });
    expect(foreignAccount.status).toBe(404);
    expect(foreignAccount.body.errors).toEqual(['Bank account not found']);
    const foreignAllocation = await add({ ...base, bank_account_id: mine.bankAccount.id, allocation_id: theirs.allocation.id });
    expect(foreignAllocation.status).toBe(422);
    expect(foreignAllocation.body.field_errors).toEqual({ allocation_id: ['The allocation is not part of this budget'] });

    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    expect(await householdSnapshot(ctx.other.scope)).toEqual(theirsBefore);
  });

  it("makes a window save from before it a 409, the partner's and the same session's alike, so the new row is never deleted silently", async () => {
    const { bankAccount, budget } = await windowFixture(ctx.user.scope);
    const window = { bank_account_id: bankAccount.id, budget_id: budget.id };
    const partner = await signInPartner(ctx.server, ctx.user);
    const opened = await getWindow(ctx.server, partner, bankAccount.id, budget.id);
    const openedHere = await getWindow(ctx.server, ctx.user, bankAccount.id, budget.id);

    const added = await add({ bank_account_id: bankAccount.id, transaction_date: '2026-03-10', description: 'Coffee', withdrawal_amount: 450 });
    expect(added.status).toBe(201);

    for (const [who, read] of [
      [partner, opened],
      [ctx.user, openedHere],
      [await signInAgain(ctx.server, ctx.user), openedHere],
    ] as const) {
      const stale = await saveWindow(ctx.server, who, { ...window, window_lock_version: read.lockVersion, transactions: read.body });
      expect(stale.status).toBe(409);
      expect(stale.body.errors).toEqual([WINDOW_CONFLICT_MESSAGE]);
    }
    // Read again, the window holds the row and saves as usual.
    const reloaded = await getWindow(ctx.server, partner, bankAccount.id, budget.id);
    expect(reloaded.body.map((row) => row.id)).toEqual([added.body.id]);
    expect((await saveWindow(ctx.server, partner, { ...window, window_lock_version: reloaded.lockVersion, transactions: reloaded.body })).status).toBe(200);
  });

  it('is recorded in Activity, linked to its window, and its undo deletes the row', async () => {
    const { bankAccount, budget } = await windowFixture(ctx.user.scope);
    const added = await add({ bank_account_id: bankAccount.id, transaction_date: '2026-03-10', description: 'Coffee', withdrawal_amount: 450 });
    const activityId = Number(added.headers['activity-id']);
    expect(activityId).toBeGreaterThan(0);
    const page = await call<ActivityPage>(ctx.server, ctx.user, { method: 'GET', url: '/activity' });
    expect(page.body.entries[0]).toMatchObject({
      id: activityId,
      kind: 'window_save',
      text: `Tester added Coffee (4.50) to Cheque for ${budget.name}`,
      budget_id: budget.id,
      bank_account_id: bankAccount.id,
      undoable: true,
    });
    const partner = await signInPartner(ctx.server, ctx.user);
    const undone = await call(ctx.server, partner, { method: 'POST', url: `/activity/${activityId}/undo` });
    expect(undone.status).toBe(200);
    expect((await getWindow(ctx.server, ctx.user, bankAccount.id, budget.id)).body).toEqual([]);
  });

  it('records a sink-fund row in the envelope given (paid), and refuses an envelope of another account or household, writing nothing', async () => {
    const { budget } = await windowFixture(ctx.user.scope);
    const savings = await createBankAccount(ctx.user.scope, { name: 'Savings', account_type: 'sink_fund', account_category: 'asset' });
    const car = await createEnvelope(ctx.user.scope, savings.id, { name: 'Car' });
    const otherFund = await createBankAccount(ctx.user.scope, { name: 'Holidays', account_type: 'sink_fund', account_category: 'asset' });
    const trip = await createEnvelope(ctx.user.scope, otherFund.id, { name: 'Trip' });
    const theirFund = await createBankAccount(ctx.other.scope, { name: 'Savings', account_type: 'sink_fund', account_category: 'asset' });
    const theirs = await createEnvelope(ctx.other.scope, theirFund.id, { name: 'Car' });
    const base = { bank_account_id: savings.id, transaction_date: budget.start_date, description: 'Tyres', withdrawal_amount: 32_000 };

    const added = await add({ ...base, sink_fund_allocation_id: car.id });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ sink_fund_allocation_id: car.id, allocation_id: null, status: 'paid', withdrawal_amount: 32_000 });
    expect((await getWindow(ctx.server, ctx.user, savings.id, budget.id)).body.map((row) => row.id)).toEqual([added.body.id]);

    const before = await householdSnapshot(ctx.user.scope);
    for (const envelope of [trip, theirs]) {
      const refused = await add({ ...base, sink_fund_allocation_id: envelope.id });
      expect(refused.status).toBe(422);
      expect(refused.body.field_errors).toEqual({ sink_fund_allocation_id: ['The sink fund allocation does not belong to this account'] });
    }
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  describe('GET /transactions/one/choices', () => {
    const choices = (date: string, who: SignedInUser = ctx.user) =>
      call<QuickAddChoices & ErrorBody>(ctx.server, who, { method: 'GET', url: `/transactions/one/choices?date=${date}` });

    it("answers the open accounts, the budget holding the date with its allocations and the sink funds' open envelopes, in one request", async () => {
      const { bankAccount, budget, allocation, category } = await windowFixture(ctx.user.scope);
      const second = await createAllocation(ctx.user.scope, budget.id, category.id, { name: 'Eating out' });
      await createBankAccount(ctx.user.scope, { name: 'Old card', account_type: 'credit_card', status: 'closed' });
      const savings = await createBankAccount(ctx.user.scope, { name: 'Savings', account_type: 'sink_fund', account_category: 'asset' });
      const car = await createEnvelope(ctx.user.scope, savings.id, { name: 'Car' });
      await createEnvelope(ctx.user.scope, savings.id, { name: 'Closed one', status: 'closed' });
      const april = await createBudget(ctx.user.scope, '2026-04-01');
      await createAllocation(ctx.user.scope, april.id, category.id, { name: 'April groceries' });
      // Another household's accounts, budgets and envelopes never show.
      const theirs = await windowFixture(ctx.other.scope);
      const theirFund = await createBankAccount(ctx.other.scope, { name: 'Their savings', account_type: 'sink_fund', account_category: 'asset' });
      await createEnvelope(ctx.other.scope, theirFund.id, { name: 'Their car' });

      const answer = await choices('2026-03-14');
      expect(answer.status).toBe(200);
      expect(answer.body.bank_accounts.map((account) => account.name).sort()).toEqual([bankAccount.name, savings.name].sort());
      expect(answer.body.budget).toEqual({ id: budget.id, name: budget.name, start_date: '2026-03-01', end_date: '2026-03-31', status: 'open' });
      expect(answer.body.allocations.map((a) => [a.id, a.name, a.allocation_category.name])).toEqual([
        [allocation.id, 'Groceries', 'Food'],
        [second.id, 'Eating out', 'Food'],
      ]);
      expect(answer.body.sink_fund_allocations.map((e) => [e.id, e.bank_account_id, e.name])).toEqual([[car.id, savings.id, 'Car']]);
      expect(answer.body.bank_accounts.map((account) => account.id)).not.toContain(theirs.bankAccount.id);

      const inApril = await choices('2026-04-30');
      expect(inApril.body.budget?.id).toBe(april.id);
      expect(inApril.body.allocations.map((a) => a.name)).toEqual(['April groceries']);
    });

    it('answers no budget and no allocations for a date no budget covers or a closed budget, and refuses a date that is not one', async () => {
      await windowFixture(ctx.user.scope);
      const february = await createBudget(ctx.user.scope, '2026-02-01', { status: 'closed' });
      const category = await createCategory(ctx.user.scope, { name: 'Home' });
      await createAllocation(ctx.user.scope, february.id, category.id, { name: 'Rent' });

      const uncovered = await choices('2027-01-05');
      expect(uncovered.status).toBe(200);
      expect(uncovered.body).toMatchObject({ budget: null, allocations: [] });
      expect(uncovered.body.bank_accounts).toHaveLength(1);

      const closed = await choices('2026-02-10');
      expect(closed.body).toMatchObject({ budget: { id: february.id, status: 'closed' }, allocations: [] });

      const notADate = await choices('2026-02-30');
      expect(notADate.status).toBeGreaterThanOrEqual(400);
      expect(notADate.status).toBeLessThan(500);
    });
  });
});
