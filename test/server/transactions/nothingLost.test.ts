import { MAX_CENTS } from '../../../src/shared/money';
import type { Budget } from '../../../src/shared/schemas/budgets';
import { WINDOW_CONFLICT_MESSAGE, WINDOW_UNREAD_MESSAGE } from '../../../src/shared/schemas/transactions';
import { createBankAccount, createBudget, createTransaction, householdSnapshot } from '../../support/builders';
import { call, signInAgain, testDialects, useTestServer } from '../../support/testServer';
import { createEnvelope, type ErrorBody, getWindow, saveWindow, windowFixture } from './fixtures';

/** Issue 27: every acknowledged write stays, whatever route made it and whichever draft is saved after it. */
describe.each(testDialects)('nothing is lost on %s', (dialect) => {
  const ctx = useTestServer(dialect);
  const limitText = '100,000,000.00';

  /** A cheque account (checkpoint Feb 28) with one March row, a savings account, and an open March budget. */
  async function arrange() {
    const f = await windowFixture(ctx.user.scope, { closing_date: '2026-02-28' });
    const savings = await createBankAccount(ctx.user.scope, { name: 'Savings', closing_date: '2026-02-28' });
    const kept = await createTransaction(ctx.user.scope, f.bankAccount.id, '2026-03-03', { description: 'Kept' });
    const window = { bank_account_id: f.bankAccount.id, budget_id: f.budget.id };
    return { ...f, savings, kept, window };
  }

  const post = (url: string, payload: object) => call<ErrorBody>(ctx.server, ctx.user, { method: 'POST', url, payload });
  const descriptions = async (accountId: number) =>
    (await ctx.user.scope.selectFrom('transactions').select('description').where('bank_account_id', '=', accountId).orderBy('id').execute()).map((r) => r.description);

  describe('an older window draft of the same session is a 409 after any write outside the window, and the row stays (case 1)', () => {
    const writes = {
      'a transfer': async (f: Awaited<ReturnType<typeof arrange>>) =>
        post(`/bank_accounts/${f.bankAccount.id}/transfer`, { to: f.savings.id, amount: 500, date: '2026-03-10', description: 'Moved', budget_id: f.budget.id }),
      'a balance adjustment': async (f: Awaited<ReturnType<typeof arrange>>) =>
        post('/bank_accounts/manually_adjust_balances', { adjustments: [{ bank_account_id: f.bankAccount.id, new_balance: 12_345 }] }),
      'a quick add': async (f: Awaited<ReturnType<typeof arrange>>) =>
        post('/transactions/one', { bank_account_id: f.bankAccount.id, transaction_date: '2026-03-12', description: 'Coffee', withdrawal_amount: 450 }),
    };
    it.each(Object.keys(writes) as (keyof typeof writes)[])('%s', async (write) => {
      const f = await arrange();
      const draft = await getWindow(ctx.server, ctx.user, f.bankAccount.id, f.budget.id);
      const written = await writes[write](f);
      expect(written.status).toBeLessThan(300);
      const rowsAfterWrite = await descriptions(f.bankAccount.id);
      expect(rowsAfterWrite.length).toBeGreaterThan(1);

      const stale = await saveWindow(ctx.server, ctx.user, { ...f.window, window_lock_version: draft.lockVersion, transactions: draft.body });
      expect(stale).toMatchObject({ status: 409, body: { errors: [WINDOW_CONFLICT_MESSAGE] } });
      expect(await descriptions(f.bankAccount.id)).toEqual(rowsAfterWrite);
    });

    it('an envelope move', async () => {
      const account = await createBankAccount(ctx.user.scope, { name: 'Funds', account_type: 'sink_fund', account_category: 'asset' });
      const budget = await createBudget(ctx.user.scope, '2026-03-01');
      const car = await createEnvelope(ctx.user.scope, account.id, { name: 'Car' });
      await createTransaction(ctx.user.scope, account.id, '2026-03-02', { deposit_amount: 1_000, withdrawal_amount: 0 });
      const draft = await getWindow(ctx.server, ctx.user, account.id, budget.id);
      const moved = await post(`/sink_funds/${account.id}/transfer_allocation`, { existing_allocation_id: null, new_allocation_id: car.id, amount: 300 });
      expect(moved.status).toBe(200);
      const rowsAfterMove = await descriptions(account.id);

      const stale = await saveWindow(ctx.server, ctx.user, { bank_account_id: account.id, budget_id: budget.id, window_lock_version: draft.lockVersion, transactions: draft.body });
      expect(stale.status).toBe(409);
      expect(await descriptions(account.id)).toEqual(rowsAfterMove);
      expect(rowsAfterMove).toHaveLength(3);
    });
  });

  it('refuses the older of two window drafts of one session (two tabs), keeping what the newer saved (case 2)', async () => {
    const f = await arrange();
    const tabA = await getWindow(ctx.server, ctx.user, f.bankAccount.id, f.budget.id);
    const tabB = await getWindow(ctx.server, ctx.user, f.bankAccount.id, f.budget.id);
    const savedA = await saveWindow(ctx.server, ctx.user, { ...f.window, window_lock_version: tabA.lockVersion, transactions: [...tabA.body, { transaction_date: '2026-03-20', description: 'Tab A' }] });
    expect(savedA.status).toBe(200);
    const savedB = await saveWindow(ctx.server, ctx.user, { ...f.window, window_lock_version: tabB.lockVersion, transactions: [...tabB.body, { transaction_date: '2026-03-21', description: 'Tab B' }] });
    expect(savedB.status).toBe(409);
    expect(await descriptions(f.bankAccount.id)).toEqual(['Kept', 'Tab A']);
  });

  describe('a window save without window_lock_version (case 3)', () => {
    it("is held against the session's last read: a quick add since makes it a 409 and the row stays", async () => {
      const f = await arrange();
      const draft = await getWindow(ctx.server, ctx.user, f.bankAccount.id, f.budget.id);
      expect((await post('/transactions/one', { bank_account_id: f.bankAccount.id, transaction_date: '2026-03-12', description: 'Coffee', withdrawal_amount: 450 })).status).toBe(201);
      const stale = await saveWindow(ctx.server, ctx.user, { ...f.window, transactions: draft.body });
      expect(stale).toMatchObject({ status: 409, body: { errors: [WINDOW_CONFLICT_MESSAGE] } });
      expect(await descriptions(f.bankAccount.id)).toEqual(['Kept', 'Coffee']);
    });

    it('is accepted when nothing changed since the read, and again after its own save (the answer is a read too)', async () => {
      const f = await arrange();
      const draft = await getWindow(ctx.server, ctx.user, f.bankAccount.id, f.budget.id);
      const first = await saveWindow(ctx.server, ctx.user, { ...f.window, transactions: [...draft.body, { transaction_date: '2026-03-20', description: 'First' }] });
      expect(first.status).toBe(200);
      const second = await saveWindow(ctx.server, ctx.user, { ...f.window, transactions: first.body.filter((t) => t.description !== 'Kept') });
      expect(second.status).toBe(200);
      expect(await descriptions(f.bankAccount.id)).toEqual(['First']);
    });

    it("is held against this session's read, not another session's", async () => {
      const f = await arrange();
      const otherDevice = await signInAgain(ctx.server, ctx.user);
      const draft = await getWindow(ctx.server, ctx.user, f.bankAccount.id, f.budget.id);
      const fresh = await getWindow(ctx.server, otherDevice, f.bankAccount.id, f.budget.id);
      expect((await saveWindow(ctx.server, otherDevice, { ...f.window, transactions: [...fresh.body, { transaction_date: '2026-03-20', description: 'Other device' }] })).status).toBe(200);
      expect((await saveWindow(ctx.server, ctx.user, { ...f.window, transactions: draft.body })).status).toBe(409);
      expect(await descriptions(f.bankAccount.id)).toEqual(['Kept', 'Other device']);
    });

    it('from a session that never read the window cannot delete rows by leaving them out (409), but may add', async () => {
      const f = await arrange();
      const before = await householdSnapshot(ctx.user.scope);
      const omitting = await saveWindow(ctx.server, ctx.user, { ...f.window, transactions: [{ transaction_date: '2026-03-20', description: 'New' }] });
      expect(omitting).toMatchObject({ status: 409, body: { errors: [WINDOW_UNREAD_MESSAGE] } });
      expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
      const listing = await saveWindow(ctx.server, ctx.user, { ...f.window, transactions: [{ id: f.kept.id, transaction_date: '2026-03-03' }, { transaction_date: '2026-03-20', description: 'New' }] });
      expect(listing.status).toBe(200);
      expect(await descriptions(f.bankAccount.id)).toEqual(['Kept', 'New']);
    });
  });

  describe('amounts the server computes beyond the limit of one amount are refused with 422 (case 6)', () => {
    it('a balance adjustment from 100,000,000.00 to -100,000,000.00', async () => {
      const account = await createBankAccount(ctx.user.scope, { opening_balance: MAX_CENTS, closing_balance: MAX_CENTS, closing_date: '2026-02-28' });
      const before = await householdSnapshot(ctx.user.scope);
      const refused = await post('/bank_accounts/manually_adjust_balances', { adjustments: [{ bank_account_id: account.id, new_balance: -MAX_CENTS }] });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.join(' ')).toContain(limitText);
      expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    });

    it('a close carrying two unpaid card charges of 100,000,000.00 (its balancing row would be twice that)', async () => {
      const budget = await createBudget(ctx.user.scope, '2026-03-01');
      await createBudget(ctx.user.scope, '2026-04-01');
      const card = await createBankAccount(ctx.user.scope, { name: 'Visa', account_type: 'credit_card', account_category: 'liability', closing_date: '2026-02-28' });
      await createTransaction(ctx.user.scope, card.id, '2026-03-05', { withdrawal_amount: MAX_CENTS, status: 'unpaid' });
      await createTransaction(ctx.user.scope, card.id, '2026-03-06', { withdrawal_amount: MAX_CENTS, status: 'unpaid' });
      const before = await householdSnapshot(ctx.user.scope);
      const refused = await call<Budget & ErrorBody>(ctx.server, ctx.user, { method: 'PUT', url: `/budgets/${budget.id}/close` });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.join(' ')).toContain(limitText);
      expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    });
  });

  describe('one rule set for every route that writes a transaction (case 8)', () => {
    async function closedThings() {
      const f = await arrange();
      const funds = await createBankAccount(ctx.user.scope, { name: 'Funds', account_type: 'sink_fund', account_category: 'asset' });
      const closedEnvelope = await createEnvelope(ctx.user.scope, funds.id, { name: 'Old', status: 'closed' });
      const closedAccount = await createBankAccount(ctx.user.scope, { name: 'Old bank', status: 'closed' });
      return { ...f, funds, closedEnvelope, closedAccount };
    }

    it('quick add refuses money into a closed envelope and a closed account, writing nothing', async () => {
      const f = await closedThings();
      const before = await householdSnapshot(ctx.user.scope);
      const intoEnvelope = await post('/transactions/one', {
        bank_account_id: f.funds.id,
        transaction_date: '2026-03-12',
        description: 'Saved',
        deposit_amount: 100,
        sink_fund_allocation_id: f.closedEnvelope.id,
      });
      expect(intoEnvelope).toMatchObject({ status: 422, body: { errors: ['The sink fund allocation is closed: reopen it to put money into it'] } });
      const intoAccount = await post('/transactions/one', { bank_account_id: f.closedAccount.id, transaction_date: '2026-03-12', description: 'Coffee', withdrawal_amount: 450 });
      expect(intoAccount).toMatchObject({ status: 422, body: { errors: ['The bank account is closed'] } });
      expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    });

    it('a transfer and a window save refuse them too, writing nothing', async () => {
      const f = await closedThings();
      const before = await householdSnapshot(ctx.user.scope);
      const transfer = (payload: object) =>
        post(`/bank_accounts/${f.bankAccount.id}/transfer`, { amount: 500, date: '2026-03-10', description: 'Moved', budget_id: f.budget.id, ...payload });
      expect((await transfer({ to: f.closedAccount.id })).status).toBe(422);
      expect((await transfer({ to: f.funds.id, to_sink_fund_allocation: f.closedEnvelope.id })).status).toBe(422);
      const window = await saveWindow(ctx.server, ctx.user, {
        bank_account_id: f.funds.id,
        budget_id: f.budget.id,
        transactions: [{ transaction_date: '2026-03-12', description: 'Saved', deposit_amount: 100, sink_fund_allocation_id: f.closedEnvelope.id }],
      });
      expect(window.status).toBe(422);
      expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    });
  });
});
