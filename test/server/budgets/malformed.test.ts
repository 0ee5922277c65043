import { createAllocation, createBudget, createCategory, createIncome, householdSnapshot } from '../../support/builders';
import { call, refusalDialects, useTestServer } from '../../support/testServer';

const HUGE = 2 ** 51;

/** Malformed requests to every budget endpoint with a body: a 4xx in the error shape and an untouched database. */
describe.each(refusalDialects)('malformed budget requests on %s', (dialect) => {
  const ctx = useTestServer(dialect, { userPerTest: false });
  let budgetId: number;
  let incomeId: number;
  beforeAll(async () => {
    const budget = await createBudget(ctx.user.scope, '2026-01-01');
    budgetId = budget.id;
    incomeId = (await createIncome(ctx.user.scope, budget.id)).id;
    await createAllocation(ctx.user.scope, budget.id, (await createCategory(ctx.user.scope)).id);
  });

  async function expectRefused(method: 'POST' | 'PUT', url: string, payload: unknown, status = 422) {
    const before = await householdSnapshot(ctx.user.scope);
    const raw = typeof payload === 'string';
    const response = await call<{ success: boolean; errors: string[] }>(ctx.server, ctx.user, {
      method,
      url,
      payload: raw ? payload : JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(status);
    expect(response.body.success).toBe(false);
    expect(response.body.errors.length).toBeGreaterThan(0);
    expect(response.body.errors.every((e) => typeof e === 'string' && !/sqlite|postgres|select|insert/i.test(e))).toBe(true);
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  }

  const edits: Array<[string, unknown]> = [
    ['incomes not a list', { incomes: 'Salary' }],
    ['a float amount', { incomes: [{ name: 'Salary', amount: 12.5 }] }],
    ['an amount as text', { incomes: [{ name: 'Salary', amount: '1250' }] }],
    ['an amount beyond 2^50', { incomes: [{ name: 'Salary', amount: HUGE }] }],
    ['a negative amount beyond 2^50', { allocations: [{ name: 'Rent', amount: -HUGE }] }],
    ['a missing amount', { incomes: [{ name: 'Salary' }] }],
    ['a negative row id', { incomes: [{ id: -3, name: 'Salary', amount: 1 }] }],
    ['a row id too large to exist', { incomes: [{ id: 2 ** 40, name: 'Salary', amount: 1 }] }],
    ['a bank account id too large to exist', { incomes: [{ name: 'Salary', amount: 1, bank_account_id: 2 ** 40 }] }],
    ['a text row id', { incomes: [{ id: 'one', name: 'Salary', amount: 1 }] }],
    ['a fractional lock_version', { lock_version: 0.5 }],
    ['a text lock_version', { lock_version: 'latest' }],
    ['an unknown allocation class', { allocations: [{ name: 'Rent', amount: 1, allocation_class: 'luxury' }] }],
    ['a deleted flag as text', { incomes: [{ id: 0, name: 'Salary', amount: 1, deleted: 'yes' }] }],
    ['a name that is a number', { incomes: [{ name: 42, amount: 1 }] }],
    ['a 201-character name', { incomes: [{ name: 'x'.repeat(201), amount: 1 }] }],
    ['a list as body', [{ name: 'Salary', amount: 1 }]],
    ['null as body', null],
  ];

  it.each(edits)('PUT /budgets/:id refuses %s', async (_label, payload) => {
    await expectRefused('PUT', `/budgets/${budgetId}`, payload);
  });

  it('PUT /budgets/:id refuses an update of an existing row with a float amount', async () => {
    await expectRefused('PUT', `/budgets/${budgetId}`, { incomes: [{ id: incomeId, name: 'Salary', amount: 0.1 }] });
  });

  it.each([
    ['a float amount', { type: 'income', name: 'Salary', amounts: [{ id: 0, amount: 0.5, budget_id: 1 }] }],
    ['a huge amount', { type: 'income', name: 'Salary', amounts: [{ id: 0, amount: HUGE, budget_id: 1 }] }],
    ['amounts not a list', { type: 'income', name: 'Salary', amounts: { id: 0 } }],
    ['missing amounts', { type: 'income', name: 'Salary' }],
    ['a text budget id', { type: 'income', name: 'Salary', amounts: [{ id: 0, amount: 5, budget_id: 'jan' }] }],
    ['a missing name', { type: 'income', amounts: [] }],
    ['a missing type', { name: 'Salary', amounts: [] }],
  ])('POST /budgets/mass_update refuses %s', async (_label, payload) => {
    await expectRefused('POST', '/budgets/mass_update', payload);
  });

  it.each([
    ['POST', '/budgets'],
    ['PUT', '/budgets/1'],
    ['POST', '/budgets/mass_update'],
  ] as const)('%s %s answers 400 to a body that is not JSON', async (method, url) => {
    await expectRefused(method, url.replace('/1', `/${budgetId}`), '{"incomes": [', 400);
  });
});
