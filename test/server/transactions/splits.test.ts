import type { Budget } from '../../../src/shared/schemas/budgets';
import type { Transaction } from '../../../src/shared/schemas/transactions';
import { checkStoredSums } from '../../../server/services/storedSums';
import { createAllocation, createBankAccount, createBudget, createTransaction, householdSnapshot } from '../../support/builders';
import { call, signUpAndIn, testDialects, useTestServer } from '../../support/testServer';
import { createEnvelope, type ErrorBody, getWindow, saveWindow, windowFixture } from './fixtures';

/** Issue 44: one bank row divided into parts, each counting toward its allocation or envelope (api-and-domain §5.1). */
describe.each(testDialects)('split transactions on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  async function arrange() {
    const f = await windowFixture(ctx.user.scope, { closing_date: '2026-02-28' });
    const household = await createAllocation(ctx.user.scope, f.budget.id, f.category.id, { name: 'Household goods' });
    const gifts = await createAllocation(ctx.user.scope, f.budget.id, f.category.id, { name: 'Gifts' });
    const receipt = await createTransaction(ctx.user.scope, f.bankAccount.id, '2026-03-05', { description: 'Supermarket', withdrawal_amount: 10_000, deposit_amount: 0 });
    const window = { bank_account_id: f.bankAccount.id, budget_id: f.budget.id };
    return { ...f, household, gifts, receipt, window };
  }
  type Arranged = Awaited<ReturnType<typeof arrange>>;

  const spentOf = async (budgetId: number) => {
    const budget = await call<Budget>(ctx.server, ctx.user, { method: 'GET', url: `/budgets/${budgetId}` });
    return Object.fromEntries(budget.body.allocations.map((a) => [a.name, a.spent]));
  };
  const sumsAgree = async () => expect((await checkStoredSums(ctx.server.db)).filter((c) => c.differences.length > 0)).toEqual([]);

  /** The receipt split three ways, from a fresh read of the window. */
  async function splitThreeWays(f: Arranged) {
    const window = await getWindow(ctx.server, ctx.user, f.bankAccount.id, f.budget.id);
    const row = window.body.find((r) => r.id === f.receipt.id)!;
    return saveWindow(ctx.server, ctx.user, {
      ...f.window,
      window_lock_version: window.lockVersion,
      transactions: [
        {
          ...row,
          allocation_id: null,
          splits: [
            { amount: -6_000, allocation_id: f.allocation.id, memo: 'food' },
            { amount: -2_500, allocation_id: f.household.id, memo: 'soap' },
            { amount: -1_500, allocation_id: f.gifts.id, memo: 'birthday' },
          ],
        },
      ],
    });
  }

  it('a split row carries its parts, each counting toward its allocation: budget spent, spent dialog, stored sums', async () => {
    const f = await arrange();
    const saved = await splitThreeWays(f);
    expect(saved.status).toBe(200);
    const row = saved.body.find((r) => r.id === f.receipt.id)!;
    expect(row).toMatchObject({ allocation_id: null, net_amount: -10_000 });
    expect(row.splits!.map((p) => [p.amount, p.allocation_id, p.memo])).toEqual([
      [-6_000, f.allocation.id, 'food'],
      [-2_500, f.household.id, 'soap'],
      [-1_500, f.gifts.id, 'birthday'],
    ]);
    expect(await spentOf(f.budget.id)).toEqual({ Groceries: 6_000, 'Household goods': 2_500, Gifts: 1_500 });
    const dialog = await call<Transaction[]>(ctx.server, ctx.user, { method: 'GET', url: `/transactions/by_allocation?allocation_id=${f.household.id}` });
    expect(dialog.body.map((t) => [t.description, t.net_amount, t.splits?.[0].memo])).toEqual([['Supermarket', -2_500, 'soap']]);
    await sumsAgree();

    // The row alone moves the balance: one row, its full amount.
    const window = await getWindow(ctx.server, ctx.user, f.bankAccount.id, f.budget.id);
    expect(window.body).toHaveLength(1);
  });

  it('a row without parts reads and writes as before; a save that omits splits keeps them; [] unsplits', async () => {
    const f = await arrange();
    const before = await getWindow(ctx.server, ctx.user, f.bankAccount.id, f.budget.id);
    expect(before.body[0]).not.toHaveProperty('splits');
    const split = await splitThreeWays(f);

    const { splits: _parts, ...asOriginalClient } = split.body[0];
    const kept = await saveWindow(ctx.server, ctx.user, { ...f.window, window_lock_version: split.lockVersion, transactions: [{ ...asOriginalClient, description: 'Supermarket (renamed)' }] });
    expect(kept.status).toBe(200);
    expect(kept.body[0].splits).toHaveLength(3);
    expect(await spentOf(f.budget.id)).toEqual({ Groceries: 6_000, 'Household goods': 2_500, Gifts: 1_500 });

    const unsplit = await saveWindow(ctx.server, ctx.user, {
      ...f.window,
      window_lock_version: kept.lockVersion,
      transactions: [{ ...asOriginalClient, allocation_id: f.allocation.id, splits: [] }],
    });
    expect(unsplit.status).toBe(200);
    expect(unsplit.body[0]).not.toHaveProperty('splits');
    expect(await spentOf(f.budget.id)).toEqual({ Groceries: 10_000, 'Household goods': 0, Gifts: 0 });
    await sumsAgree();
  });

  describe('refusals write nothing', () => {
    const cases: Record<string, (f: Arranged) => { parts: object[]; expected: RegExp; own?: object }> = {
      'parts that do not add up to the row (the difference named)': (f) => ({
        parts: [
          { amount: -6_000, allocation_id: f.allocation.id },
          { amount: -3_000, allocation_id: f.gifts.id },
        ],
        expected: /Row 1 \(Supermarket, 2026-03-05\): the parts add up to -90\.00; the row is -100\.00 \(-10\.00 not split\)/,
      }),
      'a part with an allocation and an envelope': (f) => ({
        parts: [{ amount: -10_000, allocation_id: f.allocation.id, sink_fund_allocation_id: f.allocation.id }],
        expected: /part 1: a part may have an allocation or a sink fund allocation, not both/,
      }),
      'a split row with an allocation of its own': (f) => ({
        parts: [{ amount: -10_000, allocation_id: f.gifts.id }],
        own: { allocation_id: f.allocation.id },
        expected: /a split row has no allocation or sink fund allocation of its own/,
      }),
      "a part naming another budget's allocation": () => ({ parts: [], expected: /part 1: the allocation is not part of this budget/ }),
    };
    it.each(Object.keys(cases))('%s', async (name) => {
      const f = await arrange();
      const refusal = cases[name](f);
      const { expected, own } = refusal;
      let { parts } = refusal;
      if (parts.length === 0) {
        const april = await createBudget(ctx.user.scope, '2026-04-01');
        const elsewhere = await createAllocation(ctx.user.scope, april.id, f.category.id, { name: 'April food' });
        parts = [{ amount: -10_000, allocation_id: elsewhere.id }];
      }
      const window = await getWindow(ctx.server, ctx.user, f.bankAccount.id, f.budget.id);
      const snapshot = await householdSnapshot(ctx.user.scope);
      const refused = await saveWindow(ctx.server, ctx.user, {
        ...f.window,
        window_lock_version: window.lockVersion,
        transactions: [{ ...window.body[0], allocation_id: null, ...own, splits: parts }],
      });
      expect(refused.status).toBe(422);
      expect((refused.body as ErrorBody).errors.join('\n')).toMatch(expected);
      expect(await householdSnapshot(ctx.user.scope)).toEqual(snapshot);
    });

    it("another household's allocation in a part is refused as a missing one", async () => {
      const f = await arrange();
      const theirs = await windowFixture(ctx.other.scope);
      const window = await getWindow(ctx.server, ctx.user, f.bankAccount.id, f.budget.id);
      const snapshot = await householdSnapshot(ctx.user.scope);
      const refused = await saveWindow(ctx.server, ctx.user, {
        ...f.window,
        window_lock_version: window.lockVersion,
        transactions: [{ ...window.body[0], allocation_id: null, splits: [{ amount: -10_000, allocation_id: theirs.allocation.id }] }],
      });
      expect(refused.status).toBe(422);
      expect((refused.body as ErrorBody).errors.join('\n')).toMatch(/part 1: the allocation is not part of this budget/);
      expect(await householdSnapshot(ctx.user.scope)).toEqual(snapshot);
    });

    it('a save from the original client that changes the amount of a split row, leaving its parts short', async () => {
      const f = await arrange();
      const split = await splitThreeWays(f);
      const { splits: _parts, ...asOriginalClient } = split.body[0];
      const refused = await saveWindow(ctx.server, ctx.user, { ...f.window, window_lock_version: split.lockVersion, transactions: [{ ...asOriginalClient, withdrawal_amount: 12_000 }] });
      expect(refused.status).toBe(422);
      expect((refused.body as ErrorBody).errors.join('\n')).toMatch(/the parts add up to -100\.00; the row is -120\.00/);
    });

    it('an allocation with parts of split rows cannot be deleted', async () => {
      const f = await arrange();
      await splitThreeWays(f);
      const budget = await call<Budget>(ctx.server, ctx.user, { method: 'GET', url: `/budgets/${f.budget.id}` });
      const gifts = budget.body.allocations.find((a) => a.id === f.gifts.id)!;
      const refused = await call<ErrorBody>(ctx.server, ctx.user, {
        method: 'PUT',
        url: `/budgets/${f.budget.id}`,
        payload: { lock_version: budget.body.lock_version, allocations: [{ ...gifts, deleted: true }] },
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.join('\n')).toMatch(/Allocation 'Gifts' has 1 part of split transactions and cannot be deleted/);
    });
  });

  it('a split, a re-split and an unsplit are each undone exactly', async () => {
    const f = await arrange();
    const undoNewest = async () => {
      const page = await call<{ entries: Array<{ id: number; kind: string }> }>(ctx.server, ctx.user, { method: 'GET', url: '/activity' });
      const undone = await call<ErrorBody>(ctx.server, ctx.user, { method: 'POST', url: `/activity/${page.body.entries[0].id}/undo` });
      expect(undone.body.errors ?? []).toEqual([]);
    };
    // What an undo restores: every value of every row, not the bookkeeping of when and how often it was written.
    const values = (rows: unknown[]) => rows.map((row) => ({ ...(row as object), row_version: 0, updated_at: '', created_at: '' }));
    const state = async () => {
      const snapshot = await householdSnapshot(ctx.user.scope);
      return { transactions: values(snapshot.transactions), transaction_splits: values(snapshot.transaction_splits) };
    };

    const original = await state();
    await splitThreeWays(f);
    await undoNewest();
    expect(await state()).toEqual(original);
    await sumsAgree();

    const split = await splitThreeWays(f);
    const afterSplit = await state();
    const resplitBody = (lockVersion: number) => ({
      ...f.window,
      window_lock_version: lockVersion,
      transactions: [{ ...split.body[0], splits: [{ ...split.body[0].splits![0], amount: -7_000 }, { amount: -3_000, allocation_id: f.gifts.id, memo: 'card' }] }],
    });
    const resplit = await saveWindow(ctx.server, ctx.user, resplitBody(split.lockVersion));
    expect(resplit.status).toBe(200);
    expect(await spentOf(f.budget.id)).toEqual({ Groceries: 7_000, 'Household goods': 0, Gifts: 3_000 });
    await undoNewest();
    expect(await state()).toEqual(afterSplit);
    expect(await spentOf(f.budget.id)).toEqual({ Groceries: 6_000, 'Household goods': 2_500, Gifts: 1_500 });
    await sumsAgree();

    const window = await getWindow(ctx.server, ctx.user, f.bankAccount.id, f.budget.id);
    const unsplit = await saveWindow(ctx.server, ctx.user, {
      ...f.window,
      window_lock_version: window.lockVersion,
      transactions: [{ ...window.body[0], allocation_id: f.household.id, splits: [] }],
    });
    expect(unsplit.status).toBe(200);
    expect(await spentOf(f.budget.id)).toEqual({ Groceries: 0, 'Household goods': 10_000, Gifts: 0 });
    await undoNewest();
    expect(await state()).toEqual(afterSplit);
    expect(await spentOf(f.budget.id)).toEqual({ Groceries: 6_000, 'Household goods': 2_500, Gifts: 1_500 });
    await sumsAgree();
  });

  it('Quick Add splits: the row and its parts in one write, undone together; parts that do not add up are refused', async () => {
    const f = await arrange();
    const quickAdd = (splits: object[]) =>
      call<Transaction & ErrorBody>(ctx.server, ctx.user, {
        method: 'POST',
        url: '/transactions/one',
        payload: { bank_account_id: f.bankAccount.id, transaction_date: '2026-03-09', description: 'Market', withdrawal_amount: 4_000, splits },
      });
    const snapshot = await householdSnapshot(ctx.user.scope);
    const refused = await quickAdd([{ amount: -3_000, allocation_id: f.allocation.id }]);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual(['The parts add up to -30.00; the row is -40.00 (-10.00 not split)']);
    expect(await householdSnapshot(ctx.user.scope)).toEqual(snapshot);

    const added = await quickAdd([
      { amount: -3_000, allocation_id: f.allocation.id },
      { amount: -1_000, allocation_id: f.gifts.id, memo: 'flowers' },
    ]);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ allocation_id: null, status: 'paid' });
    expect(added.body.splits!.map((p) => [p.amount, p.memo])).toEqual([
      [-3_000, null],
      [-1_000, 'flowers'],
    ]);
    expect(await spentOf(f.budget.id)).toEqual({ Groceries: 3_000, 'Household goods': 0, Gifts: 1_000 });
    const page = await call<{ entries: Array<{ id: number }> }>(ctx.server, ctx.user, { method: 'GET', url: '/activity' });
    expect((await call(ctx.server, ctx.user, { method: 'POST', url: `/activity/${page.body.entries[0].id}/undo` })).status).toBe(200);
    expect(await spentOf(f.budget.id)).toEqual({ Groceries: 0, 'Household goods': 0, Gifts: 0 });
    expect(await ctx.user.scope.selectFrom('transaction_splits').select('id').execute()).toEqual([]);
    await sumsAgree();
  });

  it('parts in envelopes move their money out of Unassigned Money; the envelope lists the part', async () => {
    const account = await createBankAccount(ctx.user.scope, { name: 'Funds', account_type: 'sink_fund', account_category: 'asset', closing_date: '2026-02-28' });
    const budget = await createBudget(ctx.user.scope, '2026-03-01');
    const car = await createEnvelope(ctx.user.scope, account.id, { name: 'Car' });
    const holiday = await createEnvelope(ctx.user.scope, account.id, { name: 'Holiday' });
    const pay = await createTransaction(ctx.user.scope, account.id, '2026-03-02', { description: 'Savings', deposit_amount: 9_000, withdrawal_amount: 0 });
    const window = await getWindow(ctx.server, ctx.user, account.id, budget.id);
    const saved = await saveWindow(ctx.server, ctx.user, {
      bank_account_id: account.id,
      budget_id: budget.id,
      window_lock_version: window.lockVersion,
      transactions: [
        { ...window.body[0], splits: [{ amount: 5_000, sink_fund_allocation_id: car.id }, { amount: 3_000, sink_fund_allocation_id: holiday.id }, { amount: 1_000 }] },
      ],
    });
    expect(saved.status).toBe(200);
    const fund = await call<{ sink_fund_allocations: Array<{ name: string; current_balance: number }>; unassigned_money?: number } & Record<string, unknown>>(
      ctx.server,
      ctx.user,
      { method: 'GET', url: `/sink_funds/${account.id}` },
    );
    const balances = Object.fromEntries(fund.body.sink_fund_allocations.map((e) => [e.name, e.current_balance]));
    expect(balances).toEqual({ Car: 5_000, Holiday: 3_000 });
    const listed = await call<Transaction[]>(ctx.server, ctx.user, { method: 'GET', url: `/transactions/by_sink_fund_allocation?sink_fund_allocation_id=${car.id}` });
    expect(listed.body.map((t) => [t.id, t.net_amount])).toEqual([[pay.id, 5_000]]);
    await sumsAgree();
  });

  it('closing a budget carries an unpaid split card charge forward with its parts, counted once; reopening removes them', async () => {
    const f = await windowFixture(ctx.user.scope, { account_type: 'credit_card', account_category: 'liability', closing_date: '2026-02-28' });
    const gifts = await createAllocation(ctx.user.scope, f.budget.id, f.category.id, { name: 'Gifts' });
    await createBudget(ctx.user.scope, '2026-04-01');
    await createTransaction(ctx.user.scope, f.bankAccount.id, '2026-03-05', { description: 'Store', withdrawal_amount: 4_000, deposit_amount: 0, status: 'unpaid' });
    const window = await getWindow(ctx.server, ctx.user, f.bankAccount.id, f.budget.id);
    const saved = await saveWindow(ctx.server, ctx.user, {
      bank_account_id: f.bankAccount.id,
      budget_id: f.budget.id,
      window_lock_version: window.lockVersion,
      transactions: [{ ...window.body[0], splits: [{ amount: -3_000, allocation_id: f.allocation.id }, { amount: -1_000, allocation_id: gifts.id, memo: 'card' }] }],
    });
    expect(saved.status).toBe(200);
    const closed = await call(ctx.server, ctx.user, { method: 'PUT', url: `/budgets/${f.budget.id}/close` });
    expect(closed.status).toBe(200);
    const copies = await ctx.user.scope.selectFrom('transactions').selectAll().where('brought_forward_status', '=', 'added').execute();
    expect(copies).toHaveLength(1);
    const copyParts = await ctx.user.scope.selectFrom('transaction_splits').selectAll().where('transaction_id', '=', copies[0].id).orderBy('position').execute();
    expect(copyParts.map((p) => [p.amount, p.allocation_id, p.memo])).toEqual([
      [-3_000, f.allocation.id, null],
      [-1_000, gifts.id, 'card'],
    ]);
    expect(await spentOf(f.budget.id)).toEqual({ Groceries: 3_000, Gifts: 1_000 });
    await sumsAgree();
    const reopened = await call(ctx.server, ctx.user, { method: 'POST', url: '/budgets/reopen_last_budget' });
    expect(reopened.status).toBe(200);
    expect(await ctx.user.scope.selectFrom('transaction_splits').select('id').execute()).toHaveLength(2);
    await sumsAgree();
  });
});

