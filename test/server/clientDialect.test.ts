import type { Budget } from '../../src/shared/schemas/budgets';
import type { ErrorBody } from '../../src/shared/schemas/common';
import type { BankAccount, Settings } from '../../src/shared/schemas/setup';
import type { Transaction } from '../../src/shared/schemas/transactions';
import { createSpecialEvent, householdSnapshot } from '../support/builders';
import { call, type SignedInUser, refusalDialects, useTestServer } from '../support/testServer';

/**
 * The API as the product's earlier web client and households' scripts call it (api-and-domain §0, "Client
 * dialect"): `Content-Type: application/json` on every call, also without a body; `0` for "none" in optional
 * references; `null` for fields left untouched; booleans from list fields as "true"/"false".
 */
describe.each(refusalDialects)('the client dialect on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true, userPerTest: false });

  /** Every call as that client makes it: JSON content type always, the body (if any) as text. */
  const send = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, who: SignedInUser = ctx.user) =>
    call<T & ErrorBody>(ctx.server, who, {
      method,
      url,
      headers: { 'content-type': 'application/json' },
      payload: body === undefined ? '' : JSON.stringify(body),
    });

  let categoryId: number;
  let accountId: number;
  let budget: Budget;

  it('sets a household up with nested bodies, 0 for "none" and nulls for untouched fields', async () => {
    const category = await send<{ id: number }>('POST', '/allocation_categories', { allocation_category: { name: 'Food' } });
    expect(category.status).toBe(201);
    categoryId = category.body.id;
    expect((await send('GET', '/allocation_categories')).status).toBe(200);

    const account = await send<BankAccount>('POST', '/bank_accounts', {
      bank_account: {
        name: 'Joint Current',
        institution_id: 0,
        account_type: 'normal',
        account_category: 'current',
        is_cash: null,
        opening_balance: null,
        // Before the January budget this suite enters rows in (the default is the end of last month).
        opening_date: '2025-12-31',
        status: null,
        account_no: null,
        statement_day: null,
        payment_due_day: null,
      },
    });
    expect(account.status).toBe(201);
    expect(account.body).toMatchObject({ institution_id: null, is_cash: true, opening_balance: 0, status: 'open' });
    accountId = account.body.id;

    const renamed = await send<BankAccount>('PUT', `/bank_accounts/${accountId}`, { name: 'Joint', institution_id: 0, is_cash: 'false', status: null });
    expect(renamed.body).toMatchObject({ name: 'Joint', institution_id: null, is_cash: false, status: 'open' });

    const settings = await send<Settings>('POST', '/settings', {
      family_type: 'couple',
      husband: 'Ben',
      wife: 'Ana',
      single_person: 'Me',
      primary_budget_account_id: 0,
      default_allocation_category_id_for_special_events: 0,
      lock_version: null,
    });
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({ primary_budget_account_id: null, default_allocation_category_id_for_special_events: null });
  });

  it('fills a budget with new rows sent as id 0, references 0, nulls and boolean strings', async () => {
    const created = await send<Budget>('POST', '/budgets', { start_date: '2026-01-01' });
    expect(created.status).toBe(201);
    const saved = await send<Budget>('PUT', `/budgets/${created.body.id}`, {
      budget: {
        lock_version: created.body.lock_version,
        incomes: [{ id: 0, name: 'Salary', amount: 500000, bank_account_id: 0, comment: null, deleted: 'false' }],
        allocations: [
          {
            id: 0,
            name: 'Groceries',
            amount: 60000,
            allocation_category_id: categoryId,
            allocation_class: null,
            is_fixed_amount: 'true',
            special_event_id: 0,
            comment: null,
            deleted: false,
          },
          { id: 0, name: 'Never mind', amount: 1, allocation_category_id: categoryId, deleted: 'true' },
        ],
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.incomes).toEqual([expect.objectContaining({ name: 'Salary', bank_account_id: null })]);
    expect(saved.body.allocations).toEqual([expect.objectContaining({ name: 'Groceries', allocation_class: 'want', is_fixed_amount: true, special_event_id: null })]);
    budget = saved.body;

    // An update row that sends null for untouched fields keeps their stored values.
    const allocation = budget.allocations[0];
    const kept = await send<Budget>('PUT', `/budgets/${budget.id}`, {
      lock_version: budget.lock_version,
      allocations: [{ id: allocation.id, name: null, amount: 65000, allocation_class: null, is_fixed_amount: null, comment: 'weekly shop' }],
    });
    expect(kept.status).toBe(200);
    expect(kept.body.allocations[0]).toMatchObject({ name: 'Groceries', amount: 65000, allocation_category_id: categoryId, allocation_class: 'want', is_fixed_amount: true, comment: 'weekly shop' });
    budget = kept.body;
  });

  it('mass-edits with bank_account_id 0 and the grid’s extra keys', async () => {
    const response = await send('POST', '/budgets/mass_update', {
      type: 'income',
      name: 'Bonus',
      bank_account_id: 0,
      amounts: [{ id: 0, amount: 10000, budget_id: budget.id, originalAmount: 0 }],
    });
    expect(response.status).toBe(200);
    const read = await send<Budget>('GET', `/budgets/${budget.id}`);
    expect(read.body.incomes.find((income) => income.name === 'Bonus')).toMatchObject({ amount: 10000, bank_account_id: null });
  });

  it('saves a transactions window with 0 for no allocation and no envelope, null status and "false" flags', async () => {
    const read = await send<Budget>('GET', `/budgets/${budget.id}`);
    const saved = await send<Transaction[]>('POST', '/transactions', {
      bank_account_id: accountId,
      budget_id: budget.id,
      window_lock_version: null,
      transactions: [
        { id: 0, transaction_date: '2026-01-05', description: 'Market', withdrawal_amount: 2500, deposit_amount: null, allocation_id: read.body.allocations[0].id, sink_fund_allocation_id: 0, status: null, is_manual_adjustment: 'false', deleted: 'false' },
        { id: null, transaction_date: '2026-01-06', description: 'Unknown', withdrawal_amount: 100, allocation_id: 0, sink_fund_allocation_id: 0, deleted: false },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.map((row) => [row.description, row.allocation_id !== null, row.sink_fund_allocation_id, row.deposit_amount, row.status])).toEqual([
      ['Market', true, null, 0, 'paid'],
      ['Unknown', false, null, 0, 'paid'],
    ]);
  });

  it('runs the month-end cycle with the body-less calls: copy, close, reopen', async () => {
    const copy = await send<Budget>('PUT', `/budgets/${budget.id}/copy`);
    expect(copy.status).toBe(200);
    expect(copy.body.start_date).toBe('2026-02-01');
    const close = await send<Budget>('PUT', `/budgets/${budget.id}/close`);
    expect(close).toMatchObject({ status: 200, body: { status: 'closed' } });
    const reopen = await send<Budget>('POST', '/budgets/reopen_last_budget');
    expect(reopen).toMatchObject({ status: 200, body: { id: budget.id, status: 'open' } });
    const removed = await send('DELETE', `/budgets/${copy.body.id}`);
    expect(removed).toMatchObject({ status: 200, body: { success: true } });
  });

  it('deletes with an empty JSON body', async () => {
    const category = await send<{ id: number }>('POST', '/institutions', { name: 'Spare' });
    expect((await send('DELETE', `/institutions/${category.body.id}`)).status).toBe(200);
  });

  describe('keeps the strictness that protects data', () => {
    const refusedWithNothingWritten = async (method: 'POST' | 'PUT', url: string, body: unknown, status = 422) => {
      const before = await householdSnapshot(ctx.user.scope);
      const response = await send(method, url, body);
      expect(response.status).toBe(status);
      expect(response.body.success).toBe(false);
      expect(response.body.errors.length).toBeGreaterThan(0);
      expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
      return response.body;
    };

    it('refuses fractions of cents, negative amounts, unknown enums and other strings as booleans', async () => {
      await refusedWithNothingWritten('POST', '/bank_accounts', { name: 'Float', opening_balance: 10.5 });
      await refusedWithNothingWritten('POST', '/bank_accounts', { name: 'Enum', account_type: 'piggy_bank' });
      await refusedWithNothingWritten('POST', '/bank_accounts', { name: 'Flag', is_cash: 'yes' });
      await refusedWithNothingWritten('POST', '/bank_accounts', { name: 'Flag', is_cash: 1 });
      await refusedWithNothingWritten('POST', '/transactions', {
        bank_account_id: accountId,
        budget_id: budget.id,
        transactions: [{ transaction_date: '2026-01-07', description: 'Negative', withdrawal_amount: -100 }],
      });
    });

    it('keeps a required reference required: 0 is not an id there', async () => {
      const body = await refusedWithNothingWritten('POST', '/budgets/mass_update', { type: 'income', name: 'X', amounts: [{ id: 0, amount: 5, budget_id: 0 }] });
      expect(Object.keys(body.field_errors ?? {})).toEqual(['amounts.0.budget_id']);
      await refusedWithNothingWritten('POST', '/transactions', { bank_account_id: 0, budget_id: budget.id, transactions: [] });
      const read = await send<Budget>('GET', `/budgets/${budget.id}`);
      const noCategory = await refusedWithNothingWritten('PUT', `/budgets/${budget.id}`, { allocations: [{ id: 0, name: 'New', amount: 5, allocation_category_id: 0 }], lock_version: read.body.lock_version });
      expect(noCategory.errors).toEqual(["Allocation category can't be blank"]);
    });

    it("refuses another household's ids inside a body, whatever dialect carries them", async () => {
      const theirs = await createSpecialEvent(ctx.other.scope);
      const read = await send<Budget>('GET', `/budgets/${budget.id}`);
      const refused = await refusedWithNothingWritten('PUT', `/budgets/${budget.id}`, {
        lock_version: read.body.lock_version,
        allocations: [{ id: read.body.allocations[0].id, amount: 1, special_event_id: theirs.id, is_fixed_amount: 'false' }],
      });
      expect(refused.errors).toEqual(["Special event doesn't exist"]);
    });
  });

  it("answers reports in the original backend's envelope, each column named, labelled and marked numeric; this app's client keeps its own", async () => {
    const original = await send<{ success: boolean; data: unknown[]; fields: unknown[] }>('GET', `/reports/category_spending?category_id=${categoryId}`);
    expect({ status: original.status, body: original.body }).toMatchObject({ status: 200 });
    expect(original.body.success).toBe(true);
    expect(Array.isArray(original.body.data)).toBe(true);
    expect(original.body.fields).toEqual([
      { name: 'category_name', label: 'Category', numeric: false },
      { name: 'period', label: 'Period', numeric: false },
      { name: 'budgeted', label: 'Budgeted', numeric: true },
      { name: 'spent', label: 'Spent', numeric: true },
      { name: 'difference', label: 'Difference', numeric: true },
    ]);
    // The original backend named net worth's fields plainly: the original client reads them so (issue 42).
    const netWorth = await send<{ success: boolean; fields: unknown[] }>('GET', '/reports/net_worth');
    expect(netWorth.body).toMatchObject({ success: true, fields: ['period', 'net_change', 'net_worth'] });
    const needsVsWants = await send<{ fields: unknown[] }>('GET', '/reports/needs_vs_wants');
    expect(needsVsWants.body.fields[0]).toEqual({ name: 'period', label: 'Period', numeric: false });
    // This app's client sends no content type on a GET: the names only, as before.
    const own = await call<{ fields: unknown[] }>(ctx.server, ctx.user, { method: 'GET', url: '/reports/net_worth' });
    expect(own.body).not.toHaveProperty('success');
    expect(own.body.fields).toEqual(['period', 'net_change', 'net_worth']);
  });

  it('signs out with an empty JSON body', async () => {
    expect(await send('DELETE', '/auth/sign_out')).toMatchObject({ status: 200, body: { success: true } });
    expect((await send('GET', '/budgets')).status).toBe(401);
  });
});
