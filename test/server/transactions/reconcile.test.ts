import { today } from '../../../src/shared/dates';
import type { ReconcilePreview, ReconcileResult } from '../../../src/shared/schemas/reconciliation';
import type { BankAccount } from '../../../src/shared/schemas/setup';
import { createBankAccount, createBudget, createTransaction, householdSnapshot } from '../../support/builders';
import { call, testDialects, useTestServer } from '../../support/testServer';
import { getWindow, saveWindow, type ErrorBody } from './fixtures';

describe.each(testDialects)('reconciling an account to a statement on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  const preview = (accountId: number, statementDate: string, user = ctx.user) =>
    call<ReconcilePreview & ErrorBody>(ctx.server, user, { method: 'GET', url: `/bank_accounts/${accountId}/reconcile?statement_date=${statementDate}` });
  const reconcile = (accountId: number, body: Record<string, unknown>, user = ctx.user) =>
    call<ReconcileResult & ErrorBody>(ctx.server, user, { method: 'POST', url: `/bank_accounts/${accountId}/reconcile`, payload: body });
  const balanceOf = async (accountId: number) =>
    (await call<BankAccount[]>(ctx.server, ctx.user, { method: 'GET', url: '/bank_accounts?include_current_balance=true' })).body.find((a) => a.id === accountId)!
      .current_balance;
  const adjustmentRows = (accountId: number) =>
    ctx.user.scope.selectFrom('transactions').selectAll().where('bank_account_id', '=', accountId).where('is_manual_adjustment', '=', 1).orderBy('id').execute();

  /** Cheque: 100.00 at the end of Feb 28, then −25.00 on Mar 5, +40.00 on Mar 12 and −10.00 on Mar 20. */
  async function cheque() {
    const budget = await createBudget(ctx.user.scope, '2026-03-01');
    const account = await createBankAccount(ctx.user.scope, { name: 'Cheque', opening_balance: 10_000, closing_balance: 10_000, closing_date: '2026-02-28' });
    await createTransaction(ctx.user.scope, account.id, '2026-03-05', { withdrawal_amount: 2_500 });
    await createTransaction(ctx.user.scope, account.id, '2026-03-12', { withdrawal_amount: 0, deposit_amount: 4_000 });
    await createTransaction(ctx.user.scope, account.id, '2026-03-20', { withdrawal_amount: 1_000 });
    return { budget, account };
  }

  it('previews the balance at the statement date and the unreconciled rows up to it, writing nothing', async () => {
    const { account } = await cheque();
    const before = await householdSnapshot(ctx.user.scope);
    const response = await preview(account.id, '2026-03-12');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ statement_date: '2026-03-12', balance_at_statement_date: 11_500, reconciled_through: null, reconciled_balance: null, ledger_at_reconciled: null });
    expect(response.body.unreconciled.map((t) => [t.transaction_date, t.net_amount])).toEqual([
      ['2026-03-05', -2_500],
      ['2026-03-12', 4_000],
    ]);
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it('records one adjustment dated the statement date for the difference and reconciles the account through that date', async () => {
    const { account, budget } = await cheque();
    const version = (await preview(account.id, '2026-03-12')).body.window_lock_version;
    const response = await reconcile(account.id, { statement_date: '2026-03-12', statement_balance: 11_000, window_lock_version: version });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      reconciled_through: '2026-03-12',
      reconciled_balance: 11_000,
      adjustment: { transaction_date: '2026-03-12', net_amount: -500, withdrawal_amount: 500, status: 'paid', is_manual_adjustment: true },
    });
    expect(response.body.adjustment?.description).toBe('Manual Adjustment (statement of Mar 12, 2026)');
    // The balance at the statement date now agrees, and every later row still moves the current balance.
    expect(await balanceOf(account.id)).toBe(10_000 - 2_500 + 4_000 - 500 - 1_000);
    const after = (await preview(account.id, '2026-03-20')).body;
    expect(after).toMatchObject({ reconciled_through: '2026-03-12', reconciled_balance: 11_000, ledger_at_reconciled: 11_000, balance_at_statement_date: 10_000 });
    expect(after.unreconciled.map((t) => t.transaction_date)).toEqual(['2026-03-20']);
    const window = await getWindow(ctx.server, ctx.user, account.id, budget.id);
    expect(window.body.filter((t) => t.is_manual_adjustment).map((t) => [t.transaction_date, t.net_amount])).toEqual([['2026-03-12', -500]]);
    const [stored] = await ctx.user.scope.selectFrom('bank_accounts').select(['reconciled_through', 'reconciled_balance']).where('id', '=', account.id).execute();
    expect(stored).toEqual({ reconciled_through: '2026-03-12', reconciled_balance: 11_000 });
  });

  it('records no row when the statement agrees, and still marks the rows reconciled', async () => {
    const { account } = await cheque();
    const response = await reconcile(account.id, { statement_date: '2026-03-20', statement_balance: 10_500 });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ adjustment: null, reconciled_through: '2026-03-20', reconciled_balance: 10_500 });
    expect(await adjustmentRows(account.id)).toEqual([]);
    expect((await preview(account.id, '2026-03-20')).body.unreconciled).toEqual([]);
  });

  it('reconciles a card to the amount owed, signed negative like its balance', async () => {
    await createBudget(ctx.user.scope, '2026-03-01');
    const card = await createBankAccount(ctx.user.scope, {
      name: 'Visa',
      account_type: 'credit_card',
      account_category: 'liability',
      opening_balance: -45_000,
      closing_balance: -45_000,
      closing_date: '2026-02-28',
    });
    await createTransaction(ctx.user.scope, card.id, '2026-03-03', { withdrawal_amount: 7_840 });
    expect((await preview(card.id, '2026-03-10')).body.balance_at_statement_date).toBe(-52_840);
    const response = await reconcile(card.id, { statement_date: '2026-03-10', statement_balance: -53_000 });
    expect(response.body.adjustment).toMatchObject({ net_amount: -160 });
    expect(await balanceOf(card.id)).toBe(-53_000);
  });

  it('refuses a statement date in the future, in a closed period or before the last reconciled statement, and writes nothing', async () => {
    const { account } = await cheque();
    await reconcile(account.id, { statement_date: '2026-03-12', statement_balance: 11_500 });
    const before = await householdSnapshot(ctx.user.scope);
    const cases: Array<[string, string]> = [
      ['2099-01-01', 'The statement date cannot be after today'],
      ['2026-02-28', 'The statement date must be after Feb 28, 2026: the balance up to that day is already settled'],
      ['2026-03-11', 'This account is already reconciled through Mar 12, 2026: choose that day or a later one'],
    ];
    for (const [date, message] of cases) {
      const refused = await reconcile(account.id, { statement_date: date, statement_balance: 0 });
      expect([refused.status, refused.body.field_errors]).toEqual([422, { statement_date: [message] }]);
      expect((await preview(account.id, date)).body.errors).toEqual([message]);
    }
    const malformed = await reconcile(account.id, { statement_date: '2026-02-30', statement_balance: 1.5 });
    expect(malformed.status).toBe(422);
    expect(Object.keys(malformed.body.field_errors ?? {}).sort()).toEqual(['statement_balance', 'statement_date']);
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it("answers 404 for another household's account, in the preview and the reconcile, and writes nothing", async () => {
    const theirs = await createBankAccount(ctx.other.scope, { name: 'Theirs', closing_date: '2026-02-28' });
    const before = await householdSnapshot(ctx.other.scope);
    expect((await preview(theirs.id, '2026-03-10')).status).toBe(404);
    const refused = await reconcile(theirs.id, { statement_date: '2026-03-10', statement_balance: 100 });
    expect([refused.status, refused.body.errors]).toEqual([404, ['Bank account not found']]);
    expect(await householdSnapshot(ctx.other.scope)).toEqual(before);
    expect((await reconcile(theirs.id, { statement_date: '2026-03-10', statement_balance: 100 }, ctx.other)).status).toBe(200);
  });

  it('moves the window version: a draft read before is a 409 (the same session too), and a stale reconcile is a 409 that writes nothing', async () => {
    const { account, budget } = await cheque();
    const draft = await getWindow(ctx.server, ctx.user, account.id, budget.id);
    expect((await reconcile(account.id, { statement_date: '2026-03-12', statement_balance: 11_000, window_lock_version: draft.lockVersion })).status).toBe(200);
    const saved = await saveWindow(ctx.server, ctx.user, { bank_account_id: account.id, budget_id: budget.id, window_lock_version: draft.lockVersion, transactions: draft.body });
    expect(saved.status).toBe(409);
    const before = await householdSnapshot(ctx.user.scope);
    const stale = await reconcile(account.id, { statement_date: '2026-03-20', statement_balance: 0, window_lock_version: draft.lockVersion });
    expect(stale.status).toBe(409);
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it('shows a later change to a reconciled row, and Adjust Account Balances leaves the reconciled rows alone (its row dated today)', async () => {
    const { account, budget } = await cheque();
    await reconcile(account.id, { statement_date: '2026-03-12', statement_balance: 11_000 });
    const window = await getWindow(ctx.server, ctx.user, account.id, budget.id);
    const edited = window.body.map((t) => (t.transaction_date === '2026-03-05' ? { ...t, withdrawal_amount: 3_000 } : t));
    expect((await saveWindow(ctx.server, ctx.user, { bank_account_id: account.id, budget_id: budget.id, window_lock_version: window.lockVersion, transactions: edited })).status).toBe(200);
    expect((await preview(account.id, '2026-03-20')).body).toMatchObject({ reconciled_balance: 11_000, ledger_at_reconciled: 10_500 });

    const [reconcileRow] = await adjustmentRows(account.id);
    const adjusted = await call(ctx.server, ctx.user, {
      method: 'POST',
      url: '/bank_accounts/manually_adjust_balances',
      payload: { adjustments: [{ bank_account_id: account.id, new_balance: 12_345 }] },
    });
    expect(adjusted.status).toBe(200);
    const rows = await adjustmentRows(account.id);
    expect(rows[0]).toEqual(reconcileRow);
    expect(rows.slice(1).map((r) => [r.transaction_date, r.deposit_amount - r.withdrawal_amount])).toEqual([[today('UTC'), 12_345 - 10_000 + 500]]);
    expect(await balanceOf(account.id)).toBe(12_345);
  });

  it('is one activity entry, saying what it did', async () => {
    const { account } = await cheque();
    await reconcile(account.id, { statement_date: '2026-03-12', statement_balance: 11_000 });
    const entries = await ctx.user.scope.selectFrom('activities').select(['kind', 'summary', 'bank_account_id']).execute();
    expect(entries).toEqual([{ kind: 'balance_adjustment', summary: 'reconciled Cheque to the statement of Mar 12, 2026 (adjusted by -5.00)', bank_account_id: account.id }]);
  });
});
