import type { BankAccount } from '../../../src/shared/schemas/setup';
import type { Transaction } from '../../../src/shared/schemas/transactions';
import { today } from '../../../src/shared/dates';
import { createBankAccount, householdSnapshot } from '../../support/builders';
import { call, testDialects, useTestServer } from '../../support/testServer';
import { createEnvelope } from '../transactions/fixtures';
import { figuresOf, getSinkFund, sinkFundFixture, transferAllocation } from './fixtures';

describe.each(testDialects)('moving money between envelopes on %s', (dialect) => {
  const ctx = useTestServer(dialect, { server: { config: { timeZone: 'Pacific/Kiritimati' } } });

  const accountOf = async (id: number) =>
    (await call<BankAccount[]>(ctx.server, ctx.user, { method: 'GET', url: '/bank_accounts?include_current_balance=true&include_closed=true' })).body.find((a) => a.id === id)!;

  it('writes a paid withdrawal on the source and a paid deposit on the target, dated today, netting to zero', async () => {
    const { account, car, christmas } = await sinkFundFixture(ctx.user.scope);
    const before = await accountOf(account.id);
    const moved = await transferAllocation(ctx.server, ctx.user, account.id, { existing_allocation_id: car.id, new_allocation_id: christmas.id, amount: 12_345 });
    expect(moved.status).toBe(200);
    expect(figuresOf(moved.body)).toMatchObject({ Car: [30_000 - 12_345, 50_000, -20_000 - 12_345, 'open'], christmas: [5_000 + 12_345, 0, 0, 'open'] });
    expect(moved.body).toMatchObject({ current_balance: 155_000, assigned_balance: 35_000, unassigned_balance: 120_000, lock_version: 0 });

    const rows = await ctx.user.scope.selectFrom('transactions').selectAll().where('description', '=', 'Internal Allocation Transfer').orderBy('id').execute();
    expect(rows).toHaveLength(2);
    const [withdrawal, deposit] = rows;
    const day = today('Pacific/Kiritimati');
    expect(withdrawal).toMatchObject({ bank_account_id: account.id, transaction_date: day, withdrawal_amount: 12_345, deposit_amount: 0, sink_fund_allocation_id: car.id, allocation_id: null, status: 'paid' });
    expect(deposit).toMatchObject({ bank_account_id: account.id, transaction_date: day, withdrawal_amount: 0, deposit_amount: 12_345, sink_fund_allocation_id: christmas.id, allocation_id: null, status: 'paid' });
    expect(withdrawal.bank_ref).toMatch(/^MAN-[0-9a-f]{16}$/);
    expect(deposit.bank_ref).not.toBe(withdrawal.bank_ref);

    // The account's balance is unchanged; its window moved on so a window draft opened before cannot save over the rows.
    const after = await accountOf(account.id);
    expect(after.current_balance).toBe(before.current_balance);
    expect(after.window_lock_version).toBe(before.window_lock_version + 1);
    const carRows = await call<Transaction[]>(ctx.server, ctx.user, { method: 'GET', url: `/transactions/by_sink_fund_allocation?sink_fund_allocation_id=${car.id}` });
    expect(carRows.body[0]).toMatchObject({ description: 'Internal Allocation Transfer', net_amount: -12_345 });
  });

  it('moves money from Unassigned Money into an envelope and back (0 or none is Unassigned Money)', async () => {
    const { account, car } = await sinkFundFixture(ctx.user.scope);
    const assigned = await transferAllocation(ctx.server, ctx.user, account.id, { existing_allocation_id: 0, new_allocation_id: car.id, amount: 20_000 });
    expect(assigned.body).toMatchObject({ assigned_balance: 55_000, unassigned_balance: 100_000, current_balance: 155_000 });
    expect(figuresOf(assigned.body).Car).toEqual([50_000, 50_000, 0, 'open']);
    const returned = await transferAllocation(ctx.server, ctx.user, account.id, { sink_fund: { existing_allocation_id: car.id, amount: 5_000 } });
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({ assigned_balance: 50_000, unassigned_balance: 105_000 });
    const unassignedRows = await ctx.user.scope.selectFrom('transactions').selectAll().where('description', '=', 'Internal Allocation Transfer').where('sink_fund_allocation_id', 'is', null).execute();
    expect(unassignedRows.map((row) => [row.withdrawal_amount, row.deposit_amount]).sort()).toEqual([
      [0, 5_000],
      [20_000, 0],
    ]);
  });

  it('lets money leave a closed envelope but never arrive in one', async () => {
    const { account, car, insurance } = await sinkFundFixture(ctx.user.scope);
    const before = await householdSnapshot(ctx.user.scope);
    const refused = await transferAllocation(ctx.server, ctx.user, account.id, { existing_allocation_id: car.id, new_allocation_id: insurance.id, amount: 100 });
    expect(refused).toMatchObject({
      status: 422,
      body: { errors: ["Sink fund allocation 'Insurance' is closed: reopen it to move money into it"], field_errors: { new_allocation_id: ["Sink fund allocation 'Insurance' is closed: reopen it to move money into it"] } },
    });
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
    await ctx.user.scope.updateTable('sink_fund_allocations').set({ status: 'closed' }).where('id', '=', car.id).execute();
    const emptied = await transferAllocation(ctx.server, ctx.user, account.id, { existing_allocation_id: car.id, new_allocation_id: 0, amount: 30_000 });
    expect(emptied.status).toBe(200);
    expect(figuresOf(emptied.body).Car[0]).toBe(0);
  });

  it('refuses a zero or negative amount, the same place on both sides and envelopes of another account, writing nothing', async () => {
    const { account, car, christmas } = await sinkFundFixture(ctx.user.scope);
    const bills = await createBankAccount(ctx.user.scope, { name: 'Bills', account_type: 'sink_fund' });
    const water = await createEnvelope(ctx.user.scope, bills.id, { name: 'Water' });
    const before = await householdSnapshot(ctx.user.scope);
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ existing_allocation_id: car.id, new_allocation_id: christmas.id, amount: 0 }, { amount: ['Amount must be greater than 0'] }],
      [{ existing_allocation_id: car.id, new_allocation_id: christmas.id, amount: -100 }, { amount: ['Amount must be greater than 0'] }],
      [{ existing_allocation_id: 0, new_allocation_id: 0, amount: 100 }, { new_allocation_id: ['Money cannot move from Unassigned Money to Unassigned Money'] }],
      [{ amount: 100 }, { new_allocation_id: ['Money cannot move from Unassigned Money to Unassigned Money'] }],
      [{ existing_allocation_id: car.id, new_allocation_id: car.id, amount: 100 }, { new_allocation_id: ['Money cannot move from a sink fund allocation to itself'] }],
      [{ existing_allocation_id: water.id, new_allocation_id: car.id, amount: 100 }, { existing_allocation_id: ["The sink fund allocation to move money from is not part of 'Savings'"] }],
      [{ existing_allocation_id: car.id, new_allocation_id: water.id, amount: 100 }, { new_allocation_id: ["The sink fund allocation to move money to is not part of 'Savings'"] }],
      [
        { existing_allocation_id: 999_999, new_allocation_id: 999_998, amount: 0 },
        {
          amount: ['Amount must be greater than 0'],
          existing_allocation_id: ["The sink fund allocation to move money from is not part of 'Savings'"],
          new_allocation_id: ["The sink fund allocation to move money to is not part of 'Savings'"],
        },
      ],
    ];
    for (const [payload, fieldErrors] of cases) {
      const refused = await transferAllocation(ctx.server, ctx.user, account.id, payload);
      expect({ payload, status: refused.status, fields: refused.body.field_errors }).toEqual({ payload, status: 422, fields: fieldErrors });
    }
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it('answers 404 for an account that is not a sink fund', async () => {
    const chequing = await createBankAccount(ctx.user.scope, { name: 'Chequing' });
    const refused = await transferAllocation(ctx.server, ctx.user, chequing.id, { existing_allocation_id: 0, new_allocation_id: 0, amount: 1 });
    expect(refused).toMatchObject({ status: 404, body: { errors: ['Sink fund not found'] } });
  });

  it('moves money out of an overspent envelope too: the balance goes negative, the account never moves', async () => {
    const { account, christmas } = await sinkFundFixture(ctx.user.scope);
    const moved = await transferAllocation(ctx.server, ctx.user, account.id, { existing_allocation_id: christmas.id, new_allocation_id: null, amount: 6_000 });
    expect(figuresOf(moved.body).christmas[0]).toBe(-1_000);
    expect((await getSinkFund(ctx.server, ctx.user, account.id)).body).toMatchObject({ current_balance: 155_000, unassigned_balance: 126_000 });
  });
});
