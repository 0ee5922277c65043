import type { Allocation } from '../../src/shared/schemas/budgets';
import { createAllocation, createBankAccount, createBudget, createCategory, createTransaction } from '../support/builders';
import { call, signUpAndIn, testDialects, useTestServer } from '../support/testServer';

describe.each(testDialects)('GET /allocations on %s', (dialect) => {
  const ctx = useTestServer(dialect, { userPerTest: false });

  it("lists a budget's allocations with spent and category", async () => {
    const { scope } = ctx.user;
    const budget = await createBudget(scope, '2026-01-01');
    const elsewhere = await createBudget(scope, '2026-02-01');
    const category = await createCategory(scope, { name: 'Transport' });
    const account = await createBankAccount(scope);
    const bus = await createAllocation(scope, budget.id, category.id, { name: 'Bus', amount: 3_000 });
    await createAllocation(scope, elsewhere.id, category.id);
    await createTransaction(scope, account.id, '2026-01-02', { allocation_id: bus.id, withdrawal_amount: 250 });
    await createTransaction(scope, account.id, '2026-01-03', { allocation_id: bus.id, withdrawal_amount: 250, brought_forward_status: 'added' });

    const response = await call<Allocation[]>(ctx.server, ctx.user, { method: 'GET', url: `/allocations?budget_id=${budget.id}` });

    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      expect.objectContaining({ id: bus.id, name: 'Bus', amount: 3_000, spent: 250, budget_id: budget.id, allocation_category: { id: category.id, name: 'Transport' } }),
    ]);
  });

  it("answers 404 for another household's budget and 422 without a budget id", async () => {
    const other = await signUpAndIn(ctx.server);
    const theirs = await createBudget(other.scope, '2026-01-01');
    await createAllocation(other.scope, theirs.id, (await createCategory(other.scope)).id);
    expect(await call(ctx.server, ctx.user, { method: 'GET', url: `/allocations?budget_id=${theirs.id}` })).toMatchObject({
      status: 404,
      body: { success: false, errors: ['Budget not found'] },
    });
    expect((await call(ctx.server, ctx.user, { method: 'GET', url: '/allocations' })).status).toBe(422);
    expect((await call(ctx.server, ctx.user, { method: 'GET', url: '/allocations?budget_id=x' })).status).toBe(422);
    expect((await call(ctx.server, ctx.user, { method: 'GET', url: '/allocations?budget_id=123456789012' })).status).toBe(404);
  });
});
