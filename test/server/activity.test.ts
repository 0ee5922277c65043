import { type ActivityPage, ALREADY_UNDONE, type UndoResult } from '../../src/shared/schemas/activity';
import type { Budget } from '../../src/shared/schemas/budgets';
import { createAllocation, createBankAccount, createBudget, createCategory, createTransaction, householdSnapshot } from '../support/builders';
import { call, type SignedInUser, signInPartner, testDialects, type TestServer, useTestServer } from '../support/testServer';

async function nameUser(server: TestServer, user: SignedInUser, name: string) {
  await server.db.updateTable('users').set({ name }).where('id', '=', user.userId).execute();
}

async function budgetWithGroceries(user: SignedInUser) {
  const budget = await createBudget(user.scope, '2026-11-23');
  const category = await createCategory(user.scope, { name: 'Food' });
  const groceries = await createAllocation(user.scope, budget.id, category.id, { name: 'Groceries', amount: 40_000 });
  return { budget, category, groceries };
}

const activity = (server: TestServer, user: SignedInUser, query = '') => call<ActivityPage>(server, user, { method: 'GET', url: `/activity${query}` });

describe.each(testDialects)('activity and undo on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  it("records each save in the person's words, in the same transaction, newest first", async () => {
    const ana = ctx.user;
    const ben = await signInPartner(ctx.server, ana);
    await nameUser(ctx.server, ana, 'Ana');
    await nameUser(ctx.server, ben, 'Ben');
    const { budget, category, groceries } = await budgetWithGroceries(ana);

    const saved = await call<Budget>(ctx.server, ana, {
      method: 'PUT',
      url: `/budgets/${budget.id}`,
      payload: {
        lock_version: 0,
        allocations: [
          { id: groceries.id, amount: 45_000 },
          { name: 'Gym', amount: 3_000, allocation_category_id: category.id },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const account = await createBankAccount(ana.scope, { name: 'Joint Current' });
    const window = await call(ctx.server, ben, {
      method: 'POST',
      url: '/transactions',
      payload: {
        bank_account_id: account.id,
        budget_id: budget.id,
        transactions: [{ transaction_date: '2026-11-25', description: 'Shop', withdrawal_amount: 1234, deposit_amount: 0 }],
      },
    });
    expect(window.status).toBe(200);

    const page = await activity(ctx.server, ben);
    expect(page.status).toBe(200);
    expect(page.body.entries.map((e) => e.text)).toEqual([
      'Ben saved 1 transaction in Joint Current for Nov 23 - Dec 22, 2026 (1 added)',
      'Ana saved Nov 23 - Dec 22, 2026: Groceries 400.00 → 450.00, added Gym 30.00',
    ]);
    expect(saved.headers['activity-id']).toBe(String(page.body.entries[1].id));
    expect(page.body.entries[1]).toMatchObject({ user_id: ana.userId, budget_id: budget.id, undoable: true, undone: false });

    const anas = await activity(ctx.server, ben, `?user_id=${ana.userId}`);
    expect(anas.body.entries.map((e) => e.actor_name)).toEqual(['Ana']);
    const paged = await activity(ctx.server, ben, '?limit=1');
    expect(paged.body.entries).toHaveLength(1);
    expect(paged.body.next_before_id).toBe(paged.body.entries[0].id);
    const older = await activity(ctx.server, ben, `?limit=1&before_id=${paged.body.next_before_id}`);
    expect(older.body.entries[0].actor_name).toBe('Ana');
    expect(older.body.next_before_id).toBeNull();
  });

  it('writes no activity for a refused save, and shows none to another household', async () => {
    const { budget, groceries } = await budgetWithGroceries(ctx.user);
    const before = await householdSnapshot(ctx.user.scope);
    const refused = await call(ctx.server, ctx.user, { method: 'PUT', url: `/budgets/${budget.id}`, payload: { allocations: [{ id: groceries.id, name: '', amount: 1 }] } });
    expect(refused.status).toBe(422);
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);

    await call(ctx.server, ctx.user, { method: 'PUT', url: `/budgets/${budget.id}`, payload: { allocations: [{ id: groceries.id, amount: 1 }] } });
    const mine = await activity(ctx.server, ctx.user);
    expect(mine.body.entries).toHaveLength(1);
    expect((await activity(ctx.server, ctx.other)).body.entries).toEqual([]);
    expect((await activity(ctx.server, ctx.other, `?budget_id=${budget.id}`)).status).toBe(404);
    const foreignUndo = await call(ctx.server, ctx.other, { method: 'POST', url: `/activity/${mine.body.entries[0].id}/undo` });
    expect(foreignUndo.status).toBe(404);
  });

  it("undoes a budget save after the other partner's unrelated save, as a new recorded change", async () => {
    const ana = ctx.user;
    const ben = await signInPartner(ctx.server, ana);
    await nameUser(ctx.server, ben, 'Ben');
    const { budget, category, groceries } = await budgetWithGroceries(ana);
    const other = await createBudget(ana.scope, '2026-12-23');
    const saved = await call(ctx.server, ana, {
      method: 'PUT',
      url: `/budgets/${budget.id}`,
      payload: { allocations: [{ id: groceries.id, amount: 45_000 }, { name: 'Gym', amount: 3_000, allocation_category_id: category.id }] },
    });
    const activityId = Number(saved.headers['activity-id']);
    const unrelated = await call(ctx.server, ben, { method: 'PUT', url: `/budgets/${other.id}`, payload: { allocations: [{ name: 'Rent', amount: 90_000, allocation_category_id: category.id }] } });
    expect(unrelated.status).toBe(200);

    const undone = await call<UndoResult>(ctx.server, ben, { method: 'POST', url: `/activity/${activityId}/undo` });
    expect(undone.status).toBe(200);
    expect(undone.body.activity.text).toMatch(/^Ben undid Tester's change: Groceries 450.00 → 400.00, removed Gym$/);
    const lines = await ana.scope.selectFrom('allocations').select(['id', 'name', 'amount']).where('budget_id', '=', budget.id).execute();
    expect(lines).toEqual([{ id: groceries.id, name: 'Groceries', amount: 40_000 }]);
    const rent = await ana.scope.selectFrom('allocations').select('name').where('budget_id', '=', other.id).execute();
    expect(rent).toEqual([{ name: 'Rent' }]);

    const again = await call(ctx.server, ana, { method: 'POST', url: `/activity/${activityId}/undo` });
    expect(again).toMatchObject({ status: 422, body: { errors: [ALREADY_UNDONE] } });
    const page = await activity(ctx.server, ana);
    expect(page.body.entries[0]).toMatchObject({ undoes_id: activityId, undoable: false });
    expect(page.body.entries.find((e) => e.id === activityId)).toMatchObject({ undone: true, undoable: false });
  });

  it('refuses to undo once something newer touched the same rows, saying what', async () => {
    const ana = ctx.user;
    const ben = await signInPartner(ctx.server, ana);
    await nameUser(ctx.server, ben, 'Ben');
    const { budget, groceries } = await budgetWithGroceries(ana);
    const first = await call(ctx.server, ana, { method: 'PUT', url: `/budgets/${budget.id}`, payload: { allocations: [{ id: groceries.id, amount: 45_000 }] } });
    await call(ctx.server, ben, { method: 'PUT', url: `/budgets/${budget.id}`, payload: { allocations: [{ id: groceries.id, amount: 50_000 }] } });
    const before = await householdSnapshot(ana.scope);
    const refused = await call(ctx.server, ana, { method: 'POST', url: `/activity/${first.headers['activity-id']}/undo` });
    expect(refused).toMatchObject({
      status: 422,
      body: { errors: ['This change cannot be undone: since then, Ben saved Nov 23 - Dec 22, 2026: Groceries 450.00 → 500.00.'] },
    });
    expect(await householdSnapshot(ana.scope)).toEqual(before);
  });

  it('undoes a transactions window save, a copy and a close', async () => {
    const { budget } = await budgetWithGroceries(ctx.user);
    const account = await createBankAccount(ctx.user.scope, { name: 'Joint Current' });
    const kept = await createTransaction(ctx.user.scope, account.id, '2026-11-24', { description: 'Before', withdrawal_amount: 500 });
    const saved = await call(ctx.server, ctx.user, {
      method: 'POST',
      url: '/transactions',
      payload: {
        bank_account_id: account.id,
        budget_id: budget.id,
        transactions: [
          { id: kept.id, transaction_date: '2026-11-24', description: 'Changed', withdrawal_amount: 700, deposit_amount: 0 },
          { transaction_date: '2026-11-25', description: 'New', withdrawal_amount: 100, deposit_amount: 0 },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const undoWindow = await call(ctx.server, ctx.user, { method: 'POST', url: `/activity/${saved.headers['activity-id']}/undo` });
    expect(undoWindow).toMatchObject({ status: 200 });
    const rows = await ctx.user.scope.selectFrom('transactions').select(['id', 'description', 'withdrawal_amount']).where('bank_account_id', '=', account.id).execute();
    expect(rows).toEqual([{ id: kept.id, description: 'Before', withdrawal_amount: 500 }]);

    const copied = await call<Budget>(ctx.server, ctx.user, { method: 'PUT', url: `/budgets/${budget.id}/copy` });
    expect(copied.status).toBe(200);
    expect((await call(ctx.server, ctx.user, { method: 'POST', url: `/activity/${copied.headers['activity-id']}/undo` })).status).toBe(200);
    expect(await ctx.user.scope.selectFrom('budgets').select('id').execute()).toEqual([{ id: budget.id }]);

    const closed = await call<Budget>(ctx.server, ctx.user, { method: 'PUT', url: `/budgets/${budget.id}/close` });
    expect(closed.body.status).toBe('closed');
    expect((await call(ctx.server, ctx.user, { method: 'POST', url: `/activity/${closed.headers['activity-id']}/undo` })).status).toBe(200);
    expect((await ctx.user.scope.selectFrom('budgets').select('status').executeTakeFirstOrThrow()).status).toBe('open');
  });

  it('undoes a mass edit across budgets', async () => {
    const { budget, category, groceries } = await budgetWithGroceries(ctx.user);
    const next = await createBudget(ctx.user.scope, '2026-12-23');
    const edited = await call(ctx.server, ctx.user, {
      method: 'POST',
      url: '/budgets/mass_update',
      payload: {
        type: 'allocation',
        name: 'Groceries',
        allocation_category_id: category.id,
        amounts: [
          { id: groceries.id, budget_id: budget.id, amount: 42_000 },
          { id: 0, budget_id: next.id, amount: 41_000 },
        ],
      },
    });
    expect(edited.status).toBe(200);
    const page = await activity(ctx.server, ctx.user);
    expect(page.body.entries[0].summary).toBe('mass edited allocation Groceries in 2 budgets: Groceries 400.00 → 420.00 (Nov 23 - Dec 22, 2026), added Groceries 410.00 (Dec 23 - Jan 22, 2027)');
    expect((await call(ctx.server, ctx.user, { method: 'POST', url: `/activity/${edited.headers['activity-id']}/undo` })).status).toBe(200);
    const lines = await ctx.user.scope.selectFrom('allocations').select(['budget_id', 'amount']).orderBy('id').execute();
    expect(lines).toEqual([{ budget_id: budget.id, amount: 40_000 }]);
  });
});

describe.each(testDialects)('the fair split on %s', (dialect) => {
  const ctx = useTestServer(dialect);

  it("keeps each income's owner through saves and copies, and the couple's split rule in settings", async () => {
    const budget = await createBudget(ctx.user.scope, '2026-11-23');
    const saved = await call<Budget>(ctx.server, ctx.user, {
      method: 'PUT',
      url: `/budgets/${budget.id}`,
      payload: { incomes: [{ name: 'Ana salary', amount: 300_000, owner: 'wife' }, { name: 'Rent in', amount: 50_000 }] },
    });
    expect(saved.body.incomes.map((i) => [i.name, i.owner])).toEqual([
      ['Ana salary', 'wife'],
      ['Rent in', 'shared'],
    ]);
    const copy = await call<Budget>(ctx.server, ctx.user, { method: 'PUT', url: `/budgets/${budget.id}/copy` });
    expect(copy.body.incomes.map((i) => i.owner)).toEqual(['wife', 'shared']);
    const refused = await call(ctx.server, ctx.user, { method: 'PUT', url: `/budgets/${budget.id}`, payload: { incomes: [{ id: saved.body.incomes[0].id, amount: 1, owner: 'dog' }] } });
    expect(refused.status).toBe(422);

    const settings = await call<{ split_rule: string }>(ctx.server, ctx.user, {
      method: 'POST',
      url: '/settings',
      payload: { family_type: 'couple', husband: 'Ben', wife: 'Ana', single_person: 'Me', split_rule: 'income' },
    });
    expect(settings.body.split_rule).toBe('income');
    const kept = await call<{ split_rule: string }>(ctx.server, ctx.user, {
      method: 'POST',
      url: '/settings',
      payload: { family_type: 'couple', husband: 'Ben', wife: 'Ana', single_person: 'Me' },
    });
    expect(kept.body.split_rule).toBe('income');
  });

  it("words whose an income became in the partners' names, and takes a line saved as shown (no comment → '') as unchanged", async () => {
    await nameUser(ctx.server, ctx.user, 'Ana');
    await call(ctx.server, ctx.user, { method: 'POST', url: '/settings', payload: { family_type: 'couple', husband: 'Ben', wife: 'Ana', single_person: 'Me' } });
    const { budget, groceries } = await budgetWithGroceries(ctx.user);
    const first = await call<Budget>(ctx.server, ctx.user, {
      method: 'PUT',
      url: `/budgets/${budget.id}`,
      payload: { incomes: [{ name: 'Salary', amount: 300_000 }, { name: 'Wage', amount: 100_000, owner: 'husband' }] },
    });
    const [salary, wage] = first.body.incomes;
    // The budget screen sends every line with every field as it shows them: an absent comment as ''.
    const saved = await call<Budget>(ctx.server, ctx.user, {
      method: 'PUT',
      url: `/budgets/${budget.id}`,
      payload: {
        lock_version: first.body.lock_version,
        incomes: [
          { id: salary.id, name: 'Salary', amount: 300_000, comment: '', owner: 'wife', bank_account_id: null },
          { id: wage.id, name: 'Wage', amount: 100_000, comment: '', owner: 'shared', bank_account_id: null },
        ],
        allocations: [{ id: groceries.id, name: 'Groceries', amount: 40_000, comment: '', allocation_category_id: groceries.allocation_category_id }],
      },
    });
    expect(saved.status).toBe(200);
    const page = await activity(ctx.server, ctx.user);
    expect(page.body.entries[0].text).toBe("Ana saved Nov 23 - Dec 22, 2026: Salary now Ana's, Wage now shared");
  });
});
