import type { ActivityPage } from '../../../src/shared/schemas/activity';
import type { Budget } from '../../../src/shared/schemas/budgets';
import type { Transaction } from '../../../src/shared/schemas/transactions';
import { createAllocation, createBankAccount, createBudget, createCategory, createSpecialEvent, createTransaction, householdSnapshot } from '../../support/builders';
import { call, type SignedInUser, signInPartner, testDialects, type TestServer, useTestServer } from '../../support/testServer';
import { createEnvelope, getWindow, saveWindow } from '../transactions/fixtures';

/** A window save from a fresh read of the window (the version a client holds). */
async function saveFresh(server: TestServer, user: SignedInUser, accountId: number, budgetId: number, rows: (stored: Transaction[]) => Array<Record<string, unknown>>) {
  const window = await getWindow(server, user, accountId, budgetId);
  const saved = await saveWindow(server, user, { bank_account_id: accountId, budget_id: budgetId, window_lock_version: window.lockVersion, transactions: rows(window.body) });
  expect(saved.status).toBe(200);
  return Number(saved.headers['activity-id']);
}

/** A budget save from a fresh read of the budget. */
async function saveBudget(server: TestServer, user: SignedInUser, budgetId: number, payload: Record<string, unknown>) {
  const read = await call<Budget>(server, user, { method: 'GET', url: `/budgets/${budgetId}` });
  const saved = await call<Budget>(server, user, { method: 'PUT', url: `/budgets/${budgetId}`, payload: { lock_version: read.body.lock_version, ...payload } });
  expect(saved.status).toBe(200);
  return Number(saved.headers['activity-id']);
}

const keep = (row: Transaction) => ({ id: row.id, transaction_date: row.transaction_date });