/** Issue 44: every figure that uses an allocation uses the parts, and a split row travels whole. */
describe.each(testDialects)('split rows in reports, Find, the export and the import on %s', (dialect) => {
  const ctx = useTestServer(dialect);

  async function splitReceipt() {
    const f = await windowFixture(ctx.user.scope, { closing_date: '2026-02-28' });
    const gifts = await createAllocation(ctx.user.scope, f.budget.id, f.category.id, { name: 'Gifts', allocation_class: 'need' });
    await createTransaction(ctx.user.scope, f.bankAccount.id, '2026-03-05', { description: 'Supermarket', withdrawal_amount: 10_000, deposit_amount: 0 });
    const window = await getWindow(ctx.server, ctx.user, f.bankAccount.id, f.budget.id);
    const saved = await saveWindow(ctx.server, ctx.user, {
      bank_account_id: f.bankAccount.id,
      budget_id: f.budget.id,
      window_lock_version: window.lockVersion,
      transactions: [{ ...window.body[0], splits: [{ amount: -7_000, allocation_id: f.allocation.id, memo: 'weekly shop' }, { amount: -3_000, allocation_id: gifts.id, memo: 'birthday present' }] }],
    });
    expect(saved.status).toBe(200);
    return { ...f, gifts };
  }

  it('Category Spending and Needs vs Wants count each part toward its allocation', async () => {
    await splitReceipt();
    const spending = await call<{ data: Array<{ category_name: string; spent: number }> }>(ctx.server, ctx.user, { method: 'GET', url: '/reports/category_spending' });
    expect(spending.body.data.map((row) => [row.category_name, row.spent])).toEqual([['Food', 10_000]]);
    const needs = await call<{ data: Array<{ actual_needs: number }> }>(ctx.server, ctx.user, { method: 'GET', url: '/reports/needs_vs_wants' });
    expect(needs.body.data.map((row) => row.actual_needs)).toEqual([3_000]);
  });

  it('Find Transactions finds a split row by a part\'s allocation or memo, and shows its parts', async () => {
    const f = await splitReceipt();
    type Found = { description: string; allocation_name: string | null; splits?: Array<{ amount: number; allocation_name: string; memo: string | null }> };
    const search = (query: string) => call<{ results: Found[]; total: number }>(ctx.server, ctx.user, { method: 'GET', url: `/transactions/search?${query}` });
    const byAllocation = await search(`allocation_id=${f.gifts.id}`);
    expect(byAllocation.body.results.map((r) => [r.description, r.allocation_name, r.splits?.length])).toEqual([['Supermarket', 'Groceries, Gifts', 2]]);
    // Each part is named by its own allocation, with its amount and memo (the screen lists them under the row).
    expect(byAllocation.body.results[0].splits!.map((p) => [p.allocation_name, p.amount, p.memo])).toEqual([
      ['Groceries', -7_000, 'weekly shop'],
      ['Gifts', -3_000, 'birthday present'],
    ]);
    expect((await search('q=birthday')).body.results.map((r) => r.description)).toEqual(['Supermarket']);
    expect((await search('q=nothing%20like%20it')).body.total).toBe(0);
  });

  it('the export carries the parts; the import writes them back (new ids) and the budget reads the same; the CSV has a line per part', async () => {
    const f = await splitReceipt();
    const exported = await call<{ transactions: Array<{ splits?: Array<{ amount: number; memo: string | null }> }> }>(ctx.server, ctx.user, { method: 'GET', url: '/household/export' });
    expect(exported.body.transactions[0].splits!.map((p) => [p.amount, p.memo])).toEqual([
      [-7_000, 'weekly shop'],
      [-3_000, 'birthday present'],
    ]);
    const csv = await ctx.server.app.inject({ method: 'GET', url: '/household/export/transactions.csv', headers: ctx.user.headers });
    expect(csv.body).toMatch(/Supermarket \(Split \(1\/2\): weekly shop\),70\.00/);
    expect(csv.body).toMatch(/Supermarket \(Split \(2\/2\): birthday present\),30\.00/);

    const before = await call<Budget>(ctx.server, ctx.user, { method: 'GET', url: `/budgets/${f.budget.id}` });
    const newcomer = await signUpAndIn(ctx.server);
    const imported = await call(ctx.server, newcomer, { method: 'POST', url: '/household/import', payload: exported.body });
    expect(imported.status).toBe(200);
    const budgets = await call<Array<{ id: number }>>(ctx.server, newcomer, { method: 'GET', url: '/budgets' });
    const after = await call<Budget>(ctx.server, newcomer, { method: 'GET', url: `/budgets/${budgets.body[0].id}` });
    expect(after.body.allocations.map((a) => [a.name, a.spent])).toEqual(before.body.allocations.map((a) => [a.name, a.spent]));
    expect(after.body.allocations.map((a) => a.spent)).toEqual([7_000, 3_000]);
    expect((await checkStoredSums(ctx.server.db)).filter((c) => c.differences.length > 0)).toEqual([]);
  });

  it('an import whose parts do not add up to their row is refused as damaged, nothing written', async () => {
    await splitReceipt();
    const exported = await call<{ transactions: Array<{ splits?: Array<{ amount: number }> }> }>(ctx.server, ctx.user, { method: 'GET', url: '/household/export' });
    exported.body.transactions[0].splits![0].amount = -6_000;
    const newcomer = await signUpAndIn(ctx.server);
    const refused = await call<ErrorBody>(ctx.server, newcomer, { method: 'POST', url: '/household/import', payload: exported.body });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.join('\n')).toMatch(/the parts add up to -90\.00; the row is -100\.00/);
    expect(await call<unknown[]>(ctx.server, newcomer, { method: 'GET', url: '/budgets' }).then((r) => r.body)).toEqual([]);
  });
});
