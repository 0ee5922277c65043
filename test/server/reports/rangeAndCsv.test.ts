import type { NetWorthReport } from '../../../src/shared/schemas/reports';
import { categorySpendingReport } from '../../../server/services/reports/categorySpending';
import { needsVsWantsReport } from '../../../server/services/reports/needsVsWants';
import { netWorthReport } from '../../../server/services/reports/netWorth';
import { createAllocation, createBankAccount, createBudget, createCategory, createIncome, createTransaction } from '../../support/builders';
import { countingScope } from '../../support/statementCounter';
import { call, signUpAndIn, testDialects, useTestServer } from '../../support/testServer';
import { arrangeHousehold, type Household } from './household';

const REPORTS = ['net_worth', 'category_spending', 'needs_vs_wants'] as const;

describe.each(testDialects)('report ranges, CSV and tenancy on %s', (dialect) => {
  const ctx = useTestServer(dialect, { userPerTest: false, otherHousehold: true });
  let household: Household;
  beforeAll(async () => {
    household = await arrangeHousehold(ctx.server, ctx.user);
  });

  const get = (url: string, headers: Record<string, string> = {}) => ctx.server.app.inject({ method: 'GET', url, headers: { ...ctx.user.headers, ...headers } });
  const periods = async (query: string) =>
    (JSON.parse((await get(`/reports/net_worth${query}`)).body) as NetWorthReport).data.map((row) => row.period);

  it('takes from and to as periods or dates, a budget counting by its end date', async () => {
    expect(await periods('?from=2026-01&to=2026-02')).toEqual(['2026-01', '2026-02']);
    expect(await periods('?from=2026-01-31&to=2026-02-27')).toEqual(['2026-01']);
    expect(await periods('?from=2026-02-01')).toEqual(['2026-02', '2026-03']);
    expect(await periods('?to=2026-01')).toEqual(['2025-11', '2026-01']);
    expect(await periods('?from=2025-12&to=2025-12')).toEqual([]);
  });

  it('shows the newest 12 budgets by default, or the 12 ending by `to`', async () => {
    const user = await signUpAndIn(ctx.server);
    for (let month = 1; month <= 14; month++) await createBudget(user.scope, `${2024 + Math.floor((month - 1) / 12)}-${String(((month - 1) % 12) + 1).padStart(2, '0')}-01`);
    const periodsOf = async (query: string) =>
      (await call<NetWorthReport>(ctx.server, user, { method: 'GET', url: `/reports/net_worth${query}` })).body.data.map((row) => row.period);
    const all = await periodsOf('?from=2000-01');
    expect(all).toHaveLength(14);
    expect(await periodsOf('')).toEqual(all.slice(2));
    expect(await periodsOf('?to=2025-01')).toEqual(all.slice(1, 13));
  });

  it.each(REPORTS)('refuses a malformed range on %s with the error shape', async (report) => {
    for (const [query, field] of [
      ['from=2026-13', 'from'],
      ['from=March', 'from'],
      ['to=2026-02-30', 'to'],
      ['to=2026-1', 'to'],
    ]) {
      const response = await get(`/reports/${report}?${query}`);
      expect(response.statusCode).toBe(422);
      expect(JSON.parse(response.body)).toEqual({
        success: false,
        errors: [`${field} must be a period (YYYY-MM) or a date (YYYY-MM-DD)`],
        field_errors: { [field]: [`${field} must be a period (YYYY-MM) or a date (YYYY-MM-DD)`] },
      });
    }
    const reversed = await get(`/reports/${report}?from=2026-03&to=2026-02-28`);
    expect(reversed.statusCode).toBe(422);
    expect(JSON.parse(reversed.body)).toEqual({ success: false, errors: ['from must not be after to'], field_errors: { from: ['from must not be after to'] } });
    const format = await get(`/reports/${report}?format=xlsx`);
    expect(format.statusCode).toBe(422);
    expect(JSON.parse(format.body).field_errors).toHaveProperty('format');
  });

  it.each(REPORTS)('needs a session for %s', async (report) => {
    const response = await ctx.server.app.inject({ method: 'GET', url: `/reports/${report}` });
    expect(response.statusCode).toBe(401);
  });

  it('sends the net worth as CSV for ?format=csv and for Accept: text/csv', async () => {
    const byQuery = await get('/reports/net_worth?from=2026-01&format=csv');
    const byAccept = await get('/reports/net_worth?from=2026-01', { accept: 'text/csv' });
    for (const response of [byQuery, byAccept]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="net-worth-2026-01-to-2026-03.csv"');
      expect(response.body).toBe('\uFEFFPeriod,Net Change,Net Worth\r\n2026-01,1775.00,4275.00\r\n2026-02,1850.00,6125.00\r\n2026-03,-1010.00,5115.00\r\n');
    }
    const json = await get('/reports/net_worth?from=2026-01&format=json', { accept: 'text/csv' });
    expect(json.headers['content-type']).toMatch(/^application\/json/);
  });

  it('quotes category names in the CSV and names the file after the category', async () => {
    const response = await get(`/reports/category_spending?format=csv&from=2026-01&to=2026-02&category_id=${household.categories.food.id}`);
    expect(response.headers['content-disposition']).toBe('attachment; filename="category-spending-food-fun-drinks-2026-01-to-2026-02.csv"');
    expect(response.body).toBe(
      '\uFEFFCategory,Period,Budgeted,Spent,Difference\r\n' +
        '"Food, ""Fun"" & Drinks",2026-01,500.00,225.00,275.00\r\n' +
        '"Food, ""Fun"" & Drinks",2026-02,500.00,150.00,350.00\r\n',
    );
  });

  it('sends both bases of needs vs wants in the CSV, with empty percentages where there is no income', async () => {
    const response = await get('/reports/needs_vs_wants?format=csv&from=2026-03');
    const [header, march, end] = response.body.replace('\uFEFF', '').split('\r\n');
    expect(header).toBe(
      'Period,Income,Budgeted Needs,Budgeted Needs %,Budgeted Wants,Budgeted Wants %,Budgeted Wants Allocated,Budgeted Unallocated,Budgeted Savings,Budgeted Savings %,' +
        'Actual Needs,Actual Needs %,Actual Wants,Actual Wants %,Actual Savings,Actual Savings %,' +
        'Actual Wants Spent,Actual Wants Spent %,Actual Unspent,Actual Unspent %',
    );
    expect(march).toBe('2026-03,0.00,1000.00,,-1300.00,,500.00,-1800.00,300.00,,1000.00,,-1000.00,,0.00,,0.00,,-1000.00,');
    expect(end).toBe('');
    const january = (await get('/reports/needs_vs_wants?format=csv&from=2026-01&to=2026-01')).body.split('\r\n')[1];
    expect(january).toBe('2026-01,3000.00,1000.00,33,1700.00,57,500.00,1200.00,300.00,10,1000.00,33,1750.00,59,250.00,8,225.00,8,1525.00,51');
  });

  it('shows nothing of another household, whose data leaves these figures alone', async () => {
    const before = await Promise.all(REPORTS.map((report) => get(`/reports/${report}`).then((response) => response.body)));
    const { scope } = ctx.other;
    const account = await createBankAccount(scope, { opening_balance: 77_777_700 });
    const budget = await createBudget(scope, '2026-01-01');
    const category = await createCategory(scope, { name: 'Home' });
    const allocation = await createAllocation(scope, budget.id, category.id, { allocation_class: 'need', amount: 5_000_000 });
    await createIncome(scope, budget.id, { amount: 9_000_000 });
    await createTransaction(scope, account.id, '2026-01-05', { allocation_id: allocation.id, withdrawal_amount: 4_000_000 });
    const after = await Promise.all(REPORTS.map((report) => get(`/reports/${report}`).then((response) => response.body)));
    expect(after).toEqual(before);
    const theirs = await call<NetWorthReport>(ctx.server, ctx.other, { method: 'GET', url: '/reports/net_worth' });
    expect(theirs.body.data).toEqual([{ budget_id: budget.id, period: '2026-01', net_change: -4_000_000, net_worth: 73_777_700 }]);
  });

  it('gives the same figures while February is closed and after it is reopened', async () => {
    const read = () => Promise.all(REPORTS.map((report) => get(`/reports/${report}`).then((response) => JSON.parse(response.body))));
    const open = await read();
    await household.closeFebruary();
    expect(await read()).toEqual(open);
    await household.reopenFebruary();
    expect(await read()).toEqual(open);
  });

  it('reads each report in the same few queries however many budgets and categories it covers', async () => {
    const user = await signUpAndIn(ctx.server);
    const account = await createBankAccount(user.scope);
    const categories = [await createCategory(user.scope), await createCategory(user.scope), await createCategory(user.scope)];
    for (let month = 1; month <= 12; month++) {
      const budget = await createBudget(user.scope, `2025-${String(month).padStart(2, '0')}-01`);
      await createIncome(user.scope, budget.id);
      for (const category of categories) {
        const allocation = await createAllocation(user.scope, budget.id, category.id);
        await createTransaction(user.scope, account.id, budget.start_date, { allocation_id: allocation.id });
      }
    }
    const queriesFor = async (range: { from?: string; to?: string }) => {
      const { scope, counter } = countingScope(ctx.server.db, user.householdId);
      const counts: number[] = [];
      for (const report of [netWorthReport, needsVsWantsReport, categorySpendingReport]) {
        counter.statements = 0;
        await report(scope, range);
        counts.push(counter.statements);
      }
      return counts;
    };
    const one = await queriesFor({ from: '2025-12' });
    const twelve = await queriesFor({});
    expect(twelve).toEqual(one);
    expect(twelve).toEqual([4, 3, 3]);
  });
});
