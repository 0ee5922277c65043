import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import type { Budget } from '../../../src/shared/schemas/budgets';
import type { HistoryPreview } from '../../../src/shared/schemas/history';
import type { BankAccount } from '../../../src/shared/schemas/setup';
import type { Transaction } from '../../../src/shared/schemas/transactions';
import { counted } from '../../../src/shared/wording';
import { call, type SignedInUser, testDialects, type TestServer, useTestServer } from '../../support/testServer';

/**
 * Acceptance (issue 46): real YNAB exports people published (../shared/history, read here, never copied into the
 * repository) brought into a household: every account's balance, every month's assigned amount per category and
 * every month's income equal the file's own figures, summed here straight from the CSV, independently of the reader.
 * Issue 44: YNAB's split parts ("Split (1/3) …" rows, one after the other) arrive as one split row of their sum
 * whose parts are YNAB's (amount, category, memo), and every figure above stays the file's.
 */

jest.setTimeout(180_000);

/** Beside the repository (../shared), or where this workplace keeps it for a clone made elsewhere (CI). */
const FOLDER =
  [process.env.EVERYCENT_HISTORY_DIR, path.join(__dirname, '../../../../shared/history/ynab'), '/work/shared/history/ynab'].find(
    (folder): folder is string => folder !== undefined && fs.existsSync(folder),
  ) ?? path.join(__dirname, '../../../../shared/history/ynab');

interface Export {
  folder: string;
  plan: string;
  register: string;
  /** The day the person exported (file 1 holds YNAB's scheduled rows from Feb 15 on, as its balances show). */
  exportedOn?: string;
}
const EXPORTS: Export[] = [
  { folder: '1', plan: 'plan.csv', register: 'register.csv', exportedOn: '2026-02-14' },
  { folder: '2', plan: 'budget.csv', register: 'register.csv' },
  { folder: '3', plan: 'Plan.csv', register: 'Register.csv' },
];

const KINDS: Record<string, Record<string, string>> = {
  '1': { 'Bancolombia - Mastercard Black': 'credit_card/liability', 'Bancolombia - American Express Platinum': 'credit_card/liability', Ahorros: 'normal/current' },
  '2': { Checking: 'normal/current', Savings: 'normal/current' },
  '3': { 'Coastline Visa': 'credit_card/liability', 'Metro Loan': 'normal/liability', 'Everyday Checking': 'normal/current' },
};

/** YNAB's split rows in each export (counted by hand from the files' "Split (1/n)" rows). */
const SPLIT_ROWS: Record<string, number> = { '1': 164, '2': 0, '3': 0 };

type Row = Record<string, string>;
const rowsOf = (text: string) => Papa.parse<Row>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
/** These files write "$1,234.56" and "-$1.05": dollars with a point. */
const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthKey = (text: string) => `${text.slice(4)}-${String(MONTHS.indexOf(text.slice(0, 3)) + 1).padStart(2, '0')}`;

const withoutZeros = (months: Record<string, Record<string, number>>) =>
  Object.fromEntries(
    Object.entries(months)
      .map(([month, lines]) => [month, Object.fromEntries(Object.entries(lines).filter(([, amount]) => amount !== 0))] as const)
      .filter(([, lines]) => Object.keys(lines).length > 0),
  );
const SPLIT_PART = /^Split \((\d+)\/(\d+)\) ?(.*)$/;
/** A split row as "account|date|net" and its parts as [amount, "group|category" or null for income, memo]. */
type SplitRows = Array<[string, Array<[number, string | null, string | null]>]>;
const sortedSplits = (rows: SplitRows) => [...rows].sort(([a, pa], [b, pb]) => a.localeCompare(b) || JSON.stringify(pa).localeCompare(JSON.stringify(pb)));

