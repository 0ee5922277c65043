import type { NetWorthReport } from '../../../src/shared/schemas/reports';
import { createBankAccount, createBudget, createTransaction } from '../../support/builders';
import { call, signUpAndIn, testDialects, useTestServer } from '../../support/testServer';
import { arrangeHousehold, expected, type Household } from './household';

describe.each(testDialects)('net worth report on %s', (dialect) => {
  const ctx = useTestServer(dialect, { userPerTest: false });
  let household: Household;
  beforeAll(async () => {
    household = await arrangeHousehold(ctx.server, ctx.user);
  });

  const netWorth = async (query = '') => {
    const response = await call<NetWorthReport>(ctx.server, ctx.user, { method: 'GET', url: `/reports/net_worth${query}` });
    expect(response.status).toBe(200);
    return response.body;
  };

  it('gives every period of the last budgets, oldest first, with the hand-computed figures', async () => {
    const { budgets } = household;
    expect(await netWorth()).toEqual({
      data: [
        { budget_id: budgets.nov.id, ...expected.netWorth.nov },
        { budget_id: budgets.jan.id, ...expected.netWorth.jan },
        { budget_id: budgets.feb.id, ...expected.netWorth.feb },
        { budget_id: budgets.mar.id, ...expected.netWorth.mar },
      ],
      fields: ['period', 'net_change', 'net_worth'],
    });
  });

  it('counts every transaction before the first period shown in its net worth', async () => {
    const report = await netWorth('?from=2026-02');
    expect(report.data).toEqual([
      { budget_id: household.budgets.feb.id, ...expected.netWorth.feb },
      { budget_id: household.budgets.mar.id, ...expected.netWorth.mar },
    ]);
  });

  it('starts from the opening balances when nothing happened before the first budget', async () => {
    const user = await signUpAndIn(ctx.server);
    const account = await createBankAccount(user.scope, { opening_balance: 12_345 });
    await createBankAccount(user.scope, { opening_balance: -345, account_type: 'credit_card', account_category: 'liability' });
    const budget = await createBudget(user.scope, '2026-05-01');
    await createTransaction(user.scope, account.id, '2026-05-31', { withdrawal_amount: 1_000 });
    const response = await call<NetWorthReport>(ctx.server, user, { method: 'GET', url: '/reports/net_worth' });
    expect(response.body.data).toEqual([{ budget_id: budget.id, period: '2026-05', net_change: -1_000, net_worth: 11_000 }]);
  });

  it('is empty for a household without budgets, and for a range without any', async () => {
    const user = await signUpAndIn(ctx.server);
    await createBankAccount(user.scope, { opening_balance: 5_000 });
    expect((await call<NetWorthReport>(ctx.server, user, { method: 'GET', url: '/reports/net_worth' })).body).toEqual({
      data: [],
      fields: ['period', 'net_change', 'net_worth'],
    });
    expect((await netWorth('?from=2030-01')).data).toEqual([]);
  });
});
