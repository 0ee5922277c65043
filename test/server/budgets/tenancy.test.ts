import { createAllocation, createBankAccount, createBudget, createCategory, createIncome, householdSnapshot } from '../../support/builders';
import { call, type SignedInUser, refusalDialects, useTestServer } from '../../support/testServer';

/** Every budget endpoint, pointed at another household's budget: a 404 and not one row changed on either side. */
describe.each(refusalDialects)("another household's budgets on %s", (dialect) => {
  // Signed in once for the suite: the caller is the intruder, the other household owns the budgets.
  const ctx = useTestServer(dialect, { userPerTest: false, otherHousehold: true });
  let intruder: SignedInUser;
  let owner: SignedInUser;
  let budgetId: number;
  let incomeId: number;
  let allocationId: number;
  let categoryId: number;
  beforeAll(async () => {
    ({ user: intruder, other: owner } = ctx);
    await createBudget(owner.scope, '2025-12-01', { status: 'closed' });
    const budget = await createBudget(owner.scope, '2026-01-01');
    budgetId = budget.id;
    categoryId = (await createCategory(owner.scope)).id;
    incomeId = (await createIncome(owner.scope, budget.id)).id;
    allocationId = (await createAllocation(owner.scope, budget.id, categoryId)).id;
    await createBankAccount(owner.scope, { opening_balance: 1_000 });
    await createBudget(intruder.scope, '2026-01-01');
  });

  const requests = () =>
    [
      ['GET', `/budgets/${budgetId}`],
      ['GET', `/allocations?budget_id=${budgetId}`],
      ['PUT', `/budgets/${budgetId}`, { incomes: [{ id: incomeId, name: 'Hacked', amount: 1 }] }],
      ['PUT', `/budgets/${budgetId}/copy`],
      ['PUT', `/budgets/${budgetId}/close`],
      ['DELETE', `/budgets/${budgetId}`],
      ['POST', '/budgets/mass_update', { type: 'allocation', name: 'Hacked', amounts: [{ id: allocationId, amount: 0, budget_id: budgetId }] }],
    ] as const;

  it.each([0, 1, 2, 3, 4, 5, 6])('request %i answers 404 and changes nothing', async (index) => {
    const [method, url, payload] = requests()[index] as readonly [string, string, object?];
    const ownerBefore = await householdSnapshot(owner.scope);
    const intruderBefore = await householdSnapshot(intruder.scope);
    const response = await call(ctx.server, intruder, { method: method as 'GET', url, payload });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, errors: ['Budget not found'] });
    expect(await householdSnapshot(owner.scope)).toEqual(ownerBefore);
    expect(await householdSnapshot(intruder.scope)).toEqual(intruderBefore);
  });

  it("never lists, reopens or counts another household's budgets", async () => {
    const list = await call<Array<{ id: number }>>(ctx.server, intruder, { method: 'GET', url: '/budgets' });
    expect(list.body.map((b) => b.id)).not.toContain(budgetId);
    const future = await call<Array<{ id: number }>>(ctx.server, intruder, { method: 'GET', url: '/budgets/future' });
    expect(future.body.map((b) => b.id)).not.toContain(budgetId);
    const ownerBefore = await householdSnapshot(owner.scope);
    expect((await call(ctx.server, intruder, { method: 'POST', url: '/budgets/reopen_last_budget' })).status).toBe(422);
    expect(await householdSnapshot(owner.scope)).toEqual(ownerBefore);
  });
});
