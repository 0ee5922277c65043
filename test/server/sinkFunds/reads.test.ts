import type { KyselyPlugin } from 'kysely';
import type { SinkFund, SinkFundEnvelope } from '../../../src/shared/schemas/sinkFunds';
import { HouseholdScope } from '../../../server/db/scope';
import { listSinkFunds, readSinkFund } from '../../../server/services/sinkFunds/sinkFundReads';
import { createBankAccount, createTransaction } from '../../support/builders';
import { call, testDialects, useTestServer } from '../../support/testServer';
import { createEnvelope } from '../transactions/fixtures';
import { figuresOf, getSinkFund, sinkFundFixture } from './fixtures';

describe.each(testDialects)('reading sink funds on %s', (dialect) => {
  const ctx = useTestServer(dialect);

  it('derives each envelope balance, target, outstanding and Unassigned Money, closed envelopes included', async () => {
    const { account, car, insurance } = await sinkFundFixture(ctx.user.scope);
    const response = await getSinkFund(ctx.server, ctx.user, account.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: account.id, name: 'Savings', status: 'open', current_balance: 155_000, assigned_balance: 35_000, unassigned_balance: 120_000, lock_version: 0 });
    // By name, case-insensitively; outstanding = balance − target, 0 without a target.
    expect(figuresOf(response.body)).toEqual({
      Car: [30_000, 50_000, -20_000, 'open'],
      christmas: [5_000, 0, 0, 'open'],
      Insurance: [0, 20_000, -20_000, 'closed'],
    });
    expect(response.body.sink_fund_allocations.map((e) => e.name)).toEqual(['Car', 'christmas', 'Insurance']);
    expect(response.body.sink_fund_allocations[0]).toEqual({
      id: car.id,
      bank_account_id: account.id,
      name: 'Car',
      amount: 50_000,
      target: 50_000,
      current_balance: 30_000,
      outstanding: -20_000,
      comment: null,
      status: 'open',
      transaction_count: 3,
    });
    expect(response.body.sink_fund_allocations.find((e) => e.id === insurance.id)?.transaction_count).toBe(0);
  });

  it('keeps envelopes plus Unassigned Money equal to the account balance, whatever the checkpoint', async () => {
    const { account, car } = await sinkFundFixture(ctx.user.scope);
    // A close rolled the checkpoint over March; an assigned withdrawal after it still moves both sides.
    await ctx.user.scope.updateTable('bank_accounts').set({ closing_balance: 155_000, closing_date: '2026-03-31' }).where('id', '=', account.id).execute();
    await createTransaction(ctx.user.scope, account.id, '2026-04-02', { withdrawal_amount: 7_500, sink_fund_allocation_id: car.id });
    const { body } = await getSinkFund(ctx.server, ctx.user, account.id);
    expect(body.current_balance).toBe(147_500);
    expect(figuresOf(body).Car[0]).toBe(22_500);
    expect(body.assigned_balance + body.unassigned_balance).toBe(body.current_balance);
    expect(body.unassigned_balance).toBe(120_000);
  });

  it('an over-target envelope has a positive outstanding amount; an overspent one a negative balance', async () => {
    const account = await createBankAccount(ctx.user.scope, { account_type: 'sink_fund', opening_balance: 0 });
    const over = await createEnvelope(ctx.user.scope, account.id, { name: 'Over', amount: 1_000 });
    const overspent = await createEnvelope(ctx.user.scope, account.id, { name: 'Overspent', amount: 0 });
    await createTransaction(ctx.user.scope, account.id, '2026-03-01', { deposit_amount: 1_500, withdrawal_amount: 0, sink_fund_allocation_id: over.id });
    await createTransaction(ctx.user.scope, account.id, '2026-03-01', { withdrawal_amount: 400, sink_fund_allocation_id: overspent.id });
    const { body } = await getSinkFund(ctx.server, ctx.user, account.id);
    expect(figuresOf(body)).toEqual({ Over: [1_500, 1_000, 500, 'open'], Overspent: [-400, 0, 0, 'open'] });
    expect(body).toMatchObject({ current_balance: 1_100, assigned_balance: 1_100, unassigned_balance: 0 });
  });

  it('lists every sink-fund account, open ones first, each with its envelopes, and no other account', async () => {
    const { account } = await sinkFundFixture(ctx.user.scope);
    const closed = await createBankAccount(ctx.user.scope, { name: 'Archive', account_type: 'sink_fund', status: 'closed', opening_balance: 500 });
    const other = await createBankAccount(ctx.user.scope, { name: 'Bills', account_type: 'sink_fund', opening_balance: 0 });
    await createBankAccount(ctx.user.scope, { name: 'Chequing', opening_balance: 9_999 });
    const list = await call<SinkFund[]>(ctx.server, ctx.user, { method: 'GET', url: '/sink_funds' });
    expect(list.status).toBe(200);
    expect(list.body.map((fund) => [fund.name, fund.status, fund.current_balance, fund.unassigned_balance, fund.sink_fund_allocations.length])).toEqual([
      ['Bills', 'open', 0, 0, 0],
      ['Savings', 'open', 155_000, 120_000, 3],
      ['Archive', 'closed', 500, 500, 0],
    ]);
    expect(list.body.find((fund) => fund.id === account.id)).toEqual((await getSinkFund(ctx.server, ctx.user, account.id)).body);
    expect(list.body.map((fund) => fund.id)).toEqual([other.id, account.id, closed.id]);
  });

  it('reads a sink fund in three statements however many envelopes it has (no statement per envelope)', async () => {
    const { account } = await sinkFundFixture(ctx.user.scope);
    let statements = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const scope = new HouseholdScope(ctx.server.db.withPlugin(counting), ctx.user.householdId);
    await readSinkFund(scope, account.id);
    const few = statements;
    for (let i = 0; i < 20; i++) await createEnvelope(ctx.user.scope, account.id, { name: `Pot ${i}` });
    statements = 0;
    const fund = await readSinkFund(scope, account.id);
    expect(fund.sink_fund_allocations).toHaveLength(23);
    expect(statements).toBe(few);
    expect(few).toBe(3);
    statements = 0;
    await listSinkFunds(scope);
    expect(statements).toBe(3);
  });

  it('GET /sink_fund_allocations lists the open envelopes in the same shape and order, with the same balances', async () => {
    const { account, insurance } = await sinkFundFixture(ctx.user.scope);
    const picker = await call<SinkFundEnvelope[]>(ctx.server, ctx.user, { method: 'GET', url: `/sink_fund_allocations?bank_account_id=${account.id}` });
    expect(picker.status).toBe(200);
    const { body } = await getSinkFund(ctx.server, ctx.user, account.id);
    expect(picker.body).toEqual(body.sink_fund_allocations.filter((e) => e.id !== insurance.id));
  });

  it('answers 404 for an account that is not a sink fund, or does not exist', async () => {
    const chequing = await createBankAccount(ctx.user.scope, { name: 'Chequing' });
    for (const id of [chequing.id, 999_999, 2 ** 40]) {
      expect(await getSinkFund(ctx.server, ctx.user, id)).toMatchObject({ status: 404, body: { success: false, errors: ['Sink fund not found'] } });
    }
  });

  it('an envelope balance counts every transaction of the envelope, as its transactions list does', async () => {
    const { account, car } = await sinkFundFixture(ctx.user.scope);
    const list = await call<Array<{ net_amount: number }>>(ctx.server, ctx.user, { method: 'GET', url: `/transactions/by_sink_fund_allocation?sink_fund_allocation_id=${car.id}` });
    const { body } = await getSinkFund(ctx.server, ctx.user, account.id);
    expect(list.body.reduce((sum, t) => sum + t.net_amount, 0)).toBe(figuresOf(body).Car[0]);
  });
});
