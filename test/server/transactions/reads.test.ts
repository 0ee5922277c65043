import type { LastUpdate, SinkFundAllocation, Transaction } from '../../../src/shared/schemas/transactions';
import { createAllocation, createBankAccount, createBudget, createTransaction } from '../../support/builders';
import { call, testDialects, useTestServer } from '../../support/testServer';
import { createEnvelope, windowFixture } from './fixtures';

describe.each(testDialects)('transaction reads on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  const get = <T>(url: string, as = ctx.user) => call<T>(ctx.server, as, { method: 'GET', url });

  it("lists an allocation's transactions oldest first, without carried-forward copies", async () => {
    const { bankAccount, allocation, category, budget } = await windowFixture(ctx.user.scope);
    const card = await createBankAccount(ctx.user.scope, { account_type: 'credit_card' });
    const later = await createTransaction(ctx.user.scope, card.id, '2026-03-20', { allocation_id: allocation.id, brought_forward_status: 'brought_forward' });
    const first = await createTransaction(ctx.user.scope, bankAccount.id, '2026-03-02', { allocation_id: allocation.id, withdrawal_amount: 700 });
    await createTransaction(ctx.user.scope, card.id, '2026-04-01', { allocation_id: allocation.id, brought_forward_status: 'added' });
    await createTransaction(ctx.user.scope, bankAccount.id, '2026-03-03', { allocation_id: (await createAllocation(ctx.user.scope, budget.id, category.id)).id });
    const rows = await get<Transaction[]>(`/transactions/by_allocation?allocation_id=${allocation.id}`);
    expect(rows.status).toBe(200);
    expect(rows.body.map((t) => t.id)).toEqual([first.id, later.id]);
    expect(rows.body[0]).toMatchObject({ net_amount: -700, paid: true, is_manual_adjustment: false });
  });

  it("lists an envelope's transactions newest first", async () => {
    const fund = await createBankAccount(ctx.user.scope, { account_type: 'sink_fund' });
    const envelope = await createEnvelope(ctx.user.scope, fund.id);
    const older = await createTransaction(ctx.user.scope, fund.id, '2026-01-05', { sink_fund_allocation_id: envelope.id });
    const newer = await createTransaction(ctx.user.scope, fund.id, '2026-03-05', { sink_fund_allocation_id: envelope.id });
    const sameDay = await createTransaction(ctx.user.scope, fund.id, '2026-03-05', { sink_fund_allocation_id: envelope.id });
    await createTransaction(ctx.user.scope, fund.id, '2026-03-06');
    const rows = await get<Transaction[]>(`/transactions/by_sink_fund_allocation?sink_fund_allocation_id=${envelope.id}`);
    expect(rows.body.map((t) => t.id)).toEqual([sameDay.id, newer.id, older.id]);
  });

  it("is a 404 for another household's allocation or envelope", async () => {
    const theirs = await windowFixture(ctx.other.scope);
    const envelope = await createEnvelope(ctx.other.scope, theirs.bankAccount.id);
    await createTransaction(ctx.other.scope, theirs.bankAccount.id, '2026-03-02', { allocation_id: theirs.allocation.id });
    expect((await get(`/transactions/by_allocation?allocation_id=${theirs.allocation.id}`)).status).toBe(404);
    expect((await get(`/transactions/by_sink_fund_allocation?sink_fund_allocation_id=${envelope.id}`)).status).toBe(404);
    expect((await get('/transactions/by_allocation?allocation_id=abc')).status).toBe(422);
  });

  it("gives the day a person last entered a transaction (not the latest date of any row, nor a close's rows), or today without any", async () => {
    const empty = await get<LastUpdate>('/transactions/last_update');
    expect(empty.body).toEqual({ transaction_date: new Date().toISOString().slice(0, 10), has_transactions: false });
    const account = await createBankAccount(ctx.user.scope);
    // Mid-day times: the day is the same in any server time zone within ±11 hours.
    await createTransaction(ctx.user.scope, account.id, '2026-03-09', { created_at: '2026-03-10 12:00:00' });
    await createTransaction(ctx.user.scope, account.id, '2026-01-01', { created_at: '2026-03-12 12:00:00' });
    // A close's carried-forward copy and balancing row, written later and dated later: nobody's entry.
    await createTransaction(ctx.user.scope, account.id, '2026-04-01', { brought_forward_status: 'added', status: 'unpaid', created_at: '2026-03-31 12:00:00' });
    await createTransaction(ctx.user.scope, account.id, '2026-04-01', { brought_forward_status: 'adjustment', withdrawal_amount: -1_000, created_at: '2026-03-31 12:00:00' });
    const theirs = await createBankAccount(ctx.other.scope);
    await createTransaction(ctx.other.scope, theirs.id, '2030-01-01', { created_at: '2026-04-20 12:00:00' });
    expect((await get<LastUpdate>('/transactions/last_update')).body).toEqual({ transaction_date: '2026-03-12', has_transactions: true });
  });

  it("lists an account's open envelopes by name; another household's account is a 404", async () => {
    const fund = await createBankAccount(ctx.user.scope, { account_type: 'sink_fund' });
    const car = await createEnvelope(ctx.user.scope, fund.id, { name: 'car', amount: 50_000 });
    const holiday = await createEnvelope(ctx.user.scope, fund.id, { name: 'Holiday' });
    await createEnvelope(ctx.user.scope, fund.id, { name: 'Archived', status: 'closed' });
    await createEnvelope(ctx.user.scope, (await createBankAccount(ctx.user.scope, { account_type: 'sink_fund' })).id, { name: 'Elsewhere' });
    const rows = await get<SinkFundAllocation[]>(`/sink_fund_allocations?bank_account_id=${fund.id}`);
    expect(rows.body).toEqual([
      // The same envelope shape as the Sink Funds screen reads (GET /sink_funds/:id).
      { id: car.id, bank_account_id: fund.id, name: 'car', amount: 50_000, target: 50_000, current_balance: 0, outstanding: -50_000, comment: null, status: 'open', transaction_count: 0 },
      { id: holiday.id, bank_account_id: fund.id, name: 'Holiday', amount: 0, target: 0, current_balance: 0, outstanding: 0, comment: null, status: 'open', transaction_count: 0 },
    ]);
    const theirFund = await createBankAccount(ctx.other.scope, { account_type: 'sink_fund' });
    await createEnvelope(ctx.other.scope, theirFund.id);
    expect((await get(`/sink_fund_allocations?bank_account_id=${theirFund.id}`)).status).toBe(404);
  });

  it('requires sign in', async () => {
    const budget = await createBudget(ctx.user.scope, '2026-03-01');
    for (const url of ['/transactions/last_update', `/transactions?bank_account_id=1&budget_id=${budget.id}`, '/sink_fund_allocations?bank_account_id=1']) {
      expect((await call(ctx.server, null, { method: 'GET', url })).status).toBe(401);
    }
  });
});
