import type { BankAccount } from '../../../src/shared/schemas/setup';
import { createBankAccount, createTransaction, householdSnapshot } from '../../support/builders';
import { call, testDialects, useTestServer } from '../../support/testServer';
import type { ErrorBody } from './fixtures';

describe.each(testDialects)('manual balance adjustments on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  const adjust = (adjustments: Array<{ bank_account_id: number; new_balance: number }>) =>
    call<ErrorBody>(ctx.server, ctx.user, { method: 'POST', url: '/bank_accounts/manually_adjust_balances', payload: { adjustments } });
  const balances = async () =>
    Object.fromEntries(
      (await call<BankAccount[]>(ctx.server, ctx.user, { method: 'GET', url: '/bank_accounts?include_current_balance=true' })).body.map((a) => [a.name, a.current_balance]),
    );
  const adjustmentRows = (accountId: number) =>
    ctx.user.scope.selectFrom('transactions').selectAll().where('bank_account_id', '=', accountId).where('is_manual_adjustment', '=', 1).execute();

  it('creates, resizes and deletes one adjustment row dated the day after the checkpoint', async () => {
    const account = await createBankAccount(ctx.user.scope, { name: 'Cheque', opening_balance: 0, closing_balance: 10_000, closing_date: '2026-02-28' });
    await createTransaction(ctx.user.scope, account.id, '2026-03-05', { withdrawal_amount: 2_000 });

    expect((await adjust([{ bank_account_id: account.id, new_balance: 9_000 }])).status).toBe(200);
    expect(await balances()).toEqual({ Cheque: 9_000 });
    const [created] = await adjustmentRows(account.id);
    expect(created).toMatchObject({ transaction_date: '2026-03-01', description: 'Manual Adjustment', deposit_amount: 1_000, withdrawal_amount: 0, status: 'paid' });
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
      ['2026-03-01', 1_000],
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
});
