import fs from 'node:fs';
import path from 'node:path';
import type { Budget } from '../../../src/shared/schemas/budgets';
import type { Schedule } from '../../../src/shared/schemas/schedules';
import type { HistoryPreview } from '../../../src/shared/schemas/history';
import type { BankAccount } from '../../../src/shared/schemas/setup';
import type { Transaction } from '../../../src/shared/schemas/transactions';
import { zipOf } from '../../support/hostileFiles';
import { call, type SignedInUser, testDialects, type TestServer, useTestServer } from '../../support/testServer';

/** Every YNAB shape (issue 46): YNAB 4, tab-separated comma decimals, the zip as YNAB saves it; and history into a household that exists. */

jest.setTimeout(120_000);

const fixture = (...parts: string[]) => path.join(__dirname, '../../fixtures/history', ...parts);
const YNAB4 = ['My Budget as of 2016-02-20 0915 PM-Budget.csv', 'My Budget as of 2016-02-20 0915 PM-Register.csv'];
const ynab4Files = { source: 'ynab', plan: fs.readFileSync(fixture('ynab4', YNAB4[0]), 'utf8'), register: fs.readFileSync(fixture('ynab4', YNAB4[1]), 'utf8'), names: YNAB4 };
const COMMA = ['Haushalt as of 2026-01-31 10-05 - Plan.csv', 'Haushalt as of 2026-01-31 10-05 - Register.csv'];
const commaZip = zipOf(COMMA.map((name) => ({ name: `Haushalt as of 2026-01-31 10-05/${name}`, data: fs.readFileSync(fixture('ynab-comma', name)) })));
const commaFiles = { source: 'ynab', file: commaZip.toString('base64'), names: ['Haushalt as of 2026-01-31 10-05.zip'] };

type Call = <T>(method: 'GET' | 'POST', url: string, payload?: unknown) => Promise<{ status: number; body: T }>;
const caller = (server: TestServer, user: SignedInUser): Call => (method, url, payload) => call(server, user, { method, url, payload: payload as object });

async function budgetsOf(get: Call) {
  const categories = new Map((await get<Array<{ id: number; name: string }>>('GET', '/allocation_categories')).body.map((c) => [c.id, c.name]));
  const result: Record<string, { lines: Record<string, [number, string]>; incomes: Record<string, number>; id: number }> = {};
  for (const { id } of (await get<Array<{ id: number }>>('GET', '/budgets')).body) {
    const budget = (await get<Budget>('GET', `/budgets/${id}`)).body;
    result[budget.start_date] = {
      id,
      lines: Object.fromEntries(budget.allocations.map((a) => [`${categories.get(a.allocation_category_id)}: ${a.name}`, [a.amount, a.allocation_class]])),
      incomes: Object.fromEntries(budget.incomes.map((i) => [i.name, i.amount])),
    };
  }
  return result;
}
const accountsOf = async (get: Call) => (await get<BankAccount[]>('GET', '/bank_accounts?include_current_balance=true&include_closed=true')).body;

