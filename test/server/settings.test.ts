import { SETTINGS_CONFLICT_MESSAGE } from '../../src/shared/schemas/setup';
import type { Settings } from '../../src/shared/schemas/setup';
import { call, type SignedInUser, signInPartner, signUpAndIn, testDialects, useTestServer } from '../support/testServer';

const DEFAULTS = {
  family_type: 'couple',
  husband: '',
  wife: '',
  single_person: 'Me',
  primary_budget_account_id: null,
  default_allocation_category_id_for_special_events: null,
  lock_version: 0,
  split_rule: 'even',
};

async function accountOf(user: SignedInUser, name = 'Everyday') {
  const row = await user.scope.insertInto('bank_accounts').values({ household_id: user.householdId, name, opening_date: '2026-01-31' }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function categoryOf(user: SignedInUser, name = 'Gifts') {
  const row = await user.scope.insertInto('allocation_categories').values({ household_id: user.householdId, name }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function storedSettings(user: SignedInUser) {
  return user.scope.selectFrom('settings').selectAll().execute();
}

describe.each(testDialects)('settings on %s', (dialect) => {
  const ctx = useTestServer(dialect, { signIn: false });

  it('creates the default row on first read, once', async () => {
    const user = await signUpAndIn(ctx.server);
    expect(await storedSettings(user)).toHaveLength(0);
    const first = await call<Settings>(ctx.server, user, { method: 'GET', url: '/settings' });
    expect(first).toMatchObject({ status: 200, body: DEFAULTS });
    await call(ctx.server, user, { method: 'GET', url: '/settings' });
    expect(await storedSettings(user)).toHaveLength(1);
  });

  it('starts a new household with blank partner names, which a save may keep blank (trimmed)', async () => {
    const user = await signUpAndIn(ctx.server);
    const first = await call<Settings>(ctx.server, user, { method: 'GET', url: '/settings' });
    expect(first.body).toMatchObject({ wife: '', husband: '' });
    const body = { family_type: 'couple', husband: '  ', wife: ' Ana ', single_person: 'Me', lock_version: 0 };
    const saved = await call<Settings>(ctx.server, user, { method: 'POST', url: '/settings', payload: body });
    expect(saved).toMatchObject({ status: 200, body: { wife: 'Ana', husband: '', lock_version: 1 } });
  });

  it("never rewrites a household's stored partner names, even the old defaults", async () => {
    const user = await signUpAndIn(ctx.server);
    await user.scope.insertInto('settings').values({ household_id: user.householdId, wife: 'Wife', husband: 'Husband' }).execute();
    expect((await call<Settings>(ctx.server, user, { method: 'GET', url: '/settings' })).body).toMatchObject({ wife: 'Wife', husband: 'Husband' });
  });

  it('saves the whole object, flat or nested, and bumps lock_version', async () => {
    const user = await signUpAndIn(ctx.server);
    const account = await accountOf(user);
    const category = await categoryOf(user);
    const body = {
      family_type: 'single',
      husband: 'Sam',
      wife: 'Alex',
      single_person: 'Robin',
      primary_budget_account_id: account,
      default_allocation_category_id_for_special_events: category,
      lock_version: 0,
    };
    const saved = await call<Settings>(ctx.server, user, { method: 'POST', url: '/settings', payload: body });
    expect(saved).toMatchObject({ status: 200, body: { ...body, lock_version: 1 } });
    expect(await call(ctx.server, user, { method: 'GET', url: '/settings' })).toMatchObject({ body: { ...body, lock_version: 1 } });
    const nested = await call<Settings>(ctx.server, user, { method: 'POST', url: '/settings', payload: { settings: { ...body, family_type: 'couple', lock_version: 1 } } });
    expect(nested).toMatchObject({ status: 200, body: { family_type: 'couple', lock_version: 2 } });
    const cleared = await call<Settings>(ctx.server, user, { method: 'POST', url: '/settings', payload: { ...body, primary_budget_account_id: null, lock_version: 2 } });
    expect(cleared).toMatchObject({ status: 200, body: { primary_budget_account_id: null, lock_version: 3 } });
  });

  it("refuses a save that is stale because the partner saved since (409, nothing written)", async () => {
    const user = await signUpAndIn(ctx.server);
    const partner = await signInPartner(ctx.server, user);
    const body = { family_type: 'couple', husband: 'Sam', wife: 'Alex', single_person: 'Me' };
    expect((await call(ctx.server, partner, { method: 'POST', url: '/settings', payload: { ...body, lock_version: 0 } })).status).toBe(200);
    const before = await storedSettings(user);
    const stale = await call(ctx.server, user, { method: 'POST', url: '/settings', payload: { ...body, husband: 'Other', lock_version: 0 } });
    expect(stale).toMatchObject({ status: 409, body: { success: false, errors: [SETTINGS_CONFLICT_MESSAGE] } });
    expect(await storedSettings(user)).toEqual(before);
  });

  it('accepts a second save from one screen with the lock_version it first read', async () => {
    const user = await signUpAndIn(ctx.server);
    const body = { family_type: 'couple', husband: 'Sam', wife: 'Alex', single_person: 'Me', lock_version: 0 };
    expect((await call(ctx.server, user, { method: 'POST', url: '/settings', payload: body })).status).toBe(200);
    const again = await call<Settings>(ctx.server, user, { method: 'POST', url: '/settings', payload: { ...body, husband: 'Other' } });
    expect(again).toMatchObject({ status: 200, body: { husband: 'Other', lock_version: 2 } });
  });

  it('refuses invalid input with 422 and field errors, writing nothing', async () => {
    const user = await signUpAndIn(ctx.server);
    const bad = await call<{ success: boolean; errors: string[]; field_errors: Record<string, string[]> }>(ctx.server, user, {
      method: 'POST',
      url: '/settings',
      payload: { family_type: 'trio', husband: 'H'.repeat(201), wife: 'W', single_person: '  ' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.success).toBe(false);
    expect(Object.keys(bad.body.field_errors).sort()).toEqual(['family_type', 'husband', 'single_person']);
    expect(bad.body.field_errors.single_person).toEqual(["Name can't be blank"]);
    expect(await storedSettings(user)).toHaveLength(0);
  });

  it("keeps households apart: A reads only A's settings and cannot point them at B's rows", async () => {
    const a = await signUpAndIn(ctx.server);
    const b = await signUpAndIn(ctx.server);
    const bAccount = await accountOf(b, "B's account");
    const bCategory = await categoryOf(b, "B's category");
    await call(ctx.server, b, { method: 'POST', url: '/settings', payload: { family_type: 'single', husband: 'H', wife: 'W', single_person: 'Bea', primary_budget_account_id: bAccount } });
    const aRead = await call<Settings>(ctx.server, a, { method: 'GET', url: '/settings' });
    expect(aRead.body).toEqual(DEFAULTS);

    const before = await ctx.server.db.selectFrom('settings').selectAll().orderBy('id').execute();
    const steal = await call<{ field_errors: Record<string, string[]> }>(ctx.server, a, {
      method: 'POST',
      url: '/settings',
      payload: { family_type: 'couple', husband: 'X', wife: 'Y', single_person: 'Z', primary_budget_account_id: bAccount, default_allocation_category_id_for_special_events: bCategory },
    });
    expect(steal.status).toBe(422);
    expect(steal.body.field_errors).toEqual({
      primary_budget_account_id: ["Primary budget account doesn't exist"],
      default_allocation_category_id_for_special_events: ["Default allocation category for special events doesn't exist"],
    });
    expect(await ctx.server.db.selectFrom('settings').selectAll().orderBy('id').execute()).toEqual(before);
    const missing = await call(ctx.server, a, { method: 'POST', url: '/settings', payload: { family_type: 'couple', husband: 'X', wife: 'Y', single_person: 'Z', primary_budget_account_id: 999999 } });
    expect(missing.status).toBe(422);
    expect((await call<Settings>(ctx.server, b, { method: 'GET', url: '/settings' })).body).toMatchObject({ single_person: 'Bea', primary_budget_account_id: bAccount });
  });
});
