import type { Budget } from '../../../src/shared/schemas/budgets';
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
import { call, type SignedInUser, signUpAndIn, testDialects, useTestServer } from '../../support/testServer';

describe.each(testDialects)('copying a budget on %s', (dialect) => {
  const ctx = useTestServer(dialect);

  const copy = (id: number, who: SignedInUser = ctx.user) => call<Budget>(ctx.server, who, { method: 'PUT', url: `/budgets/${id}/copy` });

  it('creates the next month with every income and allocation copied and no transactions', async () => {
    const { scope } = ctx.user;
    await createBudget(scope, '2025-12-31', { status: 'closed' });
    const source = await createBudget(scope, '2026-01-31');
    const category = await createCategory(scope, { name: 'Bills' });
    const account = await createBankAccount(scope);
    const event = await createSpecialEvent(scope);
    await createIncome(scope, source.id, { name: 'Salary', amount: 300_000, bank_account_id: account.id, comment: 'net' });
    await createIncome(scope, source.id, { name: 'Gift', amount: 5_000 });
    const power = await createAllocation(scope, source.id, category.id, {
      name: 'Power',
      amount: 9_900,
      allocation_class: 'need',
      is_fixed_amount: 1,
      comment: 'estimate',
      special_event_id: event.id,
    });
    await createAllocation(scope, source.id, category.id, { name: 'Treats', amount: 2_500, allocation_class: 'want' });
    await createTransaction(scope, account.id, '2026-02-03', { allocation_id: power.id });

    const response = await copy(source.id);

    expect(response.status).toBe(200);
    const created = response.body;
    expect(created).toMatchObject({ start_date: '2026-02-28', end_date: '2026-03-27', name: 'Feb 28 - Mar 27, 2026', status: 'open', lock_version: 0 });
    expect(created.id).not.toBe(source.id);
    expect(created.incomes.map(({ name, amount, bank_account_id, comment, budget_id }) => ({ name, amount, bank_account_id, comment, budget_id }))).toEqual([
      { name: 'Salary', amount: 300_000, bank_account_id: account.id, comment: 'net', budget_id: created.id },
      { name: 'Gift', amount: 5_000, bank_account_id: null, comment: null, budget_id: created.id },
    ]);
    expect(created.allocations.map(({ id: _id, ...rest }) => rest)).toEqual([
      {
        name: 'Power',
        amount: 9_900,
        spent: 0,
        budget_id: created.id,
        allocation_category_id: category.id,
        allocation_category: { id: category.id, name: 'Bills' },
        allocation_class: 'need',
        is_fixed_amount: true,
        comment: 'estimate',
        special_event_id: event.id,
      },
      expect.objectContaining({ name: 'Treats', amount: 2_500, allocation_class: 'want', is_fixed_amount: false, spent: 0 }),
    ]);
    const transactions = await scope.selectFrom('transactions').select('id').execute();
    expect(transactions).toHaveLength(1);
    expect((await call<Budget>(ctx.server, ctx.user, { method: 'GET', url: `/budgets/${created.id}` })).body).toEqual(created);
  });

  it('copies only the newest budget, so copying twice cannot duplicate a period', async () => {
    const source = await createBudget(ctx.user.scope, '2026-01-01');
    expect((await copy(source.id)).status).toBe(200);
    const before = await householdSnapshot(ctx.user.scope);
    const again = await copy(source.id);
    expect(again).toMatchObject({ status: 422, body: { success: false, errors: ['Only the newest budget can be copied'] } });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it('refuses when the next period is already covered', async () => {
    // An older budget whose period runs long (imported data) covers the start of the next month.
    const source = await createBudget(ctx.user.scope, '2026-01-01', { end_date: '2026-02-10' });
    const before = await householdSnapshot(ctx.user.scope);
    const response = await copy(source.id);
    expect(response).toMatchObject({ status: 422, body: { errors: ['A budget already covers Feb 01, 2026'] } });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it("answers 404 for another household's budget and changes nothing", async () => {
    const other = await signUpAndIn(ctx.server);
    const theirs = await createBudget(other.scope, '2026-01-01');
    const theirsBefore = await householdSnapshot(other.scope);
    const mineBefore = await householdSnapshot(ctx.user.scope);
    expect(await copy(theirs.id)).toMatchObject({ status: 404, body: { errors: ['Budget not found'] } });
    expect(await householdSnapshot(other.scope)).toEqual(theirsBefore);
    expect(await householdSnapshot(ctx.user.scope)).toEqual(mineBefore);
  });
});
