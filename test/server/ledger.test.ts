import { addDays, addMonths, today } from '../../src/shared/dates';
import { groupTotals, netWorthFigures } from '../../src/shared/netWorth';
import type { AccountBalance } from '../../src/shared/schemas/accountBalances';
import type { Budget } from '../../src/shared/schemas/budgets';
import type { ErrorBody } from '../../src/shared/schemas/common';
import type { NetWorthReport } from '../../src/shared/schemas/reports';
import type { BankAccount } from '../../src/shared/schemas/setup';
import type { SinkFund } from '../../src/shared/schemas/sinkFunds';
import { householdSnapshot } from '../support/builders';
import { call, type SignedInUser, testDialects, useTestServer } from '../support/testServer';
import { createEnvelope, saveWindow } from './transactions/fixtures';

/**
 * Issue 28's sequence, as a new household follows "Getting started": accounts first, then a budget starting on
 * the 1st of this month (before today), entries before today, a transfer to the card, an envelope spend, an
 * adjustment to the bank's figure, close and reopen. Every route that shows a balance must agree after each step.
 */
describe.each(testDialects)('one ledger on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });
  // The test server's today (UTC); entries are dated on the budget's first day, which is never after it.
  const todayDate = today('UTC');
  const monthStart = `${todayDate.slice(0, 8)}01`;

  const get = async <T>(user: SignedInUser, url: string) => {
    const response = await call<T>(ctx.server, user, { method: 'GET', url });
    expect(response.status).toBe(200);
    return response.body;
  };
  const post = <T>(url: string, payload: object, method: 'POST' | 'PUT' = 'POST') => call<T & ErrorBody>(ctx.server, ctx.user, { method, url, payload });
  const createAccount = async (payload: object) => {
    const created = await post<BankAccount>('/bank_accounts', payload);
    expect(created.status).toBe(201);
    return created.body;
  };

  /** Every balance figure the app shows, per account, from every route that shows one. */
  async function figures(user = ctx.user) {
    const listed = await get<BankAccount[]>(user, '/bank_accounts?include_current_balance=true');
    const balances = await get<AccountBalance[]>(user, '/account_balances');
    const funds = await get<SinkFund[]>(user, '/sink_funds');
    const report = await get<NetWorthReport>(user, '/reports/net_worth');
    const byName = Object.fromEntries(listed.map((account) => [account.name, account.current_balance]));
    expect(Object.fromEntries(balances.map((account) => [account.name, account.current_balance]))).toEqual(byName);
    for (const fund of funds) {
      expect(fund.current_balance).toBe(byName[fund.name]);
      expect(fund.assigned_balance + fund.unassigned_balance).toBe(fund.current_balance);
    }
    const netWorth = netWorthFigures(groupTotals(balances, (account) => account.current_balance)).netWorth;
    expect(report.data.at(-1)?.net_worth ?? 0).toBe(netWorth);
    return {
      balances: byName,
      checkpoints: Object.fromEntries(listed.map((account) => [account.name, [account.closing_balance, account.closing_date]])),
      funds: funds.map((fund) => ({ name: fund.name, unassigned: fund.unassigned_balance, envelopes: fund.sink_fund_allocations.map((e) => e.current_balance) })),
      netWorth,
      report: report.data.map((row) => [row.period, row.net_change, row.net_worth]),
    };
  }

  it('keeps every balance, envelope and net worth in agreement, and close then reopen changes nothing', async () => {
    const cheque = await createAccount({ name: 'Cheque', opening_balance: 500_000 });
    const visa = await createAccount({ name: 'Visa', account_type: 'credit_card', account_category: 'liability', is_cash: true, opening_balance: -45_000 });
    const savings = await createAccount({ name: 'Savings', account_type: 'sink_fund', account_category: 'asset', opening_balance: 975_000 });
    // Accounts before any budget open at the end of last month: the month's entries all count.
    expect(cheque.opening_date).toBe(addDays(monthStart, -1));

    const budget = await post<Budget>('/budgets', { start_date: monthStart });
    expect(budget.status).toBe(201);
    const budgetId = budget.body.id;

    const saved = await saveWindow(ctx.server, ctx.user, {
      bank_account_id: cheque.id,
      budget_id: budgetId,
      transactions: [{ transaction_date: monthStart, description: 'Groceries', withdrawal_amount: 12_345 }],
    });
    expect(saved.status).toBe(200);
    expect((await figures()).balances).toEqual({ Cheque: 487_655, Visa: -45_000, Savings: 975_000 });

    // An unpaid card charge: closing carries it forward, reopening takes it back.
    expect((await post('/transactions/one', { bank_account_id: visa.id, transaction_date: monthStart, description: 'Fuel', withdrawal_amount: 7_840 })).status).toBe(201);
    const paid = await post(`/bank_accounts/${cheque.id}/transfer`, { to: visa.id, amount: 45_000, description: 'Card payment', date: monthStart, budget_id: budgetId });
    expect(paid.status).toBe(200);
    expect((await figures()).balances).toEqual({ Cheque: 442_655, Visa: -7_840, Savings: 975_000 });

    const car = await createEnvelope(ctx.user.scope, savings.id, { name: 'Car', amount: 100_000 });
    expect((await post(`/sink_funds/${savings.id}/transfer_allocation`, { new_allocation_id: car.id, amount: 50_000 })).status).toBe(200);
    const spent = await post('/transactions/one', {
      bank_account_id: savings.id,
      transaction_date: monthStart,
      description: 'Tyres',
      withdrawal_amount: 25_000,
      sink_fund_allocation_id: car.id,
    });
    expect(spent.status).toBe(201);
    const afterSpend = await figures();
    // Spending from an envelope takes it from the envelope, never creating unassigned money.
    expect(afterSpend.funds).toEqual([{ name: 'Savings', unassigned: 925_000, envelopes: [25_000] }]);
    expect(afterSpend.balances.Savings).toBe(950_000);

    expect((await post('/bank_accounts/manually_adjust_balances', { adjustments: [{ bank_account_id: cheque.id, new_balance: 442_000 }] })).status).toBe(200);
    const adjusted = await figures();
    expect(adjusted.balances).toEqual({ Cheque: 442_000, Visa: -7_840, Savings: 950_000 });
    expect(adjusted.netWorth).toBe(1_384_160);
    // Home's "last transaction entered": the app dates none of its own rows after today.
    const last = await get<{ transaction_date: string }>(ctx.user, '/transactions/last_update');
    expect(last.transaction_date <= todayDate).toBe(true);

    // Two budgets open (between month end and closing): every figure still counts both.
    expect((await post(`/budgets/${budgetId}/copy`, {}, 'PUT')).status).toBe(200);
    const twoOpen = await figures();
    expect(twoOpen.balances).toEqual(adjusted.balances);

    expect((await post(`/budgets/${budgetId}/close`, {}, 'PUT')).status).toBe(200);
    const closed = await figures();
    expect(closed.balances).toEqual(twoOpen.balances);
    expect(closed.checkpoints.Cheque).toEqual([442_000, addDays(addMonths(monthStart, 1), -1)]);

    expect((await post('/budgets/reopen_last_budget', {})).status).toBe(200);
    expect(await figures()).toEqual(twoOpen);
    // Another household sees none of it.
    expect((await figures(ctx.other)).balances).toEqual({});
  });

  it('refuses a transaction dated on or before the opening date on every route that writes one, offering to move it', async () => {
    const cheque = await createAccount({ name: 'Cash', opening_date: monthStart });
    const other = await createAccount({ name: 'Other', opening_date: addDays(monthStart, -1) });
    const budget = await post<Budget>('/budgets', { start_date: monthStart });
    const [year, month] = monthStart.split('-').map(Number);
    const shown = `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][month - 1]} 01, ${year}`;
    const message = `${shown} is on or before Cash's opening date (${shown}): move the opening date in Setup to enter it`;
    const before = await householdSnapshot(ctx.user.scope);

    const window = await saveWindow(ctx.server, ctx.user, {
      bank_account_id: cheque.id,
      budget_id: budget.body.id,
      transactions: [{ transaction_date: monthStart, description: 'Early', withdrawal_amount: 100 }],
    });
    expect(window.status).toBe(422);
    expect(window.body.errors).toEqual([`Row 1 (Early, ${monthStart}): ${message}`]);

    const quick = await post('/transactions/one', { bank_account_id: cheque.id, transaction_date: monthStart, description: 'Early', withdrawal_amount: 100 });
    expect(quick.status).toBe(422);
    expect(quick.body.errors).toEqual([message]);

    for (const [from, to] of [
      [other.id, cheque.id],
      [cheque.id, other.id],
    ]) {
      const moved = await post(`/bank_accounts/${from}/transfer`, { to, amount: 100, description: 'Move', date: monthStart, budget_id: budget.body.id });
      expect(moved.status).toBe(422);
      expect(moved.body.field_errors).toEqual({ date: [message] });
    }
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });
});
