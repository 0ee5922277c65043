import { addDays, today } from '../../../src/shared/dates';
import { groupTotals, netWorthFigures } from '../../../src/shared/netWorth';
import type { AccountBalance } from '../../../src/shared/schemas/accountBalances';
import type { BankAccount } from '../../../src/shared/schemas/setup';
import { createBankAccount, createBudget, createTransaction, householdSnapshot } from '../../support/builders';
import { call, testDialects, useTestServer } from '../../support/testServer';
import { getWindow, type ErrorBody } from './fixtures';

describe.each(testDialects)('manual balance adjustments on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });
  // The server's today (the test server runs in UTC): an adjustment is dated today, never later.
  const todayDate = today('UTC');
  const monthStart = `${todayDate.slice(0, 8)}01`;

  const adjust = (adjustments: Array<{ bank_account_id: number; new_balance: number }>) =>
    call<ErrorBody>(ctx.server, ctx.user, { method: 'POST', url: '/bank_accounts/manually_adjust_balances', payload: { adjustments } });
  const balances = async () =>
    Object.fromEntries(
      (await call<BankAccount[]>(ctx.server, ctx.user, { method: 'GET', url: '/bank_accounts?include_current_balance=true' })).body.map((a) => [a.name, a.current_balance]),
    );
  const adjustmentRows = (accountId: number) =>
    ctx.user.scope.selectFrom('transactions').selectAll().where('bank_account_id', '=', accountId).where('is_manual_adjustment', '=', 1).execute();

  it('creates, resizes and deletes one adjustment row dated today', async () => {
    const account = await createBankAccount(ctx.user.scope, { name: 'Cheque', opening_balance: 0, closing_balance: 10_000, closing_date: '2026-02-28' });
    await createTransaction(ctx.user.scope, account.id, '2026-03-05', { withdrawal_amount: 2_000 });

    expect((await adjust([{ bank_account_id: account.id, new_balance: 9_000 }])).status).toBe(200);
    expect(await balances()).toEqual({ Cheque: 9_000 });
    const [created] = await adjustmentRows(account.id);
    expect(created).toMatchObject({ transaction_date: todayDate, description: 'Manual Adjustment', deposit_amount: 1_000, withdrawal_amount: 0, status: 'paid' });
    expect(created.bank_ref).toMatch(/^MAN-[0-9a-f]{16}$/);

    await adjust([{ bank_account_id: account.id, new_balance: 7_500 }]);
    expect(await balances()).toEqual({ Cheque: 7_500 });
    const resized = await adjustmentRows(account.id);
    expect(resized).toEqual([expect.objectContaining({ id: created.id, withdrawal_amount: 500, deposit_amount: 0 })]);

    await adjust([{ bank_account_id: account.id, new_balance: 8_000 }]);
    expect(await adjustmentRows(account.id)).toEqual([]);
    expect(await balances()).toEqual({ Cheque: 8_000 });
    const [row] = await ctx.user.scope.selectFrom('bank_accounts').select('window_lock_version').where('id', '=', account.id).execute();
    expect(row.window_lock_version).toBe(3);
  });

  it('folds several adjustment rows after the checkpoint into one and leaves older ones alone', async () => {
    const account = await createBankAccount(ctx.user.scope, { name: 'Cheque', closing_balance: 0, closing_date: '2026-02-28' });
    const old = await createTransaction(ctx.user.scope, account.id, '2026-02-10', { is_manual_adjustment: 1, withdrawal_amount: 0, deposit_amount: 50 });
    await createTransaction(ctx.user.scope, account.id, '2026-03-02', { is_manual_adjustment: 1, withdrawal_amount: 0, deposit_amount: 300 });
    await createTransaction(ctx.user.scope, account.id, '2026-03-09', { is_manual_adjustment: 1, withdrawal_amount: 100 });
    await adjust([{ bank_account_id: account.id, new_balance: 1_000 }]);
    expect(await balances()).toEqual({ Cheque: 1_000 });
    const rows = await adjustmentRows(account.id);
    expect(rows.map((r) => [r.transaction_date, r.deposit_amount - r.withdrawal_amount])).toEqual([
      ['2026-02-10', 50],
      [todayDate, 1_000],
    ]);
    expect(rows[0].id).toBe(old.id);
  });

  it("refuses another household's account (or a missing one) and writes nothing", async () => {
    const mine = await createBankAccount(ctx.user.scope, { name: 'Mine', closing_date: '2026-02-28' });
    const theirs = await createBankAccount(ctx.other.scope, { closing_date: '2026-02-28' });
    const before = await householdSnapshot(ctx.user.scope);
    const theirsBefore = await householdSnapshot(ctx.other.scope);
    const refused = await adjust([
      { bank_account_id: mine.id, new_balance: 100 },
      { bank_account_id: theirs.id, new_balance: 100 },
    ]);
    expect(refused.status).toBe(422);
    expect(refused.body.field_errors).toEqual({ 'adjustments.1.bank_account_id': ["Bank account doesn't exist"] });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    expect(await householdSnapshot(ctx.other.scope)).toEqual(theirsBefore);
  });

  const lockVersions = async () =>
    Object.fromEntries((await ctx.user.scope.selectFrom('bank_accounts').select(['name', 'window_lock_version']).execute()).map((a) => [a.name, a.window_lock_version]));

  it('writes only the accounts whose balance changes: the others keep their rows and lock version', async () => {
    const cheque = await createBankAccount(ctx.user.scope, { name: 'Cheque', closing_balance: 10_000, closing_date: '2026-02-28', window_lock_version: 4 });
    const savings = await createBankAccount(ctx.user.scope, { name: 'Savings', closing_balance: 50_000, closing_date: '2026-02-28', window_lock_version: 7 });
    await adjust([{ bank_account_id: cheque.id, new_balance: 9_000 }]);
    const [chequeRow] = await adjustmentRows(cheque.id);

    // Cheque is already at 90.00: only Savings is written, and the whole request is one transaction.
    expect((await adjust([{ bank_account_id: cheque.id, new_balance: 9_000 }, { bank_account_id: savings.id, new_balance: 52_500 }])).status).toBe(200);
    expect(await adjustmentRows(cheque.id)).toEqual([chequeRow]);
    expect(await lockVersions()).toEqual({ Cheque: 5, Savings: 8 });
    expect(await balances()).toEqual({ Cheque: 9_000, Savings: 52_500 });
  });

  it('writes nothing at all when no balance changes', async () => {
    const cheque = await createBankAccount(ctx.user.scope, { name: 'Cheque', closing_balance: 10_000, closing_date: '2026-02-28' });
    await createTransaction(ctx.user.scope, cheque.id, '2026-03-02', { is_manual_adjustment: 1, withdrawal_amount: 0, deposit_amount: 300 });
    await createTransaction(ctx.user.scope, cheque.id, '2026-03-04', { is_manual_adjustment: 1, withdrawal_amount: 100 });
    const before = await householdSnapshot(ctx.user.scope);
    expect((await adjust([{ bank_account_id: cheque.id, new_balance: 10_200 }])).status).toBe(200);
    expect((await adjust([])).status).toBe(200);
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it('books the difference as an ordinary row of the current budget, seen in its window, the account balances and net worth', async () => {
    const budget = await createBudget(ctx.user.scope, monthStart);
    const cheque = await createBankAccount(ctx.user.scope, { name: 'Cheque', closing_balance: 10_000, closing_date: addDays(monthStart, -1) });
    await createBankAccount(ctx.user.scope, { name: 'Visa', account_category: 'liability', closing_balance: -4_000, closing_date: addDays(monthStart, -1) });
    await createTransaction(ctx.user.scope, cheque.id, monthStart, { withdrawal_amount: 2_500 });

    await adjust([{ bank_account_id: cheque.id, new_balance: 7_000 }]);
    const window = await getWindow(ctx.server, ctx.user, cheque.id, budget.id);
    expect(window.body.map((t) => [t.transaction_date, t.description, t.net_amount, t.is_manual_adjustment])).toEqual([
      [monthStart, expect.any(String), -2_500, false],
      [todayDate, 'Manual Adjustment', -500, true],
    ]);
    const accounts = (await call<AccountBalance[]>(ctx.server, ctx.user, { method: 'GET', url: '/account_balances' })).body;
    expect(accounts.map((a) => [a.name, a.current_balance, a.expected_closing_balance])).toEqual([
      ['Cheque', 7_000, 7_000],
      ['Visa', -4_000, -4_000],
    ]);
    expect(netWorthFigures(groupTotals(accounts, (a) => a.current_balance)).netWorth).toBe(3_000);
  });

  it('never dates a row ahead: an account settled up to today or later is refused, and nothing is written', async () => {
    const cheque = await createBankAccount(ctx.user.scope, { name: 'Cheque', opening_balance: 1_000, opening_date: todayDate, closing_date: todayDate });
    const before = await householdSnapshot(ctx.user.scope);
    const refused = await adjust([{ bank_account_id: cheque.id, new_balance: 2_000 }]);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatch(/^Cheque's balance is settled up to .*: reopen the budget or move the opening date to adjust it today$/);
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });
});
