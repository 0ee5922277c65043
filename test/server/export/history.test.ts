import fs from 'node:fs';
import path from 'node:path';
import type { Budget } from '../../../src/shared/schemas/budgets';
import type { HistoryPreview } from '../../../src/shared/schemas/history';
import type { BankAccount } from '../../../src/shared/schemas/setup';
import type { Transaction } from '../../../src/shared/schemas/transactions';
import { call, type SignedInUser, testDialects, type TestServer, useTestServer } from '../../support/testServer';

const fixture = (...parts: string[]) => path.join(__dirname, '../../fixtures/history', ...parts);
const ynabFiles = { source: 'ynab', plan: fs.readFileSync(fixture('ynab/Plan.csv'), 'utf8'), register: fs.readFileSync(fixture('ynab/Register.csv'), 'utf8') };
const actualFiles = { source: 'actual', file: fs.readFileSync(fixture('actual/export.zip')).toString('base64') };

async function budgetLines(server: TestServer, user: SignedInUser) {
  const budgets = (await call<Array<{ id: number; start_date: string }>>(server, user, { method: 'GET', url: '/budgets' })).body;
  const lines: Record<string, Record<string, [number, number]>> = {};
  for (const { id } of budgets) {
    const budget = (await call<Budget>(server, user, { method: 'GET', url: `/budgets/${id}` })).body;
    lines[budget.start_date] = Object.fromEntries(budget.allocations.map((a) => [a.name, [a.amount, a.spent]]));
  }
  return lines;
}

async function balances(server: TestServer, user: SignedInUser) {
  const accounts = (await call<BankAccount[]>(server, user, { method: 'GET', url: '/bank_accounts?include_current_balance=true&include_closed=true' })).body;
  return Object.fromEntries(accounts.map((a) => [a.name, [a.opening_date, a.opening_balance, a.current_balance]]));
}

