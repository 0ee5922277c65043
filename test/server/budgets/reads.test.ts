import { countingScope } from '../../support/statementCounter';
import type { Budget, BudgetSummary, FutureBudget } from '../../../src/shared/schemas/budgets';
import { readBudget } from '../../../server/services/budgets/budgetReads';
import {
  createAllocation,
  createBankAccount,
  createBudget,
  createCategory,
  createIncome,
  createTransaction,
} from '../../support/builders';
import { call, type SignedInUser, testDialects, useTestServer } from '../../support/testServer';

describe.each(testDialects)('budget reads on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  const get = <T>(who: SignedInUser, url: string) => call<T>(ctx.server, who, { method: 'GET', url });

  it('shows a budget with its incomes and allocations, spent excluding carried-forward copies', async () => {
    const { scope } = ctx.user;
    const budget = await createBudget(scope, '2026-01-23');
    const groceries = await createCategory(scope, { name: 'Groceries' });
    const account = await createBankAccount(scope);
    const card = await createBankAccount(scope, { account_type: 'credit_card', account_category: 'liability' });
    const salary = await createIncome(scope, budget.id, { name: 'Salary', amount: 500_000, bank_account_id: account.id, comment: 'monthly' });
    const food = await createAllocation(scope, budget.id, groceries.id, { name: 'Food', amount: 80_000, allocation_class: 'need', is_fixed_amount: 1 });
    const fun = await createAllocation(scope, budget.id, groceries.id, { name: 'Fun', amount: 5_000 });
    await createTransaction(scope, account.id, '2026-01-25', { allocation_id: food.id, withdrawal_amount: 12_345 });
    await createTransaction(scope, account.id, '2026-01-26', { allocation_id: food.id, withdrawal_amount: 0, deposit_amount: 345 });
    await createTransaction(scope, card.id, '2026-01-27', { allocation_id: food.id, withdrawal_amount: 1_000, brought_forward_status: 'brought_forward' });
    await createTransaction(scope, card.id, '2026-02-23', { allocation_id: food.id, withdrawal_amount: 1_000, brought_forward_status: 'added' });
    await createTransaction(scope, card.id, '2026-02-23', { allocation_id: food.id, withdrawal_amount: -1_000, brought_forward_status: 'adjustment' });

    const response = await get<Budget>(ctx.user, `/budgets/${budget.id}`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: budget.id,
      name: 'Jan 23 - Feb 22, 2026',
      start_date: '2026-01-23',
      end_date: '2026-02-22',
      status: 'open',
      lock_version: 0,
      incomes: [{ id: salary.id, name: 'Salary', amount: 500_000, budget_id: budget.id, bank_account_id: account.id, comment: 'monthly', owner: 'shared' }],
      allocations: [
        {
          id: food.id,
          name: 'Food',
          amount: 80_000,
          spent: 13_000,
          budget_id: budget.id,
          allocation_category_id: groceries.id,
          allocation_category: { id: groceries.id, name: 'Groceries' },
          allocation_class: 'need',
          is_fixed_amount: true,
          comment: null,
          special_event_id: null,
        },
        expect.objectContaining({ id: fun.id, spent: 0, is_fixed_amount: false, allocation_class: 'want' }),
      ],
    });
  });

  it('reads a budget in the same few queries however many lines it has', async () => {
    const { scope } = ctx.user;
    const category = await createCategory(scope);
    const account = await createBankAccount(scope);
    const small = await createBudget(scope, '2026-01-01');
    const large = await createBudget(scope, '2026-02-01');
    await createAllocation(scope, small.id, category.id);
    for (let i = 0; i < 30; i++) {
      const allocation = await createAllocation(scope, large.id, category.id);
      await createIncome(scope, large.id);
      await createTransaction(scope, account.id, '2026-02-03', { allocation_id: allocation.id });
    }
    // Statements, not query nodes: spent's union of rows and split parts is one statement with subqueries.
    const queriesFor = async (id: number) => {
      const { scope: counted, counter } = countingScope(ctx.server.db, ctx.user.householdId);
      const result = await readBudget(counted, id);
      return { count: counter.statements, result };
    };
    const forSmall = await queriesFor(small.id);
    const forLarge = await queriesFor(large.id);
    expect(forLarge.result.allocations).toHaveLength(30);
    expect(forLarge.result.allocations.every((a) => a.spent === 1_000)).toBe(true);
    expect(forLarge.count).toBe(forSmall.count);
    expect(forLarge.count).toBeLessThanOrEqual(4);
  });

  it('lists budgets newest first', async () => {
    const a = await createBudget(ctx.user.scope, '2026-01-01', { status: 'closed' });
    const c = await createBudget(ctx.user.scope, '2026-03-01');
    const b = await createBudget(ctx.user.scope, '2026-02-01');
    await createBudget(ctx.other.scope, '2026-04-01');
    const response = await get<BudgetSummary[]>(ctx.user, '/budgets');
    expect(response.status).toBe(200);
    expect(response.body.map((x) => x.id)).toEqual([c.id, b.id, a.id]);
    expect(response.body[2]).toEqual({ id: a.id, name: 'Jan 01 - Jan 31, 2026', start_date: '2026-01-01', end_date: '2026-01-31', status: 'closed' });
  });

  it('names the current budget: the open one with the earliest start', async () => {
    await createBudget(ctx.user.scope, '2026-01-01', { status: 'closed' });
    const current = await createBudget(ctx.user.scope, '2026-02-01');
    await createBudget(ctx.user.scope, '2026-03-01');
    expect(await get(ctx.user, '/budgets/current')).toMatchObject({ status: 200, body: { budget_id: current.id } });
  });

  it('answers 404 "There is no open budget" when none is open', async () => {
    await createBudget(ctx.user.scope, '2026-01-01', { status: 'closed' });
    await createBudget(ctx.other.scope, '2026-02-01');
    expect(await get(ctx.user, '/budgets/current')).toMatchObject({ status: 404, body: { success: false, errors: ['There is no open budget'] } });
  });

  it('lists every open budget oldest first with lines and no spent for the future grid', async () => {
    const { scope } = ctx.user;
    const category = await createCategory(scope);
    await createBudget(scope, '2026-01-01', { status: 'closed' });
    const feb = await createBudget(scope, '2026-02-01');
    const mar = await createBudget(scope, '2026-03-01');
    const febIncome = await createIncome(scope, feb.id);
    const marAllocation = await createAllocation(scope, mar.id, category.id);
    await createBudget(ctx.other.scope, '2026-02-01');

    const response = await get<FutureBudget[]>(ctx.user, '/budgets/future');
    expect(response.status).toBe(200);
    expect(response.body.map((b) => b.id)).toEqual([feb.id, mar.id]);
    expect(response.body[0].incomes.map((i) => i.id)).toEqual([febIncome.id]);
    expect(response.body[0].allocations).toEqual([]);
    expect(response.body[1].allocations).toEqual([
      expect.objectContaining({ id: marAllocation.id, allocation_category: { id: category.id, name: category.name } }),
    ]);
    expect(response.body[1].allocations[0]).not.toHaveProperty('spent');
  });

  it("answers 404 for another household's budget and for ids that cannot exist", async () => {
    const theirs = await createBudget(ctx.other.scope, '2026-01-01');
    for (const url of [`/budgets/${theirs.id}`, '/budgets/999999', '/budgets/99999999999999']) {
      expect(await get(ctx.user, url)).toMatchObject({ status: 404, body: { success: false, errors: ['Budget not found'] } });
    }
    expect((await get(ctx.user, '/budgets/abc')).status).toBe(422);
  });
});