/** The file's own figures: balances per account, assigned per month and category, income per month, split rows. */
function figuresOf(planText: string, registerText: string, exportedOn: string | undefined) {
  const register = rowsOf(registerText);
  const dayFirst = register.some((r) => Number(r.Date.split('/')[0]) > 12);
  const iso = (date: string) => {
    const [a, b, year] = date.split('/');
    return dayFirst ? `${year}-${b}-${a}` : `${year}-${a}-${b}`;
  };
  const balances: Record<string, number> = {};
  const incomes: Record<string, number> = {};
  const spent = new Set<string>();
  const spending: Record<string, Record<string, number>> = {};
  let upcoming = 0;
  const splits: SplitRows = [];
  let open: { key: [string, string]; net: number; parts: SplitRows[number][1]; of: number } | null = null;
  for (const row of register) {
    const date = iso(row.Date);
    const part = SPLIT_PART.exec(row.Memo);
    if (part) {
      const amount = cents(row.Inflow) - cents(row.Outflow);
      if (part[1] === '1') open = { key: [row.Account, date], net: 0, parts: [], of: Number(part[2]) };
      open!.net += amount;
      open!.parts.push([amount, row['Category Group'] === 'Inflow' ? null : `${row['Category Group'].trim()}|${row.Category.trim()}`, part[3].trim() || null]);
      if (open!.parts.length === open!.of) splits.push([`${open!.key.join('|')}|${open!.net}`, open!.parts]);
    }
    if (row.Cleared === 'Uncleared' && exportedOn && date > exportedOn) {
      if (cents(row.Inflow) !== cents(row.Outflow)) upcoming++;
      continue;
    }
    const net = cents(row.Inflow) - cents(row.Outflow);
    balances[row.Account] = (balances[row.Account] ?? 0) + net;
    if (row.Payee === 'Starting Balance' || row.Payee.startsWith('Transfer :')) continue;
    if (row['Category Group'] === 'Inflow') incomes[date.slice(0, 7)] = (incomes[date.slice(0, 7)] ?? 0) + net;
    else if (row.Category) {
      spent.add(`${date.slice(0, 7)}|${row['Category Group'].trim()}|${row.Category.trim()}`);
      const month = (spending[date.slice(0, 7)] ??= {});
      const key = `${row['Category Group'].trim()}|${row.Category.trim()}`;
      month[key] = (month[key] ?? 0) - net;
    }
  }
  const assigned: Record<string, Record<string, number>> = {};
  for (const row of rowsOf(planText)) {
    if (row['Category Group'] === 'Inflow') continue;
    const month = monthKey(row.Month);
    const key = `${row['Category Group'].trim()}|${row.Category.trim()}`;
    const amount = cents(row.Assigned ?? row.Budgeted);
    if (amount === 0 && !spent.has(`${month}|${key}`)) continue;
    (assigned[month] ??= {})[key] = ((assigned[month] ??= {})[key] ?? 0) + amount;
  }
  // Spending counts on a line of the month's plan; a row whose month has none comes in without an allocation (listed).
  const planned = Object.fromEntries(Object.entries(spending).map(([month, lines]) => [month, Object.fromEntries(Object.entries(lines).filter(([key]) => assigned[month]?.[key] !== undefined))]));
  return { balances, assigned, incomes, upcoming, splits: sortedSplits(splits), spent: withoutZeros(planned) };
}

/** The same figures as EveryCent's read routes answer them. */
async function figuresHere(server: TestServer, user: SignedInUser) {
  const accounts = (await call<BankAccount[]>(server, user, { method: 'GET', url: '/bank_accounts?include_current_balance=true&include_closed=true' })).body;
  const categories = new Map((await call<Array<{ id: number; name: string }>>(server, user, { method: 'GET', url: '/allocation_categories' })).body.map((c) => [c.id, c.name]));
  const assigned: Record<string, Record<string, number>> = {};
  const incomes: Record<string, number> = {};
  const lines = new Map<number, string>();
  const spent: Record<string, Record<string, number>> = {};
  const splits: SplitRows = [];
  let rows = 0;
  for (const { id } of (await call<Array<{ id: number }>>(server, user, { method: 'GET', url: '/budgets' })).body) {
    const budget = (await call<Budget>(server, user, { method: 'GET', url: `/budgets/${id}` })).body;
    const month = budget.start_date.slice(0, 7);
    for (const a of budget.allocations) {
      (assigned[month] ??= {})[`${categories.get(a.allocation_category_id)}|${a.name}`] = a.amount;
      lines.set(a.id, `${categories.get(a.allocation_category_id)}|${a.name}`);
      (spent[month] ??= {})[`${categories.get(a.allocation_category_id)}|${a.name}`] = a.spent;
    }
    const income = budget.incomes.reduce((sum, i) => sum + i.amount, 0);
    if (budget.incomes.length > 0) incomes[month] = income;
    // Every row of the month, account by account, as the transactions window reads them (a split row with its parts).
    for (const account of accounts) {
      const window = (await call<Transaction[]>(server, user, { method: 'GET', url: `/transactions?bank_account_id=${account.id}&budget_id=${id}` })).body;
      rows += window.length;
      for (const row of window.filter((r) => r.splits)) {
        expect(row.allocation_id).toBeNull();
        const parts = row.splits!.map((p): SplitRows[number][1][number] => [p.amount, p.allocation_id === null ? null : (lines.get(p.allocation_id) ?? `allocation ${p.allocation_id}`), p.memo]);
        splits.push([`${account.name}|${row.transaction_date}|${row.deposit_amount - row.withdrawal_amount}`, parts]);
      }
    }
  }
  return { balances: Object.fromEntries(accounts.map((a) => [a.name, a.current_balance!])), assigned, incomes, accounts, splits: sortedSplits(splits), rows, spent: withoutZeros(spent) };
}

