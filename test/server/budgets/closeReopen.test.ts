import type { Budget } from '../../../src/shared/schemas/budgets';
import type { HouseholdScope } from '../../../server/db/scope';
import {
  createAllocation,
  createBankAccount,
  createBudget,
  createCategory,
  createTransaction,
  householdSnapshot,
} from '../../support/builders';
import { call, type SignedInUser, signUpAndIn, testDialects, useTestServer } from '../../support/testServer';

const card = { account_type: 'credit_card', account_category: 'liability' } as const;

/** Rows as they matter for balances: everything but the moment they were last touched. */
async function ledger(scope: HouseholdScope) {
  const strip = <T extends { updated_at: unknown }>(rows: T[]) => rows.map(({ updated_at: _u, ...rest }) => rest);
  // A row's version counts its updates (what an undo checks): a close and a reopen move it, as any write does.
  const unversioned = <T extends { row_version: unknown }>(rows: T[]) => rows.map(({ row_version: _v, ...rest }) => rest);
  return {
    // Each close and reopen moves the card windows' versions on, as any write of their rows does.
    accounts: strip(await scope.selectFrom('bank_accounts').selectAll().orderBy('id').execute()).map(({ window_lock_version: _v, ...rest }) => rest),
    transactions: unversioned(strip(await scope.selectFrom('transactions').selectAll().orderBy('id').execute())),
  };
}

