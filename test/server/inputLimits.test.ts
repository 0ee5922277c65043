import { TRANSFER_DESCRIPTION_MAX } from '../../src/shared/schemas/transactions';
import { HOUSEHOLD_DATA_OWNERS_ONLY } from '../../src/shared/schemas/householdData';
import { createBankAccount, createBudget, householdSnapshot } from '../support/builders';
import { call, signInPartner, refusalDialects, useTestServer } from '../support/testServer';

type Refusal = { errors: string[]; field_errors?: Record<string, string[]> };

describe.each(refusalDialects)('what no request may bring in, on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  it('a lock version the database cannot hold is refused by the schema on every route that takes one, writing nothing', async () => {
    const { scope } = ctx.user;
    const account = await createBankAccount(scope, { opening_date: '2026-01-01' });
    const fund = await createBankAccount(scope, { name: 'Holiday fund', account_type: 'sink_fund', opening_date: '2026-01-01' });
    const budget = await createBudget(scope, '2026-02-01');
    const tooLarge = 2 ** 31;
    const requests = [
      { method: 'PUT' as const, url: `/budgets/${budget.id}`, payload: { lock_version: tooLarge, incomes: [] }, field: 'lock_version' },
      { method: 'POST' as const, url: '/transactions', payload: { bank_account_id: account.id, budget_id: budget.id, window_lock_version: tooLarge, transactions: [] }, field: 'window_lock_version' },
      { method: 'POST' as const, url: `/bank_accounts/${account.id}/reconcile`, payload: { statement_date: '2026-02-02', statement_balance: 0, window_lock_version: tooLarge }, field: 'window_lock_version' },
      { method: 'POST' as const, url: '/settings', payload: { family_type: 'single', husband: '', wife: '', single_person: 'Ann', lock_version: tooLarge }, field: 'lock_version' },
      { method: 'PUT' as const, url: `/sink_funds/${fund.id}`, payload: { lock_version: tooLarge, sink_fund_allocations: [] }, field: 'lock_version' },
    ];
    const before = await householdSnapshot(scope);
    for (const { field, ...request } of requests) {
      const answer = await call<Refusal>(ctx.server, ctx.user, request);
      expect({ url: request.url, status: answer.status, field: answer.body.field_errors?.[field] }).toEqual({
        url: request.url,
        status: 422,
        field: [`${field} is not a version this record ever had`],
      });
    }
    expect(await householdSnapshot(scope)).toEqual(before);
  });

  it(`a transfer's description counts its "Withdrawal - " toward the column: ${TRANSFER_DESCRIPTION_MAX} characters fit, one more is refused`, async () => {
    const { scope } = ctx.user;
    const from = await createBankAccount(scope, { name: 'Checking', opening_date: '2026-01-01' });
    const to = await createBankAccount(scope, { name: 'Savings', opening_date: '2026-01-01' });
    const budget = await createBudget(scope, '2026-02-01');
    const transfer = (description: string) =>
      call<Refusal & { withdrawal: { description: string }; deposit: { description: string } }>(ctx.server, ctx.user, {
        method: 'POST',
        url: `/bank_accounts/${from.id}/transfer`,
        payload: { to: to.id, amount: 100, description, date: '2026-02-03', budget_id: budget.id },
      });
    const tooLong = await transfer('x'.repeat(TRANSFER_DESCRIPTION_MAX + 1));
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.field_errors?.description).toEqual([`description is too long (${TRANSFER_DESCRIPTION_MAX} characters at most)`]);
    const fits = await transfer('x'.repeat(TRANSFER_DESCRIPTION_MAX));
    expect(fits.status).toBe(200);
    expect(fits.body.withdrawal.description).toHaveLength(500);
    // Its window reads and saves back as read.
    const window = await call<Array<Record<string, unknown>>>(ctx.server, ctx.user, { method: 'GET', url: `/transactions?bank_account_id=${from.id}&budget_id=${budget.id}` });
    const saved = await call(ctx.server, ctx.user, {
      method: 'POST',
      url: '/transactions',
      payload: { bank_account_id: from.id, budget_id: budget.id, window_lock_version: Number(window.headers['x-window-lock-version']), transactions: window.body },
    });
    expect(saved.status).toBe(200);
  });

  it('text that is not valid Unicode is refused with the field it is in, never stored rewritten', async () => {
    const before = await householdSnapshot(ctx.user.scope);
    const lone = await call<Refusal>(ctx.server, ctx.user, { method: 'POST', url: '/allocation_categories', payload: '{"name":"x\\ud800y"}', headers: { 'content-type': 'application/json' } });
    expect(lone.status).toBe(422);
    expect(lone.body).toMatchObject({ errors: ['name is not valid Unicode text (it holds half of a character)'], field_errors: { name: ['name is not valid Unicode text (it holds half of a character)'] } });
    const bytes = Buffer.concat([Buffer.from('{"name":"Caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
    const latin1 = await call<Refusal>(ctx.server, ctx.user, { method: 'POST', url: '/allocation_categories', payload: bytes, headers: { 'content-type': 'application/json' } });
    expect(latin1.status).toBe(422);
    expect(latin1.body.errors).toEqual(['The request body is not UTF-8 text.']);
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    // A whole pair (an emoji) is text like any other.
    const emoji = await call<{ name: string }>(ctx.server, ctx.user, { method: 'POST', url: '/allocation_categories', payload: { name: 'Fun \u{1F389}' } });
    expect(emoji.status).toBe(201);
    expect(emoji.body.name).toBe('Fun \u{1F389}');
  });

  it('a budget cannot start before the last closed one; after it, it can', async () => {
    const january = await call<{ id: number }>(ctx.server, ctx.user, { method: 'POST', url: '/budgets', payload: { start_date: '2026-01-01' } });
    expect((await call(ctx.server, ctx.user, { method: 'PUT', url: `/budgets/${january.body.id}/close` })).status).toBe(200);
    const before = await householdSnapshot(ctx.user.scope);
    const earlier = await call<Refusal>(ctx.server, ctx.user, { method: 'POST', url: '/budgets', payload: { start_date: '2025-11-01' } });
    expect(earlier.status).toBe(422);
    expect(earlier.body.field_errors?.start_date).toEqual(['A new budget must start after the last closed budget (Jan 01 - Jan 31, 2026). Reopen it first to add a budget before it.']);
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    expect((await call(ctx.server, ctx.user, { method: 'POST', url: '/budgets', payload: { start_date: '2026-02-01' } })).status).toBe(201);
    // Another household's closed budgets do not count.
    expect((await call(ctx.server, ctx.other, { method: 'POST', url: '/budgets', payload: { start_date: '2025-11-01' } })).status).toBe(201);
  });

  it('only owners export the household or import into it', async () => {
    const member = await signInPartner(ctx.server, ctx.user);
    for (const [method, url] of [
      ['GET', '/household/export'],
      ['GET', '/household/export/transactions.csv'],
      ['GET', '/household/export/budgets.csv'],
      ['POST', '/household/import'],
      ['POST', '/household/history/preview'],
      ['POST', '/household/history/import'],
    ] as const) {
      const answer = await call<Refusal>(ctx.server, member, { method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect({ url, status: answer.status, errors: answer.body.errors }).toEqual({ url, status: 403, errors: [HOUSEHOLD_DATA_OWNERS_ONLY] });
    }
    expect((await call(ctx.server, ctx.user, { method: 'GET', url: '/household/export' })).status).toBe(200);
  });
});