describe.each(testDialects)('real YNAB exports brought into a household on %s', (dialect) => {
  const ctx = useTestServer(dialect);

  it.each(EXPORTS)('export $folder: balances, assigned amounts per category and incomes are the file’s own', async ({ folder, plan, register, exportedOn }) => {
    const files = {
      source: 'ynab',
      plan: fs.readFileSync(path.join(FOLDER, folder, plan), 'utf8'),
      register: fs.readFileSync(path.join(FOLDER, folder, register), 'utf8'),
      names: [plan, register],
      choices: exportedOn ? { exported_on: exportedOn } : {},
    };
    const preview = await call<HistoryPreview>(ctx.server, ctx.user, { method: 'POST', url: '/household/history/preview', payload: files });
    expect(preview.status).toBe(200);
    const imported = await call(ctx.server, ctx.user, {
      method: 'POST',
      url: '/household/history/import',
      payload: { ...files, choices: { ...files.choices, preview: preview.body.fingerprint } },
    });
    expect(imported.status).toBe(200);

    const expected = figuresOf(files.plan, files.register, exportedOn);
    const here = await figuresHere(ctx.server, ctx.user);
    // Activity names the import (what it brought, counted as the answer counts it); it is not offered for undo.
    const result = (imported.body as { imported: { bank_accounts: number; budgets: number; transactions: number } }).imported;
    const activity = await call<{ entries: Array<{ id: number; kind: string; summary: string; undoable: boolean }> }>(ctx.server, ctx.user, { method: 'GET', url: '/activity' });
    expect(activity.body.entries[0]).toMatchObject({ id: Number(imported.headers['activity-id']), kind: 'history_import', undoable: false });
    expect(activity.body.entries[0].summary).toContain(`brought in history from YNAB: ${counted(result.bank_accounts, 'account')}, ${counted(result.budgets, 'budget')}, ${counted(result.transactions, 'transaction')}`);
    expect(result.bank_accounts).toBe(Object.keys(expected.balances).length);
    // YNAB's scheduled rows (export 1's, after Feb 14) are upcoming bills, each a schedule of one day, not paid rows.
    const schedules = (await call<Array<{ times: number | null }>>(ctx.server, ctx.user, { method: 'GET', url: '/schedules' })).body;
    expect(schedules.length).toBe(expected.upcoming);
    expect(schedules.every((s) => s.times === 1)).toBe(true);
    if (folder === '1') expect(expected.upcoming).toBeGreaterThan(0);
    expect(here.balances).toEqual(expected.balances);
    expect(here.assigned).toEqual(expected.assigned);
    expect(here.incomes).toEqual(expected.incomes);
    // Each of YNAB's split rows is one row here whose parts are YNAB's parts: amounts, categories (income: none), memos.
    expect(here.splits).toEqual(expected.splits);
    // What was spent per month and category (the parts counting toward theirs) is the file's.
    expect(here.spent).toEqual(expected.spent);
    expect(here.splits.length).toBe(SPLIT_ROWS[folder]);
    expect(result.transactions).toBe(here.rows);
    // The preview said the same balances before anything was written.
    expect(Object.fromEntries(preview.body.accounts.map((a) => [a.name, a.balance_after]))).toEqual(expected.balances);
    // What the file knows of its accounts: YNAB's cards (its Credit Card Payments categories) and loans come in as a
    // credit card and a liability, their debts negative as YNAB keeps them; a card's uncleared rows come in unpaid.
    const kinds = Object.fromEntries(here.accounts.map((a) => [a.name, `${a.account_type}/${a.account_category}`]));
    expect(kinds).toMatchObject(KINDS[folder]);
  });
});
