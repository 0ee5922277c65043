import type { Budget } from '../../../src/shared/schemas/budgets';
import { createBudget, householdSnapshot } from '../../support/builders';
import { call, signUpAndIn, testDialects, useTestServer } from '../../support/testServer';

describe.each(testDialects)('creating a budget on %s', (dialect) => {
  const ctx = useTestServer(dialect);

  const post = (payload: unknown) => call<Budget>(ctx.server, ctx.user, { method: 'POST', url: '/budgets', payload: payload as object });

  it.each([
    ['2026-01-23', '2026-02-22', 'Jan 23 - Feb 22, 2026'],
    ['2025-12-15', '2026-01-14', 'Dec 15 - Jan 14, 2026'],
    ['2026-01-31', '2026-02-27', 'Jan 31 - Feb 27, 2026'],
    ['2028-01-31', '2028-02-28', 'Jan 31 - Feb 28, 2028'],
    ['2026-03-01', '2026-03-31', 'Mar 01 - Mar 31, 2026'],
  ])('derives the period from a start of %s: ends %s, named "%s"', async (start, end, name) => {
    const response = await post({ start_date: start });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ start_date: start, end_date: end, name, status: 'open', lock_version: 0, incomes: [], allocations: [] });
    const stored = await ctx.user.scope.find('budgets', response.body.id);
    expect(stored).toMatchObject({ start_date: start, end_date: end, name, status: 'open' });
  });

  it('accepts the body nested under "budget"', async () => {
    const response = await post({ budget: { start_date: '2026-05-01' } });
    expect(response.status).toBe(201);
    expect(response.body.end_date).toBe('2026-05-31');
  });

  it.each([
    ['2026-01-23', 'Jan 23, 2026'],
    ['2026-01-01', 'Jan 10, 2026'],
    ['2026-02-09', 'Feb 09, 2026'],
  ])('refuses a period overlapping an existing budget (start %s)', async (start, covered) => {
    await createBudget(ctx.user.scope, '2026-01-10');
    const before = await householdSnapshot(ctx.user.scope);
    const response = await post({ start_date: start });
    expect(response).toMatchObject({ status: 422, body: { success: false, errors: [`A budget already covers ${covered}`] } });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it('allows a period that starts the day after another ends', async () => {
    await createBudget(ctx.user.scope, '2026-01-10');
    expect((await post({ start_date: '2026-02-10' })).status).toBe(201);
  });

  it('ignores budgets of other households when checking overlap', async () => {
    const other = await signUpAndIn(ctx.server);
    await createBudget(other.scope, '2026-01-10');
    expect((await post({ start_date: '2026-01-10' })).status).toBe(201);
  });

  it.each([
    [{}],
    [{ start_date: '2026-02-30' }],
    [{ start_date: '2026-13-01' }],
    [{ start_date: '26-01-01' }],
    [{ start_date: 20260101 }],
    [{ start_date: null }],
    [[]],
    [{ budget: '2026-01-01' }],
  ])('refuses a missing or impossible start date: %j', async (payload) => {
    const before = await householdSnapshot(ctx.user.scope);
    const response = await post(payload);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ success: false, errors: [expect.any(String)] });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });
});
