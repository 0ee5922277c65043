import type { AccountBalance } from '../../src/shared/schemas/accountBalances';
import type { BankAccount } from '../../src/shared/schemas/setup';
import { createBankAccount, createBudget, createInstitution, createTransaction } from '../support/builders';
import { call, testDialects, useTestServer } from '../support/testServer';

describe.each(testDialects)('account balances on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  const balances = async (query = '') => {
    const response = await call<AccountBalance[]>(ctx.server, ctx.user, { method: 'GET', url: `/account_balances${query}` });
    expect(response.status).toBe(200);
    return response.body;
  };
  const byName = async (query = '') => Object.fromEntries((await balances(query)).map((account) => [account.name, account]));

  /** March 2026 is the current budget: February is closed, April is open too. */
  async function threeBudgets(scope = ctx.user.scope) {
    await createBudget(scope, '2026-02-01', { status: 'closed' });
    await createBudget(scope, '2026-03-01');
    await createBudget(scope, '2026-04-01');
  }

  it('gives every field of the contract: checkpoint, balance expected at the end of the current budget, current balance', async () => {
    await threeBudgets();
    const institution = await createInstitution(ctx.user.scope, { name: 'First Bank' });
    const cheque = await createBankAccount(ctx.user.scope, {
      name: 'Cheque',
      institution_id: institution.id,
      opening_balance: 5_000,
      closing_balance: 100_000,
      closing_date: '2026-02-28',
    });
    await createTransaction(ctx.user.scope, cheque.id, '2026-02-20', { withdrawal_amount: 99_999 }); // before the checkpoint: already in it
    await createTransaction(ctx.user.scope, cheque.id, '2026-03-01', { withdrawal_amount: 2_000 });
    await createTransaction(ctx.user.scope, cheque.id, '2026-03-31', { withdrawal_amount: 0, deposit_amount: 50_000 });
    await createTransaction(ctx.user.scope, cheque.id, '2026-04-01', { withdrawal_amount: 7_000 }); // after the current budget

    expect(await balances()).toEqual([
      {
        id: cheque.id,
        name: 'Cheque',
        status: 'open',
        institution: { id: institution.id, name: 'First Bank' },
        account_type: 'normal',
        account_category: 'current',
        is_cash: true,
        closing_date: '2026-02-28',
        next_closing_date: '2026-03-31',
        closing_balance: 100_000,
        expected_closing_balance: 148_000,
        current_balance: 141_000,
      },
    ]);
  });

  it('starts from the opening balance and counts every transaction while an account has no checkpoint yet', async () => {
    await threeBudgets();
    const account = await createBankAccount(ctx.user.scope, { name: 'New', opening_balance: 1_000, closing_balance: null, closing_date: null });
    await createTransaction(ctx.user.scope, account.id, '2026-01-15', { withdrawal_amount: 100 });
    await createTransaction(ctx.user.scope, account.id, '2026-04-15', { withdrawal_amount: 10 });
    expect((await byName()).New).toMatchObject({ closing_date: null, closing_balance: 1_000, expected_closing_balance: 900, current_balance: 890 });
  });

  it('sends no expected balance while no budget is open', async () => {
    await createBudget(ctx.user.scope, '2026-02-01', { status: 'closed' });
    const account = await createBankAccount(ctx.user.scope, { name: 'Cheque', closing_balance: 1_000, closing_date: '2026-02-28' });
    await createTransaction(ctx.user.scope, account.id, '2026-03-03', { withdrawal_amount: 300 });
    expect((await byName()).Cheque).toMatchObject({ next_closing_date: null, expected_closing_balance: null, closing_balance: 1_000, current_balance: 700 });
  });

  it('takes the earliest open budget as the current one, whatever order the budgets were made in', async () => {
    await createBudget(ctx.user.scope, '2026-05-01');
    await createBudget(ctx.user.scope, '2026-04-01');
    await createBudget(ctx.user.scope, '2026-03-01', { status: 'closed' });
    await createBankAccount(ctx.user.scope, { name: 'Cheque', closing_date: '2026-03-31' });
    expect((await byName()).Cheque.next_closing_date).toBe('2026-04-30');
  });

  it('lists every kind of account by name, closed ones only when asked, with one balance per account however many transactions', async () => {
    await threeBudgets();
    const checkpoint = { closing_date: '2026-02-28' };
    const visa = await createBankAccount(ctx.user.scope, { name: 'Visa', account_type: 'credit_card', account_category: 'liability', ...checkpoint });
    await createBankAccount(ctx.user.scope, { name: 'house', account_category: 'asset', is_cash: 0, opening_balance: 30_000_000, ...checkpoint });
    await createBankAccount(ctx.user.scope, { name: 'Mortgage', account_category: 'liability', is_cash: 0, opening_balance: -20_000_000, ...checkpoint });
    await createBankAccount(ctx.user.scope, { name: 'Fund', account_type: 'sink_fund', account_category: 'asset', opening_balance: 40_000, ...checkpoint });
    await createBankAccount(ctx.user.scope, { name: 'Old', status: 'closed', opening_balance: 12, ...checkpoint });
    for (const day of ['2026-03-02', '2026-03-03', '2026-03-04']) await createTransaction(ctx.user.scope, visa.id, day, { withdrawal_amount: 1_000 });

    const open = await balances();
    expect(open.map((a) => [a.name, a.account_type, a.account_category, a.is_cash, a.current_balance])).toEqual([
      ['Fund', 'sink_fund', 'asset', true, 40_000],
      ['house', 'normal', 'asset', false, 30_000_000],
      ['Mortgage', 'normal', 'liability', false, -20_000_000],
      ['Visa', 'credit_card', 'liability', true, -3_000],
    ]);
    const all = await balances('?include_closed=true');
    expect(all.map((a) => a.name)).toEqual(['Fund', 'house', 'Mortgage', 'Old', 'Visa']);
    expect(all.find((a) => a.name === 'Old')).toMatchObject({ status: 'closed', current_balance: 12 });
  });

  it('agrees with the current balance that GET /bank_accounts gives (as the transactions page shows it)', async () => {
    await threeBudgets();
    const cheque = await createBankAccount(ctx.user.scope, { name: 'Cheque', opening_balance: 500, closing_balance: 10_000, closing_date: '2026-02-28' });
    const fresh = await createBankAccount(ctx.user.scope, { name: 'Fresh', opening_balance: 700, closing_balance: null, closing_date: null });
    await createTransaction(ctx.user.scope, cheque.id, '2026-02-01', { withdrawal_amount: 5 });
    await createTransaction(ctx.user.scope, cheque.id, '2026-03-09', { withdrawal_amount: 0, deposit_amount: 123 });
    await createTransaction(ctx.user.scope, fresh.id, '2026-03-09', { withdrawal_amount: 45 });
    const accounts = (await call<BankAccount[]>(ctx.server, ctx.user, { method: 'GET', url: '/bank_accounts?include_current_balance=true' })).body;
    const expected = Object.fromEntries(accounts.map((a) => [a.name, a.current_balance]));
    expect(Object.fromEntries((await balances()).map((a) => [a.name, a.current_balance]))).toEqual(expected);
    expect(expected).toEqual({ Cheque: 10_123, Fresh: 655 });
  });

  it("keeps to the caller's household: another household's accounts, transactions and budgets change nothing", async () => {
    await threeBudgets();
    const mine = await createBankAccount(ctx.user.scope, { name: 'Mine', closing_balance: 1_000, closing_date: '2026-02-28' });
    await createTransaction(ctx.user.scope, mine.id, '2026-03-05', { withdrawal_amount: 100 });
    // Theirs: an earlier open budget (which would be "current" if it leaked) and transactions of their own.
    await createBudget(ctx.other.scope, '2026-01-01');
    const theirs = await createBankAccount(ctx.other.scope, { name: 'Theirs', closing_balance: 9_999, closing_date: '2026-02-28' });
    await createTransaction(ctx.other.scope, theirs.id, '2026-03-06', { withdrawal_amount: 555 });

    expect(await balances('?include_closed=true')).toEqual([
      expect.objectContaining({ name: 'Mine', next_closing_date: '2026-03-31', expected_closing_balance: 900, current_balance: 900 }),
    ]);
    const theirView = await call<AccountBalance[]>(ctx.server, ctx.other, { method: 'GET', url: '/account_balances' });
    expect(theirView.body).toEqual([expect.objectContaining({ name: 'Theirs', next_closing_date: '2026-01-31', current_balance: 9_444 })]);
  });

  it('reads every account in one statement, however many accounts there are', async () => {
    await threeBudgets();
    const statements = jest.spyOn(ctx.server.db.getExecutor(), 'executeQuery');
    const statementsFor = async (url: string) => {
      statements.mockClear();
      expect((await call(ctx.server, ctx.user, { method: 'GET', url })).status).toBe(200);
      return statements.mock.calls.length;
    };
    // A request that reads one row in one statement, plus whatever the session lookup costs.
    const oneStatement = await statementsFor('/budgets/current');
    const first = await createBankAccount(ctx.user.scope, { name: 'One', closing_date: '2026-02-28' });
    await createTransaction(ctx.user.scope, first.id, '2026-03-02');
    const withOne = await statementsFor('/account_balances');
    for (let n = 0; n < 12; n++) {
      const account = await createBankAccount(ctx.user.scope, { closing_date: '2026-02-28' });
      await createTransaction(ctx.user.scope, account.id, '2026-03-02');
    }
    const withThirteen = await statementsFor('/account_balances');
    statements.mockRestore();
    expect([withOne, withThirteen]).toEqual([oneStatement, oneStatement]);
  });

  it('refuses a malformed flag and answers only a signed-in caller', async () => {
    const refused = await call<{ errors: string[] }>(ctx.server, ctx.user, { method: 'GET', url: '/account_balances?include_closed=yes' });
    expect(refused.status).toBe(422);
    expect((await call(ctx.server, null, { method: 'GET', url: '/account_balances' })).status).toBe(401);
  });
});
