import { BUDGET_CLOSED_MESSAGE } from '../../../src/shared/schemas/budgets';
import { createAllocation, createBankAccount, createBudget, createCategory, createIncome, createTransaction, householdSnapshot } from '../../support/builders';
import { call, type SignedInUser, signUpAndIn, testDialects, useTestServer } from '../../support/testServer';

describe.each(testDialects)('mass update on %s', (dialect) => {
  const ctx = useTestServer(dialect);

  const massUpdate = (payload: unknown, who: SignedInUser = ctx.user) =>
    call(ctx.server, who, { method: 'POST', url: '/budgets/mass_update', payload: payload as object });

  async function threeBudgets() {
    const { scope } = ctx.user;
    const budgets = [await createBudget(scope, '2026-01-01'), await createBudget(scope, '2026-02-01'), await createBudget(scope, '2026-03-01')];
    const category = await createCategory(scope);
    return { budgets, category };
  }

  const linesOf = (table: 'incomes' | 'allocations') =>
    ctx.user.scope.selectFrom(table).select(['id', 'budget_id', 'name', 'amount']).orderBy('budget_id').orderBy('id').execute();

  it('creates, renames and deletes an allocation line across budgets, ignoring extra keys', async () => {
    const { budgets, category } = await threeBudgets();
    const [jan, feb, mar] = budgets;
    const janFuel = await createAllocation(ctx.user.scope, jan.id, category.id, { name: 'Fuel', amount: 10_000 });
    const febFuel = await createAllocation(ctx.user.scope, feb.id, category.id, { name: 'Fuel', amount: 10_000 });
    const response = await massUpdate({
      type: 'allocation',
      name: 'Petrol',
      allocation_category_id: category.id,
      amounts: [
        { id: janFuel.id, amount: 12_000, budget_id: jan.id, originalAmount: 100.5, budgetIncome: 3000.25, totalBudgetAllocationsWithoutCurrent: 1.5 },
        { id: febFuel.id, amount: 0, budget_id: feb.id, originalAmount: 100 },
        { id: 0, amount: 13_000, budget_id: mar.id, originalAmount: 0 },
      ],
    });
    expect(response).toMatchObject({ status: 200, body: { success: true } });
    expect(await linesOf('allocations')).toEqual([
      { id: janFuel.id, budget_id: jan.id, name: 'Petrol', amount: 12_000 },
      { id: expect.any(Number), budget_id: mar.id, name: 'Petrol', amount: 13_000 },
    ]);
    const created = await ctx.user.scope.selectFrom('allocations').selectAll().where('budget_id', '=', mar.id).executeTakeFirstOrThrow();
    expect(created).toMatchObject({ allocation_category_id: category.id, allocation_class: 'want', is_fixed_amount: 0 });
    const versions = await ctx.user.scope.selectFrom('budgets').select(['id', 'lock_version']).orderBy('start_date').execute();
    expect(versions.map((v) => v.lock_version)).toEqual([1, 1, 1]);
  });

  it('creates income lines with their bank account, skips new zero amounts and bumps only touched budgets', async () => {
    const { budgets } = await threeBudgets();
    const account = await createBankAccount(ctx.user.scope);
    const response = await massUpdate({
      type: 'income',
      name: 'Rental',
      bank_account_id: account.id,
      amounts: [
        { id: 0, amount: 0, budget_id: budgets[0].id },
        { id: null, amount: 50_000, budget_id: budgets[1].id },
      ],
    });
    expect(response.status).toBe(200);
    const incomes = await ctx.user.scope.selectFrom('incomes').selectAll().execute();
    expect(incomes).toEqual([expect.objectContaining({ budget_id: budgets[1].id, name: 'Rental', amount: 50_000, bank_account_id: account.id })]);
    const versions = await ctx.user.scope.selectFrom('budgets').select(['lock_version']).orderBy('start_date').execute();
    expect(versions.map((v) => v.lock_version)).toEqual([0, 1, 0]);
  });

  it('refuses deleting a line with transactions, writing nothing', async () => {
    const { budgets, category } = await threeBudgets();
    const account = await createBankAccount(ctx.user.scope);
    const used = await createAllocation(ctx.user.scope, budgets[0].id, category.id, { name: 'Fuel' });
    const other = await createAllocation(ctx.user.scope, budgets[1].id, category.id, { name: 'Fuel' });
    await createTransaction(ctx.user.scope, account.id, '2026-01-04', { allocation_id: used.id });
    const before = await householdSnapshot(ctx.user.scope);
    const response = await massUpdate({
      type: 'allocation',
      name: 'Fuel',
      allocation_category_id: category.id,
      amounts: [
        { id: other.id, amount: 5, budget_id: budgets[1].id },
        { id: used.id, amount: 0, budget_id: budgets[0].id },
      ],
    });
    expect(response).toMatchObject({ status: 422, body: { errors: ["Allocation 'Fuel' has 1 transaction and cannot be deleted"] } });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it('refuses a closed budget in the list', async () => {
    const closed = await createBudget(ctx.user.scope, '2025-12-01', { status: 'closed' });
    const { budgets } = await threeBudgets();
    const before = await householdSnapshot(ctx.user.scope);
    const response = await massUpdate({
      type: 'income',
      name: 'Salary',
      amounts: [
        { id: 0, amount: 5, budget_id: budgets[0].id },
        { id: 0, amount: 5, budget_id: closed.id },
      ],
    });
    expect(response).toMatchObject({ status: 422, body: { errors: [BUDGET_CLOSED_MESSAGE] } });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it.each([
    [{ type: 'income', name: '   ', amounts: [] }, "Name can't be blank"],
    [{ type: 'expense', name: 'Salary', amounts: [] }, 'Type must be income or allocation'],
    [{ type: 'allocation', name: 'Fuel', amounts: [{ id: 0, amount: 5, budget_id: 0 }] }, null],
    [{ type: 'allocation', name: 'Fuel', amounts: [{ id: 0, amount: 5.5, budget_id: 1 }] }, null],
  ])('refuses %j with 422', async (payload, message) => {
    await threeBudgets();
    const before = await householdSnapshot(ctx.user.scope);
    const response = await massUpdate(payload);
    expect(response.status).toBe(422);
    if (message) expect(response.body).toMatchObject({ success: false, errors: [message] });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it('refuses a new allocation line without a category of this household', async () => {
    const { budgets } = await threeBudgets();
    const other = await signUpAndIn(ctx.server);
    const theirs = await createCategory(other.scope);
    const before = await householdSnapshot(ctx.user.scope);
    const amounts = [{ id: 0, amount: 5, budget_id: budgets[0].id }];
    expect(await massUpdate({ type: 'allocation', name: 'Fuel', amounts })).toMatchObject({
      status: 422,
      body: { errors: ["Allocation category can't be blank"] },
    });
    expect(await massUpdate({ type: 'allocation', name: 'Fuel', allocation_category_id: theirs.id, amounts })).toMatchObject({
      status: 422,
      body: { errors: ["Allocation category doesn't exist"] },
    });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it("answers 404 for another household's budget and 422 for its lines, changing nothing anywhere", async () => {
    const { budgets } = await threeBudgets();
    const other = await signUpAndIn(ctx.server);
    const theirBudget = await createBudget(other.scope, '2026-01-01');
    const theirIncome = await createIncome(other.scope, theirBudget.id, { name: 'Salary' });
    const mine = await householdSnapshot(ctx.user.scope);
    const theirs = await householdSnapshot(other.scope);
    expect(await massUpdate({ type: 'income', name: 'Salary', amounts: [{ id: 0, amount: 5, budget_id: theirBudget.id }] })).toMatchObject({
      status: 404,
      body: { errors: ['Budget not found'] },
    });
    const foreignLine = await massUpdate({ type: 'income', name: 'Salary', amounts: [{ id: theirIncome.id, amount: 0, budget_id: budgets[0].id }] });
    expect(foreignLine.status).toBe(422);
    expect(await householdSnapshot(ctx.user.scope)).toEqual(mine);
    expect(await householdSnapshot(other.scope)).toEqual(theirs);
  });
});
