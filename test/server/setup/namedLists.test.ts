import type { ErrorBody } from '../../../src/shared/schemas/common';
import { createAllocation, createBankAccount, createBudget, createCategory, createInstitution, householdSnapshot } from '../../support/builders';
import { call, testDialects, useTestServer } from '../../support/testServer';

interface Named {
  id: number;
  name: string;
}
describe.each(testDialects)('allocation categories and institutions on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  describe.each([
    { url: '/allocation_categories', key: 'allocation_category', exists: 'Allocation Category already exists.' },
    { url: '/institutions', key: 'institution', exists: 'Institution already exists.' },
  ])('$url', ({ url, key, exists }) => {
    it('creates from flat and nested bodies and lists by name', async () => {
      const flat = await call<Named>(ctx.server, ctx.user, { method: 'POST', url, payload: { name: 'rent' } });
      expect(flat.status).toBe(201);
      expect(flat.body).toEqual({ id: expect.any(Number), name: 'rent' });
      const nested = await call<Named>(ctx.server, ctx.user, { method: 'POST', url, payload: { [key]: { name: '  Groceries ' } } });
      expect(nested.status).toBe(201);
      expect(nested.body.name).toBe('Groceries');
      await call(ctx.server, ctx.user, { method: 'POST', url, payload: { name: 'Auto' } });
      const list = await call<Named[]>(ctx.server, ctx.user, { method: 'GET', url });
      expect(list.body.map((c) => c.name)).toEqual(['Auto', 'Groceries', 'rent']);
    });

    it('refuses a duplicate name ignoring case, on create and on rename', async () => {
      await call(ctx.server, ctx.user, { method: 'POST', url, payload: { name: 'Groceries' } });
      const second = await call<Named>(ctx.server, ctx.user, { method: 'POST', url, payload: { name: 'Utilities' } });
      const before = await householdSnapshot(ctx.user.scope);
      const duplicate = await call<ErrorBody>(ctx.server, ctx.user, { method: 'POST', url, payload: { name: 'GROCERIES' } });
      expect(duplicate.status).toBe(422);
      expect(duplicate.body.errors).toEqual([exists]);
      expect(duplicate.body.field_errors).toEqual({ name: [exists] });
      const rename = await call<ErrorBody>(ctx.server, ctx.user, { method: 'PUT', url: `${url}/${second.body.id}`, payload: { name: 'groceries' } });
      expect(rename.status).toBe(422);
      expect(rename.body.errors).toEqual([exists]);
      expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    });

    it('lets another household use the same name and renames to a new case of its own name', async () => {
      await call(ctx.server, ctx.other, { method: 'POST', url, payload: { name: 'Groceries' } });
      const mine = await call<Named>(ctx.server, ctx.user, { method: 'POST', url, payload: { name: 'Groceries' } });
      expect(mine.status).toBe(201);
      const renamed = await call<Named>(ctx.server, ctx.user, { method: 'PUT', url: `${url}/${mine.body.id}`, payload: { name: 'GROCERIES' } });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toEqual({ id: mine.body.id, name: 'GROCERIES' });
    });

    it('refuses a blank name', async () => {
      const blank = await call<ErrorBody>(ctx.server, ctx.user, { method: 'POST', url, payload: { name: '   ' } });
      expect(blank.status).toBe(422);
      expect(blank.body.errors).toEqual(["Name can't be blank"]);
    });

    it('deletes an unused row', async () => {
      const created = await call<Named>(ctx.server, ctx.user, { method: 'POST', url, payload: { name: 'Spare' } });
      const removed = await call(ctx.server, ctx.user, { method: 'DELETE', url: `${url}/${created.body.id}` });
      expect(removed.status).toBe(200);
      const list = await call<Named[]>(ctx.server, ctx.user, { method: 'GET', url });
      expect(list.body).toEqual([]);
    });

    it("treats another household's row as missing on every route", async () => {
      const theirs = await call<Named>(ctx.server, ctx.other, { method: 'POST', url, payload: { name: 'Theirs' } });
      const before = await householdSnapshot(ctx.other.scope);
      expect((await call<Named[]>(ctx.server, ctx.user, { method: 'GET', url })).body).toEqual([]);
      expect((await call(ctx.server, ctx.user, { method: 'PUT', url: `${url}/${theirs.body.id}`, payload: { name: 'Mine' } })).status).toBe(404);
      expect((await call(ctx.server, ctx.user, { method: 'DELETE', url: `${url}/${theirs.body.id}` })).status).toBe(404);
      expect(await householdSnapshot(ctx.other.scope)).toEqual(before);
    });
  });

  it('refuses to delete a category used by allocations, naming the count', async () => {
    const category = await createCategory(ctx.user.scope, { name: 'Groceries' });
    const budget = await createBudget(ctx.user.scope, '2026-03-01');
    await createAllocation(ctx.user.scope, budget.id, category.id);
    await createAllocation(ctx.user.scope, budget.id, category.id);
    const before = await householdSnapshot(ctx.user.scope);
    const refused = await call<ErrorBody>(ctx.server, ctx.user, { method: 'DELETE', url: `/allocation_categories/${category.id}` });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual(["Category 'Groceries' is used by 2 allocations"]);
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it("refuses to delete the settings' default category for special events", async () => {
    const category = await createCategory(ctx.user.scope, { name: 'Events' });
    await ctx.user.scope
      .insertInto('settings')
      .values({ household_id: ctx.user.householdId, default_allocation_category_id_for_special_events: category.id })
      .execute();
    const refused = await call<ErrorBody>(ctx.server, ctx.user, { method: 'DELETE', url: `/allocation_categories/${category.id}` });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual(["Category 'Events' is the default category for special events in Settings"]);
  });

  it('refuses to delete an institution while bank accounts use it, naming the count', async () => {
    const institution = await createInstitution(ctx.user.scope, { name: 'First Bank' });
    await createBankAccount(ctx.user.scope, { institution_id: institution.id });
    await createBankAccount(ctx.user.scope, { institution_id: institution.id, status: 'closed' });
    const refused = await call<ErrorBody>(ctx.server, ctx.user, { method: 'DELETE', url: `/institutions/${institution.id}` });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual(["Institution 'First Bank' is used by 2 bank accounts"]);
    expect(await ctx.user.scope.ownsAll('institutions', [institution.id])).toBe(true);
  });

  it('requires sign in', async () => {
    expect((await call(ctx.server, null, { method: 'GET', url: '/allocation_categories' })).status).toBe(401);
    expect((await call(ctx.server, null, { method: 'GET', url: '/institutions' })).status).toBe(401);
  });
});
