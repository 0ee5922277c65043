import type { ActivityPage } from '../../../src/shared/schemas/activity';
import { ALREADY_UNDONE, CANNOT_UNDO_KIND } from '../../../src/shared/schemas/activity';
import type { HouseholdScope } from '../../../server/db/scope';
import { UNDO_WINDOW } from '../../../server/services/activity/undoWindow';
import { createAllocation, createBankAccount, createBudget, createCategory } from '../../support/builders';
import { call, type SignedInUser, testDialects, useTestServer } from '../../support/testServer';

/** Undo is offered for a household's latest UNDO_WINDOW changes; older entries keep no undo data (issue 49). */
describe.each(testDialects)('the undo window on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  async function quickAdder(scope: HouseholdScope, user: SignedInUser) {
    const account = await createBankAccount(scope);
    const budget = await createBudget(scope, '2026-11-01');
    const allocation = await createAllocation(scope, budget.id, (await createCategory(scope)).id);
    return async (amount: number) => {
      const added = await call(ctx.server, user, {
        method: 'POST',
        url: '/transactions/one',
        payload: { bank_account_id: account.id, transaction_date: '2026-11-21', description: `Bakery ${amount}`, withdrawal_amount: amount, allocation_id: allocation.id },
      });
      expect(added.status).toBe(201);
      return Number(added.headers['activity-id']);
    };
  }

  const kept = (user: SignedInUser, id: number) =>
    Promise.all([
      user.scope.selectFrom('activities').select('undo').where('id', '=', id).executeTakeFirstOrThrow(),
      user.scope.selectFrom('activity_rows').select('row_key').where('activity_id', '=', id).execute(),
    ]).then(([entry, keys]) => ({ undo: entry.undo !== null, keys: keys.length }));

  const undo = (user: SignedInUser, id: number) => call<{ errors?: string[] }>(ctx.server, user, { method: 'POST', url: `/activity/${id}/undo` });

  it("keeps undo data for the latest changes only, per household, and stops offering Undo for older ones", async () => {
    const theirs = await (await quickAdder(ctx.other.scope, ctx.other))(500);
    const add = await quickAdder(ctx.user.scope, ctx.user);
    const ids: number[] = [];
    for (let i = 1; i <= UNDO_WINDOW + 5; i++) ids.push(await add(i));

    // The five oldest fell out of the window: no undo data, no row keys, no Undo.
    for (const id of ids.slice(0, 5)) expect(await kept(ctx.user, id)).toEqual({ undo: false, keys: 0 });
    for (const id of ids.slice(5)) expect(await kept(ctx.user, id)).toEqual({ undo: true, keys: 1 });
    const stored = await ctx.user.scope.selectFrom('activities').select((eb) => eb.fn.countAll<number>().as('n')).where('undo', 'is not', null).executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(UNDO_WINDOW);
    const listed = (await call<ActivityPage>(ctx.server, ctx.user, { method: 'GET', url: `/activity?before_id=${ids[6]}` })).body.entries;
    expect(listed.map((entry) => [entry.id, entry.undoable])).toEqual(ids.slice(0, 6).reverse().map((id, i) => [id, i === 0]));
    const refused = await undo(ctx.user, ids[0]);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([CANNOT_UNDO_KIND]);

    // Inside the window Undo works; the undone entry drops its undo data and says it was undone.
    expect((await undo(ctx.user, ids[10])).status).toBe(200);
    expect((await kept(ctx.user, ids[10])).undo).toBe(false);
    const again = await undo(ctx.user, ids[10]);
    expect(again.body.errors).toEqual([ALREADY_UNDONE]);

    // Another household's older change is untouched by this household's many.
    expect(await kept(ctx.other, theirs)).toEqual({ undo: true, keys: 1 });
    expect((await undo(ctx.other, theirs)).status).toBe(200);
  }, 60_000);
});
