import { BUDGET_CLOSED_MESSAGE } from '../../../src/shared/schemas/budgets';
import { createAllocation, createBankAccount, createBudget, createCategory, createIncome, createTransaction, householdSnapshot } from '../../support/builders';
import { call, type SignedInUser, signUpAndIn, testDialects, useTestServer } from '../../support/testServer';

describe.each(testDialects)('deleting a budget on %s', (dialect) => {
  const ctx = useTestServer(dialect);

  const remove = (id: number, who: SignedInUser = ctx.user) => call(ctx.server, who, { method: 'DELETE', url: `/budgets/${id}` });

  it('deletes the newest budget with its incomes and allocations', async () => {
    const { scope } = ctx.user;
    const older = await createBudget(scope, '2026-01-01');
    const newest = await createBudget(scope, '2026-02-01');
    const category = await createCategory(scope);
    await createIncome(scope, newest.id);
    await createAllocation(scope, newest.id, category.id);
    const kept = await createAllocation(scope, older.id, category.id);
    expect(await remove(newest.id)).toMatchObject({ status: 200, body: { success: true } });
    expect(await scope.selectFrom('budgets').select('id').execute()).toEqual([{ id: older.id }]);
    expect(await scope.selectFrom('incomes').select('id').execute()).toEqual([]);
    expect(await scope.selectFrom('allocations').select('id').execute()).toEqual([{ id: kept.id }]);
  });

  it('refuses any budget but the newest', async () => {
    const older = await createBudget(ctx.user.scope, '2026-01-01');
    await createBudget(ctx.user.scope, '2026-02-01');
    const before = await householdSnapshot(ctx.user.scope);
    expect(await remove(older.id)).toMatchObject({ status: 422, body: { errors: ['Only the newest budget can be deleted'] } });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it('refuses while transactions are dated in its period or point at its allocations', async () => {
    const { scope } = ctx.user;
    const account = await createBankAccount(scope);
    const dated = await createBudget(scope, '2026-01-01');
    await createTransaction(scope, account.id, '2026-01-31');
    let before = await householdSnapshot(scope);
    expect(await remove(dated.id)).toMatchObject({ status: 422, body: { errors: ['This budget has 1 transaction and cannot be deleted'] } });
    expect(await householdSnapshot(scope)).toEqual(before);

    const linked = await createBudget(scope, '2026-02-01');
    const allocation = await createAllocation(scope, linked.id, (await createCategory(scope)).id);
    await createTransaction(scope, account.id, '2026-03-05', { allocation_id: allocation.id });
    before = await householdSnapshot(scope);
    expect((await remove(linked.id)).status).toBe(422);
    expect(await householdSnapshot(scope)).toEqual(before);
  });

  it('refuses a closed budget', async () => {
    const closed = await createBudget(ctx.user.scope, '2026-01-01', { status: 'closed' });
    expect(await remove(closed.id)).toMatchObject({ status: 422, body: { errors: [BUDGET_CLOSED_MESSAGE] } });
  });

  it("answers 404 for another household's budget and deletes nothing", async () => {
    const other = await signUpAndIn(ctx.server);
    const theirs = await createBudget(other.scope, '2026-01-01');
    const before = await householdSnapshot(other.scope);
    expect(await remove(theirs.id)).toMatchObject({ status: 404, body: { errors: ['Budget not found'] } });
    expect(await householdSnapshot(other.scope)).toEqual(before);
  });
});