describe.each(testDialects)('closing and reopening budgets on %s', (dialect) => {
  const ctx = useTestServer(dialect);

  /** Every account's last reconciled balance and date. */
  const checkpoints = (scope: HouseholdScope) => scope.selectFrom('bank_accounts').select(['id', 'closing_balance', 'closing_date']).orderBy('id').execute();
  const close = (id: number, who: SignedInUser = ctx.user) => call<Budget>(ctx.server, who, { method: 'PUT', url: `/budgets/${id}/close` });
  const reopen = (who: SignedInUser = ctx.user) => call<Budget>(ctx.server, who, { method: 'POST', url: '/budgets/reopen_last_budget' });

  it('settles every account at the end of the budget: opening balance plus the transactions after the opening date', async () => {
    const { scope } = ctx.user;
    const budget = await createBudget(scope, '2026-01-01');
    const checking = await createBankAccount(scope, { opening_balance: 150_000, opening_date: '2025-12-31', closing_date: '2025-12-31' });
    const fresh = await createBankAccount(scope, { opening_balance: 7_000, closing_balance: null });
    const idle = await createBankAccount(scope, { opening_balance: 500 });
    await createTransaction(scope, checking.id, '2026-01-01', { withdrawal_amount: 2_000 });
    await createTransaction(scope, checking.id, '2026-01-31', { withdrawal_amount: 0, deposit_amount: 10_000 });
    await createTransaction(scope, checking.id, '2025-12-31', { withdrawal_amount: 99_999 });
    await createTransaction(scope, checking.id, '2026-02-01', { withdrawal_amount: 99_999 });
    await createTransaction(scope, fresh.id, '2026-01-15', { withdrawal_amount: 1_000 });

    const response = await close(budget.id);

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: budget.id, status: 'closed', lock_version: 1 });
    const accounts = await checkpoints(scope);
    expect(accounts).toEqual([
      { id: checking.id, closing_balance: 158_000, closing_date: '2026-01-31' },
      { id: fresh.id, closing_balance: 6_000, closing_date: '2026-01-31' },
      { id: idle.id, closing_balance: 500, closing_date: '2026-01-31' },
    ]);
  });

  it('carries unpaid credit-card charges forward with one balancing row', async () => {
    const { scope } = ctx.user;
    const budget = await createBudget(scope, '2026-01-01');
    const category = await createCategory(scope);
    const food = await createAllocation(scope, budget.id, category.id, { name: 'Food' });
    const visa = await createBankAccount(scope, { ...card, opening_balance: -50_000 });
    const checking = await createBankAccount(scope);
    const dinner = await createTransaction(scope, visa.id, '2026-01-10', {
      description: 'Dinner',
      withdrawal_amount: 6_000,
      status: 'unpaid',
      allocation_id: food.id,
      bank_ref: 'V-1',
    });
    const refund = await createTransaction(scope, visa.id, '2026-01-12', {
      description: 'Refund',
      withdrawal_amount: 0,
      deposit_amount: 1_500,
      status: 'unpaid',
      bank_ref: 'V-2',
    });
    const paid = await createTransaction(scope, visa.id, '2026-01-11', { status: 'paid', withdrawal_amount: 700 });
    const later = await createTransaction(scope, visa.id, '2026-02-02', { status: 'unpaid' });
    const notACard = await createTransaction(scope, checking.id, '2026-01-10', { status: 'unpaid' });
    const spentBefore = (await call<Budget>(ctx.server, ctx.user, { method: 'GET', url: `/budgets/${budget.id}` })).body.allocations[0].spent;

    expect((await close(budget.id)).status).toBe(200);

    const rows = await scope.selectFrom('transactions').selectAll().where('bank_account_id', '=', visa.id).orderBy('id').execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(dinner.id)).toMatchObject({ status: 'paid', brought_forward_status: 'brought_forward', transaction_date: '2026-01-10' });
    expect(byId.get(refund.id)).toMatchObject({ status: 'paid', brought_forward_status: 'brought_forward' });
    expect(byId.get(paid.id)).toMatchObject({ status: 'paid', brought_forward_status: null });
    expect(byId.get(later.id)).toMatchObject({ status: 'unpaid', brought_forward_status: null });
    expect(await scope.find('transactions', notACard.id)).toMatchObject({ status: 'unpaid', brought_forward_status: null });

    const added = rows.filter((r) => r.brought_forward_status === 'added');
    expect(added.map(({ transaction_date, description, withdrawal_amount, deposit_amount, allocation_id, status, bank_ref }) => ({
      transaction_date, description, withdrawal_amount, deposit_amount, allocation_id, status, bank_ref,
    }))).toEqual([
      { transaction_date: '2026-02-01', description: 'Dinner (B/F)', withdrawal_amount: 6_000, deposit_amount: 0, allocation_id: food.id, status: 'unpaid', bank_ref: 'V-1-BF' },
      { transaction_date: '2026-02-01', description: 'Refund (B/F)', withdrawal_amount: 0, deposit_amount: 1_500, allocation_id: null, status: 'unpaid', bank_ref: 'V-2-BF' },
    ]);
    const adjustments = rows.filter((r) => r.brought_forward_status === 'adjustment');
    expect(adjustments).toEqual([
      expect.objectContaining({
        transaction_date: '2026-02-01',
        description: 'Balance B/F Adj Entry',
        withdrawal_amount: -6_000,
        deposit_amount: -1_500,
        status: 'paid',
        allocation_id: null,
      }),
    ]);
    // The card's balance after its checkpoint is unchanged by the carried rows; spent counts each charge once.
    const netAfter = rows.filter((r) => r.transaction_date > '2026-01-31').reduce((sum, r) => sum + r.deposit_amount - r.withdrawal_amount, 0);
    expect(netAfter).toBe(later.deposit_amount - later.withdrawal_amount);
    const spentAfter = (await call<Budget>(ctx.server, ctx.user, { method: 'GET', url: `/budgets/${budget.id}` })).body.allocations[0].spent;
    expect(spentAfter).toBe(spentBefore);
    expect(spentAfter).toBe(6_000);
  });

  it('adds no balancing row when the carried charges net to zero, and keeps bank refs unique', async () => {
    const { scope } = ctx.user;
    const budget = await createBudget(scope, '2026-01-01');
    const visa = await createBankAccount(scope, card);
    await createTransaction(scope, visa.id, '2026-01-03', { status: 'unpaid', withdrawal_amount: 2_000, bank_ref: 'X' });
    await createTransaction(scope, visa.id, '2026-01-04', { status: 'unpaid', withdrawal_amount: 0, deposit_amount: 2_000, bank_ref: 'Y' });
    await createTransaction(scope, visa.id, '2026-01-20', { status: 'paid', bank_ref: 'X-BF' });

    expect((await close(budget.id)).status).toBe(200);

    const carried = await scope.selectFrom('transactions').selectAll().where('transaction_date', '=', '2026-02-01').orderBy('id').execute();
    expect(carried.map((r) => r.brought_forward_status)).toEqual(['added', 'added']);
    expect(carried[0].bank_ref).toMatch(/^MAN-[0-9a-f]{16}$/);
    expect(carried[1].bank_ref).toBe('Y-BF');
  });

  it('closes only the current budget, never twice', async () => {
    const { scope } = ctx.user;
    const closed = await createBudget(scope, '2025-12-01', { status: 'closed' });
    const current = await createBudget(scope, '2026-01-01');
    const next = await createBudget(scope, '2026-02-01');
    await createBankAccount(scope, { opening_balance: 1_000 });
    const before = await householdSnapshot(scope);

    expect(await close(next.id)).toMatchObject({ status: 422, body: { errors: ['Only the current budget (the earliest open one) can be closed'] } });
    expect(await close(closed.id)).toMatchObject({ status: 422, body: { errors: ['This budget is already closed'] } });
    expect(await householdSnapshot(scope)).toEqual(before);

    expect((await close(current.id)).status).toBe(200);
    const afterFirst = await householdSnapshot(scope);
    expect(await close(current.id)).toMatchObject({ status: 422, body: { errors: ['This budget is already closed'] } });
    expect(await householdSnapshot(scope)).toEqual(afterFirst);
  });

  it('refuses to close when no budget is open (4xx, never 500)', async () => {
    const only = await createBudget(ctx.user.scope, '2026-01-01', { status: 'closed' });
    const response = await close(only.id);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ success: false });
  });

  it('reopens the closed budget with the latest start and rebuilds every checkpoint before it', async () => {
    const { scope } = ctx.user;
    await createBudget(scope, '2025-12-01', { status: 'closed' });
    const latest = await createBudget(scope, '2026-01-01', { status: 'closed', lock_version: 4 });
    await createBudget(scope, '2026-02-01');
    const checking = await createBankAccount(scope, { opening_balance: 10_000, opening_date: '2025-11-30', closing_balance: 1, closing_date: '2026-01-31' });
    const savings = await createBankAccount(scope, { opening_balance: 500, closing_balance: null, closing_date: null });
    await createTransaction(scope, checking.id, '2025-12-05', { withdrawal_amount: 1_000 });
    await createTransaction(scope, checking.id, '2025-12-31', { withdrawal_amount: 0, deposit_amount: 300 });
    await createTransaction(scope, checking.id, '2026-01-01', { withdrawal_amount: 5_000 });

    const response = await reopen();

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: latest.id, status: 'open', lock_version: 5 });
    const accounts = await checkpoints(scope);
    expect(accounts).toEqual([
      { id: checking.id, closing_balance: 9_300, closing_date: '2025-12-31' },
      { id: savings.id, closing_balance: 500, closing_date: '2025-12-31' },
    ]);
  });

  it('reopen keeps a carried charge paid when its copy was marked paid in the next month since the close', async () => {
    const { scope } = ctx.user;
    const january = await createBudget(scope, '2026-01-01');
    const february = await createBudget(scope, '2026-02-01');
    const category = await createCategory(scope);
    const food = await createAllocation(scope, january.id, category.id, { name: 'Food' });
    const visa = await createBankAccount(scope, { ...card, opening_balance: -50_000 });
    const dinner = await createTransaction(scope, visa.id, '2026-01-10', { description: 'Dinner', withdrawal_amount: 6_000, status: 'unpaid', allocation_id: food.id, bank_ref: 'V-1' });
    const fuel = await createTransaction(scope, visa.id, '2026-01-11', { description: 'Fuel', withdrawal_amount: 4_000, status: 'unpaid', allocation_id: food.id, bank_ref: 'V-2' });
    expect((await close(january.id)).status).toBe(200);
    const copy = await scope.selectFrom('transactions').select('id').where('bank_ref', '=', 'V-1-BF').executeTakeFirstOrThrow();
    const { window_lock_version } = await scope.selectFrom('bank_accounts').select('window_lock_version').where('id', '=', visa.id).executeTakeFirstOrThrow();
    const marked = await call(ctx.server, ctx.user, {
      method: 'POST',
      url: `/bank_accounts/${visa.id}/mark_paid`,
      payload: { budget_id: february.id, window_lock_version, transaction_ids: [copy.id] },
    });
    expect(marked.status).toBe(200);

    expect((await reopen()).status).toBe(200);

    // The mark given to the copy stays with its charge; the charge still unpaid goes back to unpaid; no copy is left.
    expect(await scope.find('transactions', dinner.id)).toMatchObject({ status: 'paid', brought_forward_status: null });
    expect(await scope.find('transactions', fuel.id)).toMatchObject({ status: 'unpaid', brought_forward_status: null });
    expect(await scope.selectFrom('transactions').select('id').where('transaction_date', '>', '2026-01-31').execute()).toEqual([]);
    const spent = (await call<Budget>(ctx.server, ctx.user, { method: 'GET', url: `/budgets/${january.id}` })).body.allocations[0].spent;
    expect(spent).toBe(10_000);
  });

  it('says "There is no closed budget to reopen" when there is none', async () => {
    await createBudget(ctx.user.scope, '2026-01-01');
    const before = await householdSnapshot(ctx.user.scope);
    expect(await reopen()).toMatchObject({ status: 422, body: { success: false, errors: ['There is no closed budget to reopen'] } });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it('close then reopen puts every balance and every transaction back exactly as it was', async () => {
    const { scope } = ctx.user;
    const budgets = [
      await createBudget(scope, '2026-01-01'),
      await createBudget(scope, '2026-02-01'),
      await createBudget(scope, '2026-03-01'),
    ];
    const categories = [await createCategory(scope, { name: 'Needs' }), await createCategory(scope, { name: 'Wants' })];
    const allocations = [];
    for (const budget of budgets) {
      for (const [i, name] of ['Rent', 'Food', 'Fuel', 'Fun'].entries()) {
        allocations.push(await createAllocation(scope, budget.id, categories[i % 2].id, { name, amount: 50_000 }));
      }
    }
    const priorNet = { checking: -12_000 + 3_000, visa: -4_500 };
    const checking = await createBankAccount(scope, { opening_balance: 250_000, closing_balance: 250_000 + priorNet.checking, closing_date: '2025-12-31' });
    const savings = await createBankAccount(scope, { opening_balance: 1_000_000, account_category: 'asset', closing_date: '2025-12-31' });
    const visa = await createBankAccount(scope, { ...card, opening_balance: -30_000, closing_balance: -30_000 + priorNet.visa, closing_date: '2025-12-31' });
    const amex = await createBankAccount(scope, { ...card, opening_balance: 0, closing_date: '2025-12-31' });
    await createTransaction(scope, checking.id, '2025-12-20', { withdrawal_amount: 12_000 });
    await createTransaction(scope, checking.id, '2025-12-21', { withdrawal_amount: 0, deposit_amount: 3_000 });
    await createTransaction(scope, visa.id, '2025-12-28', { withdrawal_amount: 4_500 });

    const days = ['01', '03', '07', '12', '15', '19', '22', '26', '28'];
    let n = 0;
    for (const [b, budget] of budgets.entries()) {
      const month = budget.start_date.slice(0, 7);
      const own = allocations.slice(b * 4, b * 4 + 4);
      for (const day of days) {
        const date = `${month}-${day}`;
        n += 1;
        await createTransaction(scope, checking.id, date, { withdrawal_amount: 1_000 + n * 37, allocation_id: own[n % 4].id });
        await createTransaction(scope, savings.id, date, { withdrawal_amount: 0, deposit_amount: 5_000 + n });
        await createTransaction(scope, visa.id, date, {
          withdrawal_amount: 2_000 + n * 11,
          status: n % 3 === 0 ? 'paid' : 'unpaid',
          allocation_id: own[(n + 1) % 4].id,
        });
        if (n % 4 === 0) {
          await createTransaction(scope, amex.id, date, { withdrawal_amount: 0, deposit_amount: 800, status: 'unpaid' });
        }
      }
    }
    const spentOf = async (id: number) =>
      (await call<Budget>(ctx.server, ctx.user, { method: 'GET', url: `/budgets/${id}` })).body.allocations.map((a) => a.spent);
    const spentBefore = await Promise.all(budgets.map((b) => spentOf(b.id)));

    const initial = await ledger(scope);
    expect((await close(budgets[0].id)).status).toBe(200);
    const afterJanuary = await ledger(scope);
    expect(afterJanuary).not.toEqual(initial);
    expect((await close(budgets[1].id)).status).toBe(200);
    // A January charge still unpaid in February was carried twice; it stays a copy, counted once in spent.
    expect(await Promise.all(budgets.map((b) => spentOf(b.id)))).toEqual(spentBefore);
    const visaMarch = await scope.selectFrom('transactions').selectAll().where('bank_account_id', '=', visa.id).where('transaction_date', '=', '2026-03-01').execute();
    expect(visaMarch.filter((t) => t.bank_ref.endsWith('-BF-BF'))).not.toHaveLength(0);

    expect((await reopen()).body).toMatchObject({ id: budgets[1].id, status: 'open' });
    expect(await ledger(scope)).toEqual(afterJanuary);
    expect((await reopen()).body).toMatchObject({ id: budgets[0].id, status: 'open' });
    expect(await ledger(scope)).toEqual(initial);
    expect(await Promise.all(budgets.map((b) => spentOf(b.id)))).toEqual(spentBefore);
  });

  it("answers 404 when closing another household's budget and 422 reopening with none of our own, changing nothing", async () => {
    const other = await signUpAndIn(ctx.server);
    const theirs = await createBudget(other.scope, '2026-01-01');
    await createBudget(other.scope, '2025-12-01', { status: 'closed' });
    await createBankAccount(other.scope, { opening_balance: 1_000 });
    const theirsBefore = await householdSnapshot(other.scope);
    expect(await close(theirs.id)).toMatchObject({ status: 404, body: { errors: ['Budget not found'] } });
    expect((await reopen()).status).toBe(422);
    expect(await householdSnapshot(other.scope)).toEqual(theirsBefore);
  });
});