describe.each(testDialects)('YNAB shapes and history into a household that exists on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  it('YNAB 4: Master/Sub Category, income available this month and next, cleared C/R/U, an unreadable row listed with its line, a scheduled row an upcoming bill', async () => {
    const get = caller(ctx.server, ctx.user);
    const preview = await get<HistoryPreview>('POST', '/household/history/preview', ynab4Files);
    expect(preview.status).toBe(200);
    expect(preview.body.exported_on).toBe('2016-02-20');
    expect(preview.body.groups).toEqual([
      { name: 'Everyday Expenses', match: null, allocation_class: 'need', allocations: 2 },
      { name: 'Monthly Bills', match: null, allocation_class: 'need', allocations: 2 },
      { name: 'Savings Goals', match: null, allocation_class: 'savings', allocations: 1 },
    ]);
    expect(preview.body.unmapped.map((r) => [r.origin, r.reason])).toEqual([
      ['Register.csv line 13', 'its amount "twelve" is not one: left out'],
    ]);
    // The scheduled row is listed as what it becomes, not among the rows that could not be mapped.
    expect([preview.body.upcoming_count, preview.body.upcoming]).toEqual([
      1,
      [{ origin: 'Register.csv line 14', date: '2016-03-15', account: 'Visa', description: 'Insurer — scheduled', category: 'Monthly Bills: Insurance', amount: -9000 }],
    ]);
    expect(preview.body.accounts.map((a) => [a.name, a.kind, a.after.opening_date, a.after.opening_balance, a.balance_after])).toEqual([
      ['Checking', 'current', '2015-12-30', 50000, 275000],
      ['Visa', 'credit_card', '2015-12-30', -15000, -17240],
    ]);
    const imported = await get('POST', '/household/history/import', { ...ynab4Files, choices: { preview: preview.body.fingerprint } });
    expect(imported.status).toBe(200);
    // The scheduled row: an upcoming bill on its day, on its line, out of every balance (the Visa's is -172.40 below).
    const categories = (await get<Array<{ id: number; name: string }>>('GET', '/allocation_categories')).body;
    const schedules = (await get<Schedule[]>('GET', '/schedules')).body;
    expect(schedules.map((s) => [s.description, s.amount, s.start_date, s.times, s.next_date, s.auto_enter, categories.find((c) => c.id === s.allocation_category_id)?.name, s.allocation_name])).toEqual([
      // Its one day is long past here (a 2016 file): no next one.
      ['Insurer — scheduled', -9000, '2016-03-15', 1, null, false, 'Monthly Bills', 'Insurance'],
    ]);

    const budgets = await budgetsOf(get);
    expect(Object.fromEntries(Object.entries(budgets).map(([start, b]) => [start, [b.lines, b.incomes]]))).toEqual({
      '2016-01-01': [{ 'Monthly Bills: Rent': [80000, 'need'], 'Everyday Expenses: Groceries': [30000, 'need'], 'Savings Goals: Vacation': [10000, 'savings'] }, { Employer: 200000 }],
      // "Available next month": January 28's pay is February's income.
      '2016-02-01': [{ 'Monthly Bills: Rent': [80000, 'need'], 'Everyday Expenses: Groceries': [25000, 'need'] }, { Employer: 200000 }],
    });
    const accounts = await accountsOf(get);
    expect(accounts.map((a) => [a.name, a.account_type, a.account_category, a.current_balance])).toEqual([
      ['Checking', 'normal', 'current', 275000],
      ['Visa', 'credit_card', 'liability', -17240],
    ]);
    const visa = accounts.find((a) => a.name === 'Visa')!;
    const rows = (await get<Transaction[]>('GET', `/transactions?bank_account_id=${visa.id}&budget_id=${budgets['2016-02-01'].id}`)).body;
    // The card's uncleared row is unpaid; its cleared ones paid.
    expect(rows.map((r) => [r.description, r.status])).toEqual([['Grocer', 'unpaid']]);
    const january = (await get<Transaction[]>('GET', `/transactions?bank_account_id=${visa.id}&budget_id=${budgets['2016-01-01'].id}`)).body;
    // YNAB 4's "(Split 1/2) food" and "(Split 2/2) soap": one split row of 112.40 whose parts keep their memos.
    const groceries = (await get<Budget>('GET', `/budgets/${budgets['2016-01-01'].id}`)).body.allocations.find((a) => a.name === 'Groceries')!;
    expect(january.map((r) => [r.description, r.deposit_amount - r.withdrawal_amount, r.status, r.allocation_id, r.splits?.map((p) => [p.amount, p.allocation_id, p.memo])])).toEqual([
      ['Grocer', -11240, 'paid', null, [[-8000, groceries.id, 'food'], [-3240, groceries.id, 'soap']]],
      ['Transfer : Checking — card payment', 15000, 'paid', null, undefined],
    ]);
    // Its parts count toward Groceries as the two rows did: 112.40 spent in January.
    expect(groceries.spent).toBe(11240);
  });

  it('new YNAB: "Split (i/n)" parts in other categories, one of them income, come in as one split row; parts not running 1..n stay rows', async () => {
    const get = caller(ctx.server, ctx.user);
    const plan = [
      '"Month","Category Group/Category","Category Group","Category","Assigned","Activity","Available"',
      '"Mar 2026","Everyday: Groceries","Everyday","Groceries",$300.00,$0.00,$0.00',
      '"Mar 2026","Everyday: Household","Everyday","Household",$50.00,$0.00,$0.00',
      '"Mar 2026","Gifts: Birthdays","Gifts","Birthdays",$40.00,$0.00,$0.00',
    ].join('\n');
    const register = [
      '"Account","Flag","Date","Payee","Category Group/Category","Category Group","Category","Memo","Outflow","Inflow","Cleared"',
      '"Checking","","02/28/2026","Starting Balance","Inflow: Ready to Assign","Inflow","Ready to Assign","",$0.00,"$1,000.00","Reconciled"',
      '"Checking","","03/05/2026","Big Shop","Everyday: Groceries","Everyday","Groceries","Split (1/3) weekly food",$61.20,$0.00,"Cleared"',
      '"Checking","","03/05/2026","Big Shop","Everyday: Household","Everyday","Household","Split (2/3) ",$14.80,$0.00,"Cleared"',
      '"Checking","","03/05/2026","Big Shop","Gifts: Birthdays","Gifts","Birthdays","Split (3/3) present for Ana",$24.00,$0.00,"Cleared"',
      '"Checking","","03/09/2026","Ana","Inflow: Ready to Assign","Inflow","Ready to Assign","Split (1/2) paid me back",$0.00,$30.00,"Cleared"',
      '"Checking","","03/09/2026","Ana","Gifts: Birthdays","Gifts","Birthdays","Split (2/2) her half of the present",$0.00,$12.00,"Cleared"',
      // A part whose siblings are missing (a file cut by hand) stays the row it is.
      '"Checking","","03/12/2026","Corner Shop","Everyday: Groceries","Everyday","Groceries","Split (1/2) milk",$3.00,$0.00,"Cleared"',
      // A scheduled split (after the export, not cleared): a schedule has no parts, so each part is an upcoming bill.
      '"Checking","","04/02/2026","Big Shop","Everyday: Groceries","Everyday","Groceries","Split (1/2) food",$50.00,$0.00,"Uncleared"',
      '"Checking","","04/02/2026","Big Shop","Everyday: Household","Everyday","Household","Split (2/2) ",$10.00,$0.00,"Uncleared"',
    ].join('\n');
    const files = { source: 'ynab', plan, register, names: ['Plan.csv', 'Register.csv'], choices: { exported_on: '2026-03-31' } };
    const preview = await get<HistoryPreview>('POST', '/household/history/preview', files);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ transactions: 3, mapped_transactions: 3 });
    expect((await get('POST', '/household/history/import', { ...files, choices: { ...files.choices, preview: preview.body.fingerprint } })).status).toBe(200);
    const schedules = (await get<Schedule[]>('GET', '/schedules')).body;
    expect(schedules.map((s) => [s.description, s.amount, s.start_date, s.allocation_name]).sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      ['Big Shop', -1000, '2026-04-02', 'Household'],
      ['Big Shop — food', -5000, '2026-04-02', 'Groceries'],
    ]);

    const budgets = await budgetsOf(get);
    const march = (await get<Budget>('GET', `/budgets/${budgets['2026-03-01'].id}`)).body;
    const line = (name: string) => march.allocations.find((a) => a.name === name)!;
    // Ana's 30.00 that is income counts as March's income; the parts count toward their lines as rows would.
    expect(budgets['2026-03-01'].incomes).toEqual({ Ana: 3000 });
    expect(Object.fromEntries(march.allocations.map((a) => [a.name, a.spent]))).toEqual({ Groceries: 6420, Household: 1480, Birthdays: 1200 });
    const checking = (await accountsOf(get)).find((a) => a.name === 'Checking')!;
    expect(checking.current_balance).toBe(100000 - 10000 + 4200 - 300);
    const rows = (await get<Transaction[]>('GET', `/transactions?bank_account_id=${checking.id}&budget_id=${march.id}`)).body;
    expect(rows.map((r) => [r.transaction_date, r.description, r.deposit_amount - r.withdrawal_amount, r.allocation_id, r.splits?.map((p) => [p.amount, p.allocation_id, p.memo])])).toEqual([
      ['2026-03-05', 'Big Shop', -10000, null, [[-6120, line('Groceries').id, 'weekly food'], [-1480, line('Household').id, null], [-2400, line('Birthdays').id, 'present for Ana']]],
      ['2026-03-09', 'Ana', 4200, null, [[3000, null, 'paid me back'], [1200, line('Birthdays').id, 'her half of the present']]],
      ['2026-03-12', 'Corner Shop — Split (1/2) milk', -300, line('Groceries').id, undefined],
    ]);
  });

  it('the zip YNAB saves, tab-separated with comma decimals and the currency after: "1.234,56 €"; a short row is listed with its line', async () => {
    const get = caller(ctx.server, ctx.user);
    const preview = await get<HistoryPreview>('POST', '/household/history/preview', commaFiles);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      exported_on: '2026-01-31',
      budgets: [{ month: '2026-01', allocations: 3, allocated: 123456 + 30000, incomes: 1 }],
      accounts: [{ name: 'Girokonto', after: { opening_date: '2025-12-30', opening_balance: 250000 }, balance_after: 250000 + 310000 - 123456 - 4590 - 350 }],
      unmapped: [{ origin: 'Register.csv line 7', reason: "it has 7 cells where the file's first line names 11 columns: left out" }],
    });
    expect((await get('POST', '/household/history/import', { ...commaFiles, choices: { preview: preview.body.fingerprint } })).status).toBe(200);
    expect(Object.fromEntries(Object.entries(await budgetsOf(get)).map(([start, b]) => [start, b.lines]))).toEqual({
      '2026-01-01': { 'Wohnen: Miete': [123456, 'need'], 'Alltag: Lebensmittel': [30000, 'want'], 'Alltag: Kaffee': [0, 'want'] },
    });
  });

  it('into a household that exists: accounts and categories matched by name or as chosen, the opening date moved back with today’s balance kept, months with a budget keep it', async () => {
    const get = caller(ctx.server, ctx.user);
    const giro = (await get<BankAccount>('POST', '/bank_accounts', { name: 'girokonto', opening_balance: 500000, opening_date: '2026-02-28' })).body;
    const spare = (await get<BankAccount>('POST', '/bank_accounts', { name: 'Tagesgeld', opening_balance: 100, opening_date: '2026-02-28' })).body;
    const everyday = (await get<{ id: number }>('POST', '/allocation_categories', { name: 'Everyday' })).body;
    await get('POST', '/allocation_categories', { name: 'Wohnen' });
    expect((await get('POST', '/budgets', { start_date: '2026-03-01' })).status).toBe(201);
    const choices = { groups: [{ name: 'Alltag', match: everyday.id }, { name: 'Wohnen', allocation_class: 'want' }] };
    const preview = await get<HistoryPreview>('POST', '/household/history/preview', { ...commaFiles, choices });
    expect(preview.status).toBe(200);
    expect(preview.body.groups.map((g) => [g.name, g.match?.name ?? null, g.allocation_class])).toEqual([
      ['Alltag', 'Everyday', 'want'],
      ['Wohnen', 'Wohnen', 'want'],
    ]);
    const history = 310000 - 123456 - 4590 - 350;
    expect(preview.body.accounts).toEqual([
      expect.objectContaining({
        name: 'Girokonto',
        match: { id: giro.id, name: 'girokonto' },
        before: { opening_date: '2026-02-28', opening_balance: 500000 },
        after: { opening_date: '2025-12-31', opening_balance: 500000 - history },
        earlier: 4,
        balance_before: 500000,
        balance_after: 500000,
      }),
    ]);
    expect(preview.body.household.accounts.map((a) => a.name)).toEqual(['girokonto', 'Tagesgeld']);
    // Nothing was written by the preview.
    expect((await accountsOf(get)).find((a) => a.id === giro.id)).toMatchObject({ opening_date: '2026-02-28', opening_balance: 500000 });

    // The import is refused when it would not write what the preview showed: other choices, or a household changed since.
    const otherChoices = await get<{ errors: string[] }>('POST', '/household/history/import', { ...commaFiles, choices: { preview: preview.body.fingerprint } });
    expect(otherChoices.status).toBe(422);
    expect(otherChoices.body.errors[0]).toMatch(/^What this import would write is not what the preview showed/);

    const imported = await get<{ imported: Record<string, number> }>('POST', '/household/history/import', { ...commaFiles, choices: { ...choices, preview: preview.body.fingerprint } });
    expect(imported.body.imported).toEqual({ allocation_categories: 0, budgets: 1, allocations: 3, incomes: 1, bank_accounts: 0, matched_accounts: 1, transactions: 4 });
    const accounts = await accountsOf(get);
    expect(accounts.map((a) => [a.name, a.opening_date, a.opening_balance, a.current_balance])).toEqual([
      ['girokonto', '2025-12-31', 500000 - history, 500000],
      ['Tagesgeld', '2026-02-28', 100, 100],
    ]);
    const budgets = await budgetsOf(get);
    expect(Object.keys(budgets).sort()).toEqual(['2026-01-01', '2026-03-01']);
    expect(budgets['2026-01-01'].lines).toEqual({ 'Wohnen: Miete': [123456, 'want'], 'Everyday: Lebensmittel': [30000, 'want'], 'Everyday: Kaffee': [0, 'want'] });
    expect(budgets['2026-03-01'].lines).toEqual({});
    expect(spare.id).toBeGreaterThan(0);
  });

  it('history before the opening date left out, as chosen; refusals come at Preview with their reason, and another household’s ids are not this one’s', async () => {
    const get = caller(ctx.server, ctx.user);
    const giro = (await get<BankAccount>('POST', '/bank_accounts', { name: 'Girokonto', opening_balance: 500000, opening_date: '2026-01-10' })).body;
    const preview = await get<HistoryPreview>('POST', '/household/history/preview', { ...commaFiles, choices: { accounts: [{ name: 'Girokonto', earlier_rows: 'leave_out' }] } });
    expect(preview.body.accounts[0]).toMatchObject({ before: { opening_date: '2026-01-10' }, after: { opening_date: '2026-01-10', opening_balance: 500000 }, transactions: 2, balance_after: 500000 - 4590 - 350 });
    expect(preview.body.unmapped.filter((r) => /opening date here \(2026-01-10\): left out, as chosen/.test(r.reason)).map((r) => r.date)).toEqual(['2026-01-01', '2026-01-02']);

    const theirs = (await call<BankAccount>(ctx.server, ctx.other, { method: 'POST', url: '/bank_accounts', payload: { name: 'Theirs' } })).body;
    const refused = await get<{ errors: string[] }>('POST', '/household/history/preview', {
      ...commaFiles,
      choices: { accounts: [{ name: 'Girokonto', match: theirs.id }, { name: 'Sparbuch', match: giro.id }], groups: [{ name: 'Alltag', match: null }] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      'The files have no account "Sparbuch" to match.',
      'Account "Girokonto": the account chosen to join it is not one of this household\'s.',
    ]);
    const clash = await get<HistoryPreview>('POST', '/household/history/preview', { ...commaFiles, choices: { accounts: [{ name: 'Girokonto', match: null }], groups: [{ name: 'Alltag', match: null }] } });
    expect(clash.status).toBe(200);
    await get('POST', '/allocation_categories', { name: 'alltag' });
    const twice = await get<{ errors: string[] }>('POST', '/household/history/preview', { ...commaFiles, choices: { groups: [{ name: 'Alltag', match: null }] } });
    expect(twice.body.errors).toEqual(['Category group "Alltag": this household already has the category alltag; join it with it rather than create it.']);
    // The household changed since the preview: refused, nothing written.
    const stale = await get<{ errors: string[] }>('POST', '/household/history/import', { ...commaFiles, choices: { accounts: [{ name: 'Girokonto', match: null }], groups: [{ name: 'Alltag', match: null }], preview: clash.body.fingerprint } });
    expect(stale.status).toBe(422);
    expect((await accountsOf(get)).map((a) => a.name)).toEqual(['Girokonto']);
  });
});
