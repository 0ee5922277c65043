import type { ErrorBody } from '../../../src/shared/schemas/common';
import type { BankAccount } from '../../../src/shared/schemas/setup';
import type { AccountBalance } from '../../../src/shared/schemas/accountBalances';
import { storedBalance } from '../../../src/shared/amountOwed';
import { parseMoney } from '../../../src/shared/money';
import { createBankAccount, createBudget, createCategory, createIncome, createInstitution, createTransaction, householdSnapshot } from '../../support/builders';
import { call, testDialects, useTestServer } from '../../support/testServer';

describe.each(testDialects)('bank accounts on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  const list = async (query = '') => (await call<BankAccount[]>(ctx.server, ctx.user, { method: 'GET', url: `/bank_accounts${query}` })).body;

  it('lists open accounts: current first, then by category, then by name', async () => {
    await createBankAccount(ctx.user.scope, { name: 'Visa', account_type: 'credit_card', account_category: 'liability' });
    await createBankAccount(ctx.user.scope, { name: 'savings', account_category: 'asset' });
    await createBankAccount(ctx.user.scope, { name: 'Cheque', account_category: 'current' });
    await createBankAccount(ctx.user.scope, { name: 'Allowance', account_category: 'current' });
    await createBankAccount(ctx.user.scope, { name: 'Car loan', account_category: 'liability', is_cash: 0 });
    await createBankAccount(ctx.user.scope, { name: 'Old', account_category: 'current', status: 'closed' });
    expect((await list()).map((a) => a.name)).toEqual(['Allowance', 'Cheque', 'savings', 'Car loan', 'Visa']);
    expect((await list('?include_closed=true')).map((a) => a.name)).toEqual(['Allowance', 'Cheque', 'Old', 'savings', 'Car loan', 'Visa']);
  });

  it('sends every column with booleans, the derived flags and the institution', async () => {
    const institution = await createInstitution(ctx.user.scope, { name: 'First Bank' });
    const card = await createBankAccount(ctx.user.scope, {
      name: 'Visa',
      account_type: 'credit_card',
      account_category: 'liability',
      institution_id: institution.id,
      statement_day: 5,
      payment_due_day: 25,
    });
    await createBankAccount(ctx.user.scope, { name: 'Fund', account_type: 'sink_fund', account_category: 'asset', is_cash: 0 });
    const [fund, visa] = await list();
    expect(visa).toEqual({
      id: card.id,
      name: 'Visa',
      institution_id: institution.id,
      institution: { id: institution.id, name: 'First Bank' },
      account_type: 'credit_card',
      account_category: 'liability',
      is_cash: true,
      account_no: null,
      opening_balance: 0,
      opening_date: '1900-01-01',
      closing_balance: 0,
      closing_date: null,
      status: 'open',
      import_format: null,
      import_settings: null,
      statement_day: 5,
      payment_due_day: 25,
      window_lock_version: 0,
      reconciled_through: null,
      reconciled_balance: null,
      is_sink_fund: false,
      is_credit_card: true,
    });
    expect(fund).toMatchObject({ is_cash: false, is_sink_fund: true, is_credit_card: false, institution: null });
    expect(visa).not.toHaveProperty('current_balance');
  });

  it('adds current balances: opening balance plus the net of transactions after the opening date', async () => {
    const checked = await createBankAccount(ctx.user.scope, { name: 'A', opening_balance: 50_000, opening_date: '2026-02-28', closing_date: '2026-02-28' });
    await createTransaction(ctx.user.scope, checked.id, '2026-02-28', { withdrawal_amount: 99_999 });
    await createTransaction(ctx.user.scope, checked.id, '2026-03-01', { withdrawal_amount: 1_234 });
    await createTransaction(ctx.user.scope, checked.id, '2026-03-20', { withdrawal_amount: 0, deposit_amount: 20_000 });
    const never = await createBankAccount(ctx.user.scope, { name: 'B', opening_balance: 7_000, opening_date: '2019-12-31' });
    await createTransaction(ctx.user.scope, never.id, '2020-01-01', { withdrawal_amount: 500 });
    await createTransaction(ctx.user.scope, never.id, '2026-01-01', { withdrawal_amount: 0, deposit_amount: 250 });
    await createBankAccount(ctx.user.scope, { name: 'C', opening_balance: -3_000, opening_date: '2026-01-31' });
    const closed = await createBankAccount(ctx.user.scope, { name: 'D', opening_balance: 100, closing_balance: 100, status: 'closed' });
    await createTransaction(ctx.user.scope, closed.id, '2026-01-01', { withdrawal_amount: 0, deposit_amount: 1 });
    // Another household's rows never leak into the sums.
    const theirs = await createBankAccount(ctx.other.scope, { name: 'Theirs' });
    await createTransaction(ctx.other.scope, theirs.id, '2026-03-02', { withdrawal_amount: 777 });

    const balances = Object.fromEntries((await list('?include_current_balance=true&include_closed=true')).map((a) => [a.name, a.current_balance]));
    expect(balances).toEqual({ A: 50_000 - 1_234 + 20_000, B: 7_000 - 500 + 250, C: -3_000, D: 101 });
  });

  it('opens an account the day before the earliest budget, settled at the last close, from a nested body', async () => {
    await createBudget(ctx.user.scope, '2026-02-01', { status: 'closed' });
    await createBudget(ctx.user.scope, '2026-04-01');
    await createBudget(ctx.user.scope, '2026-03-01');
    const institution = await createInstitution(ctx.user.scope);
    const created = await call<BankAccount>(ctx.server, ctx.user, {
      method: 'POST',
      url: '/bank_accounts',
      payload: {
        bank_account: {
          name: 'Cheque',
          institution_id: institution.id,
          opening_balance: 12_345,
          is_cash: false,
          account_category: 'asset',
          account_no: '123',
          import_format: 'csv',
        },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Cheque',
      institution: { id: institution.id, name: institution.name },
      opening_balance: 12_345,
      opening_date: '2026-01-31',
      closing_balance: 12_345,
      closing_date: '2026-02-28',
      account_type: 'normal',
      account_category: 'asset',
      is_cash: false,
      account_no: '123',
      import_format: 'csv',
      status: 'open',
    });
  });

  it('opens a new account on the last day of the previous month (server time zone) without budgets, with balance 0 when none given', async () => {
    const created = await call<BankAccount>(ctx.server, ctx.user, { method: 'POST', url: '/bank_accounts', payload: { name: 'Cash' } });
    const firstOfMonth = new Date(`${new Date().toISOString().slice(0, 8)}01T00:00:00Z`);
    const lastMonthEnd = new Date(firstOfMonth.getTime() - 86_400_000).toISOString().slice(0, 10);
    expect(created.body).toMatchObject({ opening_balance: 0, opening_date: lastMonthEnd, closing_balance: 0, closing_date: lastMonthEnd });
  });

  it.each(['612.40', '-612.40'])('stores a card whose amount owed is typed %s as a balance of -612.40: net worth 612.40 lower on Account Balances and the report', async (typed) => {
    await createBudget(ctx.user.scope, '2026-03-01');
    await createBankAccount(ctx.user.scope, { name: 'Cheque', opening_balance: 100_000 });
    const created = await call<BankAccount>(ctx.server, ctx.user, {
      method: 'POST',
      url: '/bank_accounts',
      payload: { name: 'Visa', account_type: 'credit_card', account_category: 'liability', is_cash: false, opening_balance: storedBalance('liability', parseMoney(typed)) },
    });
    expect(created.status).toBe(201);
    expect(created.body.opening_balance).toBe(-61_240);
    const balances = (await call<AccountBalance[]>(ctx.server, ctx.user, { method: 'GET', url: '/account_balances' })).body;
    expect(balances.find((a) => a.name === 'Visa')!.current_balance).toBe(-61_240);
    expect(balances.reduce((sum, a) => sum + a.current_balance, 0)).toBe(100_000 - 61_240);
    const report = await call<{ data: { net_worth: number }[] }>(ctx.server, ctx.user, { method: 'GET', url: '/reports/net_worth' });
    expect(report.body.data.at(-1)!.net_worth).toBe(100_000 - 61_240);
  });

  it('keeps a liability saved with a positive balance as it is when a form saves it unchanged (existing data is not rewritten)', async () => {
    const loan = await createBankAccount(ctx.user.scope, { name: 'Loan', account_category: 'liability', is_cash: 0, opening_balance: 61_240 });
    const shown = -61_240; // what the form shows as the amount owed of a balance saved positive
    const saved = await call<BankAccount>(ctx.server, ctx.user, {
      method: 'PUT',
      url: `/bank_accounts/${loan.id}`,
      payload: { name: 'Car loan', account_category: 'liability', opening_balance: storedBalance('liability', shown, loan.opening_balance) },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Car loan', opening_balance: 61_240, closing_balance: 61_240 });
  });

  it('opens an account on the date chosen, and recomputes every figure when the date or balance moves', async () => {
    const budget = await createBudget(ctx.user.scope, '2026-03-01');
    const created = await call<BankAccount>(ctx.server, ctx.user, {
      method: 'POST',
      url: '/bank_accounts',
      payload: { name: 'Cash', opening_balance: 10_000, opening_date: '2026-03-05' },
    });
    expect(created.body).toMatchObject({ opening_date: '2026-03-05', closing_balance: 10_000, closing_date: '2026-03-05' });
    const id = created.body.id;
    await createTransaction(ctx.user.scope, id, '2026-03-10', { withdrawal_amount: 2_500 });
    const balance = async () => (await list('?include_current_balance=true')).find((a) => a.id === id)!.current_balance;
    expect(await balance()).toBe(7_500);

    const moved = await call<BankAccount>(ctx.server, ctx.user, { method: 'PUT', url: `/bank_accounts/${id}`, payload: { name: 'Cash', opening_date: '2026-02-28', opening_balance: 9_000 } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ opening_date: '2026-02-28', opening_balance: 9_000, closing_balance: 9_000, closing_date: '2026-02-28' });
    expect(await balance()).toBe(6_500);

    // Closing settles at the budget's end from the opening date; moving the date recomputes that checkpoint too.
    expect((await call(ctx.server, ctx.user, { method: 'PUT', url: `/budgets/${budget.id}/close` })).status).toBe(200);
    const settled = await call<BankAccount>(ctx.server, ctx.user, { method: 'PUT', url: `/bank_accounts/${id}`, payload: { name: 'Cash', opening_balance: 10_000 } });
    expect(settled.body).toMatchObject({ closing_balance: 7_500, closing_date: '2026-03-31' });
  });

  it('refuses to move the opening date past transactions that would stop counting, and writes nothing', async () => {
    const account = await createBankAccount(ctx.user.scope, { name: 'Cash', opening_date: '2026-02-28' });
    await createTransaction(ctx.user.scope, account.id, '2026-03-10', { withdrawal_amount: 2_500 });
    const before = await householdSnapshot(ctx.user.scope);
    const refused = await call<ErrorBody>(ctx.server, ctx.user, { method: 'PUT', url: `/bank_accounts/${account.id}`, payload: { name: 'Cash', opening_date: '2026-03-10' } });
    expect(refused.status).toBe(422);
    expect(refused.body.field_errors).toEqual({
      opening_date: ['Cash has 1 transaction dated from Feb 28, 2026 to Mar 10, 2026: the opening date can move only to before them'],
    });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    const theirs = await createBankAccount(ctx.other.scope);
    const elsewhere = await call(ctx.server, ctx.user, { method: 'PUT', url: `/bank_accounts/${theirs.id}`, payload: { name: 'X', opening_date: '2026-01-01' } });
    expect(elsewhere.status).toBe(404);
  });

  it('refuses an institution of another household (or none) and writes nothing', async () => {
    const theirs = await createInstitution(ctx.other.scope);
    const before = await householdSnapshot(ctx.user.scope);
    for (const institutionId of [theirs.id, 999_999]) {
      const refused = await call<ErrorBody>(ctx.server, ctx.user, { method: 'POST', url: '/bank_accounts', payload: { name: 'X', institution_id: institutionId } });
      expect(refused.status).toBe(422);
      expect(refused.body.field_errors).toEqual({ institution_id: ["Institution doesn't exist"] });
    }
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    const mine = await createBankAccount(ctx.user.scope, { name: 'Mine' });
    const snapshot = await householdSnapshot(ctx.user.scope);
    const update = await call(ctx.server, ctx.user, { method: 'PUT', url: `/bank_accounts/${mine.id}`, payload: { name: 'Mine', institution_id: theirs.id } });
    expect(update.status).toBe(422);
    expect(await householdSnapshot(ctx.user.scope)).toEqual(snapshot);
  });

  it('rejects bad input with 422: non-integer money, bad enum, bad day', async () => {
    for (const payload of [
      { name: 'X', opening_balance: 10.5 },
      { name: 'X', account_type: 'loan' },
      { name: 'X', statement_day: 32 },
      { name: '' },
      { name: 'X', opening_balance: 2 ** 51 },
    ]) {
      expect((await call(ctx.server, ctx.user, { method: 'POST', url: '/bank_accounts', payload })).status).toBe(422);
    }
    expect(await list('?include_closed=true')).toEqual([]);
  });

  it('updates the given fields only; before any close the checkpoint is the corrected opening balance', async () => {
    const account = await createBankAccount(ctx.user.scope, {
      name: 'Cheque',
      opening_balance: 10_000,
      opening_date: '2026-01-31',
      closing_balance: 25_000,
      closing_date: '2026-02-28',
      account_no: 'keep',
    });
    await createTransaction(ctx.user.scope, account.id, '2026-02-10', { withdrawal_amount: 0, deposit_amount: 15_000 });
    const updated = await call<BankAccount>(ctx.server, ctx.user, {
      method: 'PUT',
      url: `/bank_accounts/${account.id}`,
      payload: { name: 'Main', opening_balance: 9_000, status: 'closed', payment_due_day: null },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Main', opening_balance: 9_000, closing_balance: 9_000, closing_date: '2026-01-31', status: 'closed', account_no: 'keep' });
    const untouched = await call<BankAccount>(ctx.server, ctx.user, { method: 'PUT', url: `/bank_accounts/${account.id}`, payload: { name: 'Main' } });
    expect(untouched.body).toMatchObject({ opening_balance: 9_000, opening_date: '2026-01-31', closing_balance: 9_000 });
  });

  it('keeps a sink fund account with envelopes a sink fund', async () => {
    const fund = await createBankAccount(ctx.user.scope, { name: 'Fund', account_type: 'sink_fund' });
    await ctx.user.scope.insertInto('sink_fund_allocations').values({ household_id: ctx.user.householdId, bank_account_id: fund.id, name: 'Car' }).execute();
    const refused = await call<ErrorBody>(ctx.server, ctx.user, { method: 'PUT', url: `/bank_accounts/${fund.id}`, payload: { name: 'Fund', account_type: 'normal' } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual(["Bank account 'Fund' has 1 sink fund allocation: it must stay a sink fund account"]);
  });

  it('deletes an unused account', async () => {
    const account = await createBankAccount(ctx.user.scope);
    expect((await call(ctx.server, ctx.user, { method: 'DELETE', url: `/bank_accounts/${account.id}` })).status).toBe(200);
    expect(await list('?include_closed=true')).toEqual([]);
  });

  it('refuses to delete an account with transactions, incomes, envelopes or a settings reference, naming each', async () => {
    const account = await createBankAccount(ctx.user.scope, { name: 'Cheque' });
    const budget = await createBudget(ctx.user.scope, '2026-03-01');
    await createTransaction(ctx.user.scope, account.id, '2026-03-02');
    await createTransaction(ctx.user.scope, account.id, '2026-03-03');
    await createIncome(ctx.user.scope, budget.id, { bank_account_id: account.id });
    await ctx.user.scope.insertInto('sink_fund_allocations').values({ household_id: ctx.user.householdId, bank_account_id: account.id, name: 'Car' }).execute();
    await ctx.user.scope.insertInto('settings').values({ household_id: ctx.user.householdId, primary_budget_account_id: account.id }).execute();
    const before = await householdSnapshot(ctx.user.scope);
    const refused = await call<ErrorBody>(ctx.server, ctx.user, { method: 'DELETE', url: `/bank_accounts/${account.id}` });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      "Bank account 'Cheque' has 2 transactions: close it instead",
      "Bank account 'Cheque' is used by 1 income",
      "Bank account 'Cheque' has 1 sink fund allocation",
      "Bank account 'Cheque' is the primary budget account in Settings",
    ]);
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it("treats another household's account as missing", async () => {
    const theirs = await createBankAccount(ctx.other.scope, { name: 'Theirs' });
    await createCategory(ctx.other.scope);
    const before = await householdSnapshot(ctx.other.scope);
    expect(await list('?include_closed=true&include_current_balance=true')).toEqual([]);
    expect((await call(ctx.server, ctx.user, { method: 'PUT', url: `/bank_accounts/${theirs.id}`, payload: { name: 'Mine' } })).status).toBe(404);
    expect((await call(ctx.server, ctx.user, { method: 'DELETE', url: `/bank_accounts/${theirs.id}` })).status).toBe(404);
    expect(await householdSnapshot(ctx.other.scope)).toEqual(before);
  });
});
