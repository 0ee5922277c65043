import { BUDGET_CLOSED_MESSAGE, BUDGET_CONFLICT_MESSAGE, type Budget } from '../../../src/shared/schemas/budgets';
import {
  createAllocation,
  createBankAccount,
  createBudget,
  createCategory,
  createIncome,
  createSpecialEvent,
  createTransaction,
  householdSnapshot,
} from '../../support/builders';
import { call, type SignedInUser, signInAgain, signInPartner, signUpAndIn, testDialects, useTestServer } from '../../support/testServer';

describe.each(testDialects)('editing a budget on %s', (dialect) => {
  const ctx = useTestServer(dialect);

  const put = (id: number, payload: object, who: SignedInUser = ctx.user) =>
    call<Budget>(ctx.server, who, { method: 'PUT', url: `/budgets/${id}`, payload });

  async function arrange() {
    const { scope } = ctx.user;
    const budget = await createBudget(scope, '2026-01-01');
    const category = await createCategory(scope, { name: 'Home' });
    const account = await createBankAccount(scope);
    const salary = await createIncome(scope, budget.id, { name: 'Salary', amount: 300_000 });
    const bonus = await createIncome(scope, budget.id, { name: 'Bonus', amount: 50_000 });
    const rent = await createAllocation(scope, budget.id, category.id, { name: 'Rent', amount: 150_000 });
    const food = await createAllocation(scope, budget.id, category.id, { name: 'Food', amount: 40_000 });
    return { budget, category, account, salary, bonus, rent, food };
  }

  it('creates, updates and deletes rows by id and flag, leaves unmentioned rows alone and returns the budget', async () => {
    const { budget, category, account, salary, bonus, rent, food } = await arrange();
    const event = await createSpecialEvent(ctx.user.scope);
    const response = await put(budget.id, {
      lock_version: 0,
      incomes: [
        { id: salary.id, name: ' Salary (net) ', amount: 310_000, bank_account_id: account.id, comment: 'raise' },
        { id: bonus.id, name: 'Bonus', amount: 50_000, deleted: true },
        { id: 0, name: 'Side job', amount: 12_345 },
        { name: 'Skipped', amount: 1, deleted: true },
      ],
      allocations: [
        { id: rent.id, name: 'Rent', amount: 155_000, allocation_class: 'need', is_fixed_amount: true, special_event_id: event.id },
        { id: null, name: 'Savings', amount: 20_000, allocation_category_id: category.id, allocation_class: 'savings' },
      ],
    });

    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.lock_version).toBe(1);
    expect(body.incomes.map((i) => [i.name, i.amount, i.bank_account_id, i.comment])).toEqual([
      ['Salary (net)', 310_000, account.id, 'raise'],
      ['Side job', 12_345, null, null],
    ]);
    expect(body.allocations.map((a) => [a.name, a.amount, a.allocation_class, a.is_fixed_amount, a.special_event_id])).toEqual([
      ['Rent', 155_000, 'need', true, event.id],
      ['Food', 40_000, 'want', false, null],
      ['Savings', 20_000, 'savings', false, null],
    ]);
    expect(body.allocations[1].id).toBe(food.id);
    const get = await call<Budget>(ctx.server, ctx.user, { method: 'GET', url: `/budgets/${budget.id}` });
    expect(get.body).toEqual(body);
    expect(await ctx.user.scope.selectFrom('incomes').select('id').where('id', '=', bonus.id).executeTakeFirst()).toBeUndefined();
  });

  it('accepts the whole budget nested under "budget" and without lock_version', async () => {
    const { budget, salary } = await arrange();
    const response = await put(budget.id, { budget: { id: budget.id, name: 'ignored', incomes: [{ id: salary.id, name: 'Salary', amount: 1 }] } });
    expect(response.status).toBe(200);
    expect(response.body.incomes.find((i) => i.id === salary.id)?.amount).toBe(1);
    expect(response.body.name).toBe('Jan 01 - Jan 31, 2026');
    expect(response.body.lock_version).toBe(1);
  });

  it("refuses a save that is stale because the partner saved since (409, nothing written)", async () => {
    const { budget, salary } = await arrange();
    const partner = await signInPartner(ctx.server, ctx.user);
    expect((await put(budget.id, { lock_version: 0, incomes: [{ id: salary.id, name: 'Salary', amount: 1 }] }, partner)).status).toBe(200);
    const before = await householdSnapshot(ctx.user.scope);
    const stale = await put(budget.id, { lock_version: 0, incomes: [{ id: salary.id, name: 'Salary', amount: 2 }] });
    expect(stale).toMatchObject({ status: 409, body: { success: false, errors: [BUDGET_CONFLICT_MESSAGE] } });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it('refuses a second draft of the same session (another tab) and accepts a save from the version its own save returned', async () => {
    const { budget, salary } = await arrange();
    const first = await put(budget.id, { lock_version: 0, incomes: [{ id: salary.id, name: 'Salary', amount: 1 }] });
    expect([first.status, first.body.lock_version]).toEqual([200, 1]);
    const before = await householdSnapshot(ctx.user.scope);
    const otherTab = await put(budget.id, { lock_version: 0, incomes: [{ id: salary.id, name: 'Salary', amount: 2 }] });
    expect(otherTab).toMatchObject({ status: 409, body: { errors: [BUDGET_CONFLICT_MESSAGE] } });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    const again = await put(budget.id, { lock_version: first.body.lock_version, incomes: [{ id: salary.id, name: 'Salary', amount: 2 }] });
    expect(again.status).toBe(200);
    expect(again.body.incomes.find((i) => i.id === salary.id)?.amount).toBe(2);
    expect(again.body.lock_version).toBe(2);
  });

  it("refuses the first session's stale save once another session (or device) has saved in between", async () => {
    const { budget, salary } = await arrange();
    const otherDevice = await signInAgain(ctx.server, ctx.user);
    expect((await put(budget.id, { lock_version: 0, incomes: [{ id: salary.id, name: 'Salary', amount: 1 }] })).status).toBe(200);
    expect((await put(budget.id, { lock_version: 1, incomes: [{ id: salary.id, name: 'Salary', amount: 5 }] }, otherDevice)).status).toBe(200);
    const stale = await put(budget.id, { lock_version: 0, incomes: [{ id: salary.id, name: 'Salary', amount: 2 }] });
    expect(stale.status).toBe(409);
    const rebased = await put(budget.id, { lock_version: 2, incomes: [{ id: salary.id, name: 'Salary', amount: 3 }] });
    expect(rebased.status).toBe(200);
    expect((await put(budget.id, { lock_version: 2, incomes: [{ id: salary.id, name: 'Salary', amount: 4 }] })).status).toBe(409);
    expect((await put(budget.id, { lock_version: 3, incomes: [{ id: salary.id, name: 'Salary', amount: 4 }] })).status).toBe(200);
  });

  it('refuses row ids of another budget or another household (422, nothing written)', async () => {
    const { budget, category } = await arrange();
    const next = await createBudget(ctx.user.scope, '2026-02-01');
    const elsewhere = await createIncome(ctx.user.scope, next.id);
    const other = await signUpAndIn(ctx.server);
    const theirBudget = await createBudget(other.scope, '2026-01-01');
    const theirAllocation = await createAllocation(other.scope, theirBudget.id, (await createCategory(other.scope)).id);
    const before = await householdSnapshot(ctx.user.scope);
    const theirsBefore = await householdSnapshot(other.scope);

    const foreignIncome = await put(budget.id, { incomes: [{ id: elsewhere.id, name: 'Moved', amount: 5 }, { id: 0, name: 'New', amount: 1 }] });
    expect(foreignIncome).toMatchObject({ status: 422, body: { errors: [`Income ${elsewhere.id} is not part of this budget`] } });
    const foreignAllocation = await put(budget.id, {
      allocations: [{ id: theirAllocation.id, name: 'Mine now', amount: 5, allocation_category_id: category.id, deleted: true }],
    });
    expect(foreignAllocation).toMatchObject({ status: 422, body: { errors: [`Allocation ${theirAllocation.id} is not part of this budget`] } });

    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    expect(await householdSnapshot(other.scope)).toEqual(theirsBefore);
  });

  it('requires names: "Name can\'t be blank" for new and renamed rows', async () => {
    const { budget, category, salary } = await arrange();
    const before = await householdSnapshot(ctx.user.scope);
    const response = await put(budget.id, {
      incomes: [{ id: 0, name: '  ', amount: 5 }, { id: salary.id, name: '', amount: 5 }],
      allocations: [{ amount: 5, allocation_category_id: category.id }],
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      success: false,
      errors: ["Name can't be blank"],
      field_errors: { 'incomes.0.name': ["Name can't be blank"], 'incomes.1.name': ["Name can't be blank"], 'allocations.0.name': ["Name can't be blank"] },
    });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it("refuses an allocation without a category or with another household's category", async () => {
    const { budget, rent } = await arrange();
    const other = await signUpAndIn(ctx.server);
    const theirCategory = await createCategory(other.scope);
    const before = await householdSnapshot(ctx.user.scope);
    const missing = await put(budget.id, { allocations: [{ name: 'New', amount: 5 }] });
    expect(missing).toMatchObject({ status: 422, body: { errors: ["Allocation category can't be blank"] } });
    const foreign = await put(budget.id, { allocations: [{ id: rent.id, name: 'Rent', amount: 5, allocation_category_id: theirCategory.id }] });
    expect(foreign).toMatchObject({ status: 422, body: { errors: ["Allocation category doesn't exist"] } });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it("refuses incomes paid into another household's bank account and unknown special events", async () => {
    const { budget, rent } = await arrange();
    const other = await signUpAndIn(ctx.server);
    const theirAccount = await createBankAccount(other.scope);
    const theirEvent = await createSpecialEvent(other.scope);
    const before = await householdSnapshot(ctx.user.scope);
    const response = await put(budget.id, {
      incomes: [{ name: 'Salary', amount: 5, bank_account_id: theirAccount.id }],
      allocations: [{ id: rent.id, name: 'Rent', amount: 5, special_event_id: theirEvent.id }],
    });
    expect(response).toMatchObject({ status: 422, body: { errors: ["Bank account doesn't exist", "Special event doesn't exist"] } });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it('refuses to delete an allocation that has transactions, naming it and the count', async () => {
    const { budget, account, rent, food } = await arrange();
    await createTransaction(ctx.user.scope, account.id, '2026-01-05', { allocation_id: food.id });
    await createTransaction(ctx.user.scope, account.id, '2026-01-06', { allocation_id: food.id });
    const before = await householdSnapshot(ctx.user.scope);
    const response = await put(budget.id, {
      allocations: [
        { id: rent.id, name: 'Rent', amount: 1, deleted: true },
        { id: food.id, name: 'Food', amount: 1, deleted: true },
      ],
    });
    expect(response).toMatchObject({ status: 422, body: { errors: ["Allocation 'Food' has 2 transactions and cannot be deleted"] } });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it('treats a closed budget as read-only', async () => {
    const budget = await createBudget(ctx.user.scope, '2026-01-01', { status: 'closed' });
    const before = await householdSnapshot(ctx.user.scope);
    const response = await put(budget.id, { lock_version: 0, incomes: [{ name: 'Salary', amount: 5 }] });
    expect(response).toMatchObject({ status: 422, body: { success: false, errors: [BUDGET_CLOSED_MESSAGE] } });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it("answers 404 for another household's budget and changes nothing", async () => {
    const other = await signUpAndIn(ctx.server);
    const theirs = await createBudget(other.scope, '2026-01-01');
    const before = await householdSnapshot(other.scope);
    const response = await put(theirs.id, { incomes: [{ name: 'Salary', amount: 5 }] });
    expect(response).toMatchObject({ status: 404, body: { success: false, errors: ['Budget not found'] } });
    expect(await householdSnapshot(other.scope)).toEqual(before);
  });
});
