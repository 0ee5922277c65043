import Papa from 'papaparse';
import type { Budget } from '../../../src/shared/schemas/budgets';
import { createAllocation, createBankAccount, createBudget, createCategory, createTransaction } from '../../support/builders';
import { call, testDialects, useTestServer } from '../../support/testServer';

/** The budgets spreadsheet's "Spent" column, by allocation name. */
function spentColumn(csv: string): Map<string, string> {
  const [header, ...lines] = Papa.parse<string[]>(csv.replace(/^\uFEFF/, '').trim(), { delimiter: ',' }).data;
  const at = (title: string) => header.indexOf(title);
  return new Map(lines.filter((cells) => cells[at('Line')] === 'Allocation').map((cells) => [cells[at('Name')], cells[at('Spent')]]));
}

describe.each(testDialects)("the budgets spreadsheet's spent on %s", (dialect) => {
  const ctx = useTestServer(dialect);

  it("is the budget's spent: an unpaid card charge carried forward by a close counts once", async () => {
    const { scope } = ctx.user;
    const january = await createBudget(scope, '2026-01-01');
    const category = await createCategory(scope);
    const food = await createAllocation(scope, january.id, category.id, { name: 'Food' });
    const visa = await createBankAccount(scope, { account_type: 'credit_card', account_category: 'liability', opening_balance: -50_000 });
    await createTransaction(scope, visa.id, '2026-01-10', { withdrawal_amount: 6_000, status: 'unpaid', allocation_id: food.id });
    expect((await call(ctx.server, ctx.user, { method: 'PUT', url: `/budgets/${january.id}/close` })).status).toBe(200);

    const budget = await call<Budget>(ctx.server, ctx.user, { method: 'GET', url: `/budgets/${january.id}` });
    expect(budget.body.allocations.map((a) => [a.name, a.spent])).toEqual([['Food', 6_000]]);
    const csv = await ctx.server.app.inject({ method: 'GET', url: '/household/export/budgets.csv', headers: ctx.user.headers });
    expect(csv.statusCode).toBe(200);
    expect(spentColumn(csv.body)).toEqual(new Map([['Food', '60.00']]));
  });
});