describe.each(testDialects)('undo refused, on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });
  let ben: SignedInUser;

  beforeEach(async () => {
    ben = await signInPartner(ctx.server, ctx.user);
    await ctx.server.db.updateTable('users').set({ name: 'Ben' }).where('id', '=', ben.userId).execute();
  });

  const undo = (id: number, user = ctx.user) => call<{ errors: string[] }>(ctx.server, user, { method: 'POST', url: `/activity/${id}/undo` });
  const entry = async (id: number) => (await call<ActivityPage>(ctx.server, ctx.user, { method: 'GET', url: '/activity?limit=100' })).body.entries.find((e) => e.id === id)!;

  /** Refused with `message`, nothing written, and the entry still offers Undo (a later change may be undone first). */
  async function expectRefused(id: number, message: string | RegExp) {
    const before = await householdSnapshot(ctx.user.scope);
    const refused = await undo(id);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatch(message);
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  }

  /** Refused for good: nothing but the entry changed, which no longer offers Undo and says why again. */
  async function expectImpossible(id: number, message: RegExp) {
    const { activities: _a, households: _h, ...before } = await householdSnapshot(ctx.user.scope);
    const refused = await undo(id);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatch(message);
    const { activities: _b, households: _i, ...after } = await householdSnapshot(ctx.user.scope);
    expect(after).toEqual(before);
    expect(await entry(id)).toMatchObject({ undoable: false, undone: false });
    expect((await undo(id)).body.errors[0]).toMatch(message);
  }

  describe('a close that can no longer be undone offers no Undo', () => {
    it('once its budget was reopened, or a later budget was closed after it', async () => {
      const november = await createBudget(ctx.user.scope, '2026-11-01');
      const december = await createBudget(ctx.user.scope, '2026-12-01');
      await createBudget(ctx.user.scope, '2027-01-01');
      const close = async (id: number) => Number((await call(ctx.server, ctx.user, { method: 'PUT', url: `/budgets/${id}/close` })).headers['activity-id']);
      const novemberClose = await close(november.id);
      expect(await entry(novemberClose)).toMatchObject({ undoable: true });

      const decemberClose = await close(december.id);
      // Only the latest closed budget can be reopened: November's close is stale, December's is not.
      expect(await entry(novemberClose)).toMatchObject({ undoable: false, undone: false });
      expect(await entry(decemberClose)).toMatchObject({ undoable: true });
      expect((await undo(novemberClose)).status).toBe(422);

      // Reopened by "Reopen Last Budget" (not by its undo): December's close has nothing left to undo.
      expect((await call(ctx.server, ctx.user, { method: 'POST', url: '/budgets/reopen_last_budget' })).status).toBe(200);
      expect(await entry(decemberClose)).toMatchObject({ undoable: false, undone: false });
      // November is the latest closed budget again: its close can be undone once more.
      expect(await entry(novemberClose)).toMatchObject({ undoable: true });
      expect((await undo(novemberClose)).status).toBe(200);
    });
  });

  describe('when a later write changed a row it would restore', () => {
    it('refuses a window save once a balance adjustment resized a row it touched', async () => {
      const budget = await createBudget(ctx.user.scope, '2026-11-01', { end_date: '2027-01-31' });
      const account = await createBankAccount(ctx.user.scope, { name: 'Current' });
      const adjust = (balance: number) =>
        call(ctx.server, ben, { method: 'POST', url: '/bank_accounts/manually_adjust_balances', payload: { adjustments: [{ bank_account_id: account.id, new_balance: balance }] } });
      expect((await adjust(1_800_067)).status).toBe(200);
      const saveId = await saveFresh(ctx.server, ctx.user, account.id, budget.id, (rows) => rows.map((row) => ({ ...keep(row), description: 'Opening balance' })));
      expect((await adjust(1_845_622)).status).toBe(200);
      await expectRefused(saveId, /^This change cannot be undone: since then, (Ben adjusted 1 account balance|the transaction 'Opening balance' of .* was changed)\.$/);
    });

    it('refuses a budget save once a special event linked a line it touched', async () => {
      const budget = await createBudget(ctx.user.scope, '2026-11-23');
      const category = await createCategory(ctx.user.scope, { name: 'Fun' });
      const party = await createAllocation(ctx.user.scope, budget.id, category.id, { name: 'Party', amount: 10_000 });
      const event = await createSpecialEvent(ctx.user.scope, { name: 'Birthday' });
      const saveId = await saveBudget(ctx.server, ctx.user, budget.id, { allocations: [{ id: party.id, amount: 25_480 }] });
      const linked = await call(ctx.server, ben, { method: 'PUT', url: `/special_events/${event.id}/allocations`, payload: { allocation_ids: [party.id] } });
      expect(linked.status).toBe(200);
      await expectRefused(saveId, 'This change cannot be undone: since then, Ben linked allocations to the special event Birthday.');
    });

    it('refuses a close once a carried-forward row was edited', async () => {
      const budget = await createBudget(ctx.user.scope, '2026-11-01');
      const next = await createBudget(ctx.user.scope, '2026-12-01');
      const card = await createBankAccount(ctx.user.scope, { name: 'Card', account_type: 'credit_card', account_category: 'liability' });
      await createTransaction(ctx.user.scope, card.id, '2026-11-10', { description: 'Shoes', withdrawal_amount: 8_000, status: 'unpaid' });
      const closed = await call(ctx.server, ctx.user, { method: 'PUT', url: `/budgets/${budget.id}/close` });
      expect(closed.status).toBe(200);
      await saveFresh(ctx.server, ben, card.id, next.id, (rows) => rows.map((row) => ({ ...keep(row), description: row.description === 'Shoes (B/F)' ? 'Shoes (B/F) edited' : row.description })));
      await expectRefused(Number(closed.headers['activity-id']), /^This change cannot be undone: since then, Ben saved 1 transaction in Card for .*\(1 changed\)\.$/);
    });

    it('refuses a window save whose deposit would go back into an envelope closed since', async () => {
      const budget = await createBudget(ctx.user.scope, '2026-11-01');
      const savings = await createBankAccount(ctx.user.scope, { name: 'Savings', account_type: 'sink_fund', account_category: 'asset' });
      const holiday = await createEnvelope(ctx.user.scope, savings.id, { name: 'Holiday' });
      await createTransaction(ctx.user.scope, savings.id, '2026-11-05', { withdrawal_amount: 0, deposit_amount: 5_000, sink_fund_allocation_id: holiday.id });
      const saveId = await saveFresh(ctx.server, ctx.user, savings.id, budget.id, () => []);
      const closing = await call(ctx.server, ben, { method: 'PUT', url: `/sink_funds/${savings.id}`, payload: { sink_fund_allocations: [{ id: holiday.id, status: 'closed' }] } });
      expect(closing.status).toBe(200);
      await expectRefused(saveId, "This change cannot be undone: sink fund allocation 'Holiday' is closed since; reopen it to move money into it");
    });
  });

  describe('when something it would restore is gone', () => {
    it('a special event deleted since', async () => {
      const budget = await createBudget(ctx.user.scope, '2026-11-23');
      const category = await createCategory(ctx.user.scope, { name: 'Fun' });
      const event = await createSpecialEvent(ctx.user.scope, { name: 'Birthday' });
      const party = await createAllocation(ctx.user.scope, budget.id, category.id, { name: 'Party', special_event_id: event.id });
      const saveId = await saveBudget(ctx.server, ctx.user, budget.id, { allocations: [{ id: party.id, amount: 0, deleted: true }] });
      expect((await call(ctx.server, ben, { method: 'DELETE', url: `/special_events/${event.id}` })).status).toBe(200);
      await expectImpossible(saveId, /^This change cannot be undone: the special event of 'Party' was deleted\.$/);
    });

    it('an allocation deleted since', async () => {
      const budget = await createBudget(ctx.user.scope, '2026-11-01');
      const account = await createBankAccount(ctx.user.scope, { name: 'Current' });
      const category = await createCategory(ctx.user.scope, { name: 'Food' });
      const groceries = await createAllocation(ctx.user.scope, budget.id, category.id, { name: 'Groceries' });
      await createTransaction(ctx.user.scope, account.id, '2026-11-05', { description: 'Shop', allocation_id: groceries.id });
      const saveId = await saveFresh(ctx.server, ctx.user, account.id, budget.id, () => []);
      await saveBudget(ctx.server, ben, budget.id, { allocations: [{ id: groceries.id, amount: 0, deleted: true }] });
      await expectImpossible(saveId, /^This change cannot be undone: the allocation of 'Shop' of 2026-11-05 was deleted\.$/);
    });

    it('an envelope deleted since', async () => {
      const budget = await createBudget(ctx.user.scope, '2026-11-01');
      const savings = await createBankAccount(ctx.user.scope, { name: 'Savings', account_type: 'sink_fund', account_category: 'asset' });
      const holiday = await createEnvelope(ctx.user.scope, savings.id, { name: 'Holiday' });
      await createTransaction(ctx.user.scope, savings.id, '2026-11-05', { description: 'Save', withdrawal_amount: 0, deposit_amount: 5_000, sink_fund_allocation_id: holiday.id });
      const saveId = await saveFresh(ctx.server, ctx.user, savings.id, budget.id, () => []);
      const deleting = await call(ctx.server, ben, { method: 'PUT', url: `/sink_funds/${savings.id}`, payload: { sink_fund_allocations: [{ id: holiday.id, deleted: true }] } });
      expect(deleting.status).toBe(200);
      await expectImpossible(saveId, /^This change cannot be undone: the envelope of 'Save' of 2026-11-05 was deleted\.$/);
    });

    /** A window save that deleted the account's one row, a fee of 2026-11-05. */
    async function feeDeleted() {
      const budget = await createBudget(ctx.user.scope, '2026-11-01');
      const account = await createBankAccount(ctx.user.scope, { name: 'Old' });
      await createTransaction(ctx.user.scope, account.id, '2026-11-05', { description: 'Fee' });
      return { budget, account, saveId: await saveFresh(ctx.server, ctx.user, account.id, budget.id, () => []) };
    }

    it('an account deleted since (its transactions)', async () => {
      const { account, saveId } = await feeDeleted();
      expect((await call(ctx.server, ben, { method: 'DELETE', url: `/bank_accounts/${account.id}` })).status).toBe(200);
      await expectImpossible(saveId, /^This change cannot be undone: the account of 'Fee' of 2026-11-05 was deleted\.$/);
    });

    it('an account deleted since (an income paid into it)', async () => {
      const budget = await createBudget(ctx.user.scope, '2026-11-23');
      const account = await createBankAccount(ctx.user.scope, { name: 'Old' });
      const first = await call<Budget>(ctx.server, ctx.user, { method: 'PUT', url: `/budgets/${budget.id}`, payload: { incomes: [{ name: 'Salary', amount: 300_000, bank_account_id: account.id }] } });
      const saveId = await saveBudget(ctx.server, ctx.user, budget.id, { incomes: [{ id: first.body.incomes[0].id, amount: 0, deleted: true }] });
      expect((await call(ctx.server, ben, { method: 'DELETE', url: `/bank_accounts/${account.id}` })).status).toBe(200);
      await expectImpossible(saveId, /^This change cannot be undone: the account of the income 'Salary' was deleted\.$/);
    });

    it('a budget deleted since', async () => {
      const { budget, saveId } = await feeDeleted();
      expect((await call(ctx.server, ben, { method: 'DELETE', url: `/budgets/${budget.id}` })).status).toBe(200);
      await expectImpossible(saveId, /^This change cannot be undone: its budget was deleted\.$/);
    });

    it('an allocation category deleted since', async () => {
      const budget = await createBudget(ctx.user.scope, '2026-11-23');
      const category = await createCategory(ctx.user.scope, { name: 'Hobbies' });
      const golf = await createAllocation(ctx.user.scope, budget.id, category.id, { name: 'Golf' });
      const saveId = await saveBudget(ctx.server, ctx.user, budget.id, { allocations: [{ id: golf.id, amount: 0, deleted: true }] });
      expect((await call(ctx.server, ben, { method: 'DELETE', url: `/allocation_categories/${category.id}` })).status).toBe(200);
      await expectImpossible(saveId, /^This change cannot be undone: the category of 'Golf' was deleted\.$/);
    });

    it('a bank reference used by another transaction since', async () => {
      const budget = await createBudget(ctx.user.scope, '2026-11-01');
      const account = await createBankAccount(ctx.user.scope, { name: 'Current' });
      await createTransaction(ctx.user.scope, account.id, '2026-11-05', { description: 'Rent', bank_ref: 'STMT-7' });
      const saveId = await saveFresh(ctx.server, ctx.user, account.id, budget.id, () => []);
      await saveFresh(ctx.server, ben, account.id, budget.id, () => [{ transaction_date: '2026-11-06', description: 'Other', withdrawal_amount: 100, bank_ref: 'STMT-7' }]);
      await expectImpossible(saveId, /^This change cannot be undone: the bank reference 'STMT-7' of 'Rent' of 2026-11-05 is used by another transaction since\.$/);
    });
  });

  it("refuses another household's entry as missing", async () => {
    const budget = await createBudget(ctx.user.scope, '2026-11-23');
    const saveId = await saveBudget(ctx.server, ctx.user, budget.id, { incomes: [{ name: 'Salary', amount: 1 }] });
    expect((await undo(saveId, ctx.other)).status).toBe(404);
  });
});