describe.each(testDialects)('bringing history from YNAB and Actual on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  it('YNAB: the preview shows what will be created and the row that cannot be mapped; the import creates exactly that', async () => {
    const preview = await call<HistoryPreview>(ctx.server, ctx.user, { method: 'POST', url: '/household/history/preview', payload: ynabFiles });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      source: 'ynab',
      allocation_categories: ['Bills', 'Everyday'],
      budgets: [
        { month: '2026-01', allocations: 3, allocated: 174000, incomes: 1 },
        { month: '2026-02', allocations: 4, allocated: 175000, incomes: 1 },
      ],
      accounts: [
        // Fresh Market's two "Split (1/2)" parts are one split row.
        { name: 'Checking', opening_balance: 150000, opening_date: '2025-12-30', transactions: 10 },
        { name: 'Savings', opening_balance: 0, opening_date: '2026-01-19', transactions: 1 },
      ],
      transactions: 11,
      mapped_transactions: 6,
      unmapped_count: 1,
      unmapped: [{ date: '2026-02-20', account: 'Checking', description: 'Gym', category: 'Health: Gym' }],
    });
    // The preview wrote nothing.
    expect((await call<unknown[]>(ctx.server, ctx.user, { method: 'GET', url: '/budgets' })).body).toEqual([]);

    const imported = await call(ctx.server, ctx.user, { method: 'POST', url: '/household/history/import', payload: ynabFiles });
    expect(imported.body).toEqual({ imported: { allocation_categories: 2, budgets: 2, allocations: 7, incomes: 2, bank_accounts: 2, matched_accounts: 0, transactions: 11 } });
    expect(await budgetLines(ctx.server, ctx.user)).toEqual({
      '2026-01-01': { Rent: [120000, 120000], Electric: [9000, 8417], Groceries: [45000, 13245] },
      '2026-02-01': { Rent: [120000, 120000], Electric: [9000, 0], Groceries: [40000, 6120], 'Dining Out': [6000, 2350] },
    });
    // The split row: the bank's amount, paid, no allocation of its own; its parts YNAB's, each on its line.
    const january = (await call<Budget[]>(ctx.server, ctx.user, { method: 'GET', url: '/budgets' })).body.find((b) => b.start_date === '2026-01-01')!;
    const groceries = (await call<Budget>(ctx.server, ctx.user, { method: 'GET', url: `/budgets/${january.id}` })).body.allocations.find((a) => a.name === 'Groceries')!;
    const checking = (await call<BankAccount[]>(ctx.server, ctx.user, { method: 'GET', url: '/bank_accounts' })).body.find((a) => a.name === 'Checking')!;
    const rows = (await call<Transaction[]>(ctx.server, ctx.user, { method: 'GET', url: `/transactions?bank_account_id=${checking.id}&budget_id=${january.id}` })).body;
    expect(rows.filter((r) => r.splits).map((r) => [r.transaction_date, r.description, r.withdrawal_amount, r.status, r.allocation_id, r.splits!.map((p) => [p.amount, p.allocation_id, p.memo])])).toEqual([
      ['2026-01-12', 'Fresh Market', 13245, 'paid', null, [[-10000, groceries.id, null], [-3245, groceries.id, null]]],
    ]);
    const before = await balances(ctx.server, ctx.user);
    expect(before).toEqual({
      Checking: ['2025-12-30', 150000, 150000 + 640000 - 240000 - 8417 - 13245 - 25000 - 2350 - 6120 - 3500],
      Savings: ['2026-01-19', 0, 25000],
    });
    // The other household saw none of it.
    expect((await call<unknown[]>(ctx.server, ctx.other, { method: 'GET', url: '/budgets' })).body).toEqual([]);
    // The same files again: the accounts and categories join the ones just made, every month keeps its budget and no
    // row comes twice (each is listed with why); the import then changes nothing.
    const again = await call<HistoryPreview>(ctx.server, ctx.user, { method: 'POST', url: '/household/history/preview', payload: ynabFiles });
    expect(again.body).toMatchObject({ budgets: [], kept_months: ['2026-01', '2026-02'], transactions: 0, unmapped_count: 11 });
    expect(again.body.accounts.map((a) => [a.name, a.match?.name, a.balance_before, a.balance_after])).toEqual([
      ['Checking', 'Checking', before.Checking[2], before.Checking[2]],
      ['Savings', 'Savings', 25000, 25000],
    ]);
    expect(again.body.unmapped.filter((row) => /from an earlier import/.test(row.reason))).toHaveLength(11);
    const second = await call(ctx.server, ctx.user, { method: 'POST', url: '/household/history/import', payload: { ...ynabFiles, choices: { preview: again.body.fingerprint } } });
    expect(second.body).toEqual({ imported: { allocation_categories: 0, budgets: 0, allocations: 0, incomes: 0, bank_accounts: 0, matched_accounts: 2, transactions: 0 } });
    expect(await balances(ctx.server, ctx.user)).toEqual(before);
  });

  it('Actual: categories, monthly budgeted amounts, split parts, merged categories, starting balances; deleted rows stay out', async () => {
    const preview = await call<HistoryPreview>(ctx.server, ctx.user, { method: 'POST', url: '/household/history/preview', payload: actualFiles });
    expect(preview.body).toMatchObject({
      source: 'actual',
      title: 'My Finances',
      allocation_categories: ['Bills', 'Usual Expenses'],
      budgets: [
        { month: '2026-01', allocations: 3, allocated: 57500, incomes: 1 },
        { month: '2026-02', allocations: 3, allocated: 49500, incomes: 1 },
      ],
      accounts: [
        { name: 'Everyday Checking', opening_balance: 250000, opening_date: '2025-12-30', transactions: 7 },
        // The split's parent and its two children are one split row.
        { name: 'Visa Card', opening_balance: 0, opening_date: '2026-01-09', transactions: 2 },
      ],
      transactions: 9,
      mapped_transactions: 5,
      unmapped_count: 0,
    });
    const imported = await call(ctx.server, ctx.user, { method: 'POST', url: '/household/history/import', payload: actualFiles });
    expect(imported.status).toBe(200);
    expect(await budgetLines(ctx.server, ctx.user)).toEqual({
      '2026-01-01': { Food: [40000, 8523 + 4000], General: [10000, 2000], Power: [7500, 7210] },
      '2026-02-01': { Food: [42000, 5150], General: [0, 1999], Power: [7500, 0] },
    });
    expect(await balances(ctx.server, ctx.user)).toEqual({
      'Everyday Checking': ['2025-12-30', 250000, 250000 + 820000 - 8523 - 7210 - 6000 - 5150 - 1999],
      'Visa Card': ['2026-01-09', 0, -6000 + 6000],
    });
  });

  it('refuses files that are not the other tools’ exports, with what to choose instead', async () => {
    const notYnab = await call<{ errors: string[] }>(ctx.server, ctx.user, { method: 'POST', url: '/household/history/preview', payload: { source: 'ynab', plan: 'a,b\n1,2', register: 'x' } });
    expect(notYnab.status).toBe(422);
    expect(notYnab.body.errors[0]).toMatch(/^This is not YNAB's Plan.csv: it has no "Month" column, no "Assigned" or "Budgeted" column/);
    const notActual = await call<{ errors: string[] }>(ctx.server, ctx.user, { method: 'POST', url: '/household/history/preview', payload: { source: 'actual', file: Buffer.from('not a zip').toString('base64') } });
    expect(notActual.status).toBe(422);
    expect(notActual.body.errors[0]).toMatch(/^This is not an Actual Budget export/);
  });
});
