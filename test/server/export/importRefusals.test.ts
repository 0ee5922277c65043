import type { HouseholdExport } from '../../../src/shared/schemas/householdData';
import { call, testDialects, useTestServer } from '../../support/testServer';

describe.each(testDialects)('household import refusals on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  async function smallExport(): Promise<HouseholdExport> {
    await call(ctx.server, ctx.other, { method: 'POST', url: '/allocation_categories', payload: { name: 'Food' } });
    await call(ctx.server, ctx.other, { method: 'POST', url: '/institutions', payload: { name: 'Big Bank' } });
    const answer = await call<HouseholdExport>(ctx.server, ctx.other, { method: 'GET', url: '/household/export' });
    expect(answer.status).toBe(200);
    return answer.body;
  }

  async function expectNothingWritten() {
    const categories = await call<unknown[]>(ctx.server, ctx.user, { method: 'GET', url: '/allocation_categories' });
    expect(categories.body).toEqual([]);
    const institutions = await call<unknown[]>(ctx.server, ctx.user, { method: 'GET', url: '/institutions' });
    expect(institutions.body).toEqual([]);
  }

  const importAs = (payload: unknown) =>
    call<{ errors: string[] }>(ctx.server, ctx.user, { method: 'POST', url: '/household/import', payload: typeof payload === 'string' ? payload : JSON.stringify(payload), headers: { 'content-type': 'application/json' } });

  it('exports only the caller’s household', async () => {
    await smallExport();
    const mine = await call<HouseholdExport>(ctx.server, ctx.user, { method: 'GET', url: '/household/export' });
    expect(mine.body.allocation_categories).toEqual([]);
    expect(mine.body.institutions).toEqual([]);
    expect(mine.body.members.map((m) => m.email)).toEqual([ctx.user.headers.uid]);
    const csv = await ctx.server.app.inject({ method: 'GET', url: '/household/export/transactions.csv', headers: ctx.user.headers });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toBe('\uFEFFDate,Account,Description,Withdrawal,Deposit,Budget,Category,Allocation,Envelope,Status,Bank Reference\r\n');
  });

  it('imports into the caller’s household only', async () => {
    const exported = await smallExport();
    const answer = await importAs(exported);
    expect(answer.status).toBe(200);
    const mine = await call<Array<{ name: string }>>(ctx.server, ctx.user, { method: 'GET', url: '/allocation_categories' });
    expect(mine.body.map((c) => c.name)).toEqual(['Food']);
    const theirs = await call<Array<{ name: string }>>(ctx.server, ctx.other, { method: 'GET', url: '/allocation_categories' });
    expect(theirs.body.map((c) => c.name)).toEqual(['Food']);
  });

  it('refuses a file that is not ours', async () => {
    const answer = await importAs({ budgets: [] });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual(['This file is not an EveryCent household export.']);
    await expectNothingWritten();
  });

  it('refuses an export of a newer format version', async () => {
    const answer = await importAs({ ...(await smallExport()), version: 2 });
    expect(answer.status).toBe(422);
    expect(answer.body.errors[0]).toMatch(/newer EveryCent \(format version 2\); this one reads up to version 1/);
    await expectNothingWritten();
  });

  it('refuses a damaged file: cut short, a field of the wrong shape, a reference to a missing row', async () => {
    const exported = await smallExport();
    const text = JSON.stringify(exported);
    const cut = await importAs(text.slice(0, Math.floor(text.length / 2)));
    expect(cut.status).toBe(422);
    expect(cut.body.errors[0]).toMatch(/^This export is damaged \(it is not complete JSON\)/);

    const wrongShape = await importAs({ ...exported, institutions: [{ ...exported.institutions[0], name: 12 }] });
    expect(wrongShape.status).toBe(422);
    expect(wrongShape.body.errors[0]).toMatch(/^This export is damaged \(institutions\.0\.name/);

    const settings = { family_type: 'single', husband: '', wife: '', single_person: 'Ann', primary_budget_account_id: null, lock_version: 0, split_rule: 'even' };
    const dangling = await importAs({ ...exported, settings: { ...settings, default_allocation_category_id_for_special_events: 999_999 } });
    expect(dangling.status).toBe(422);
    expect(dangling.body.errors[0]).toMatch(/damaged \(the default category for special events refers to 999999, which the file lacks\)/);
    const twice = await importAs({ ...exported, institutions: [...exported.institutions, exported.institutions[0]] });
    expect(twice.body.errors[0]).toBe(`This export is damaged (institution ${exported.institutions[0].id} appears twice); nothing was imported.`);
    await expectNothingWritten();
  });

  it('refuses a household that already has data, writing nothing', async () => {
    const exported = await smallExport();
    await call(ctx.server, ctx.user, { method: 'POST', url: '/allocation_categories', payload: { name: 'Mine' } });
    const answer = await importAs(exported);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual(['This household already has data: an export can only be imported into an empty household.']);
    const mine = await call<Array<{ name: string }>>(ctx.server, ctx.user, { method: 'GET', url: '/allocation_categories' });
    expect(mine.body.map((c) => c.name)).toEqual(['Mine']);
  });

  it('needs a session', async () => {
    const answer = await call(ctx.server, null, { method: 'GET', url: '/household/export' });
    expect(answer.status).toBe(401);
  });
});
