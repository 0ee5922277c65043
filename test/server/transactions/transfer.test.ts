import type { BankAccount } from '../../../src/shared/schemas/setup';
import type { TransferResult } from '../../../src/shared/schemas/transactions';
import { createAllocation, createBankAccount, createBudget, householdSnapshot } from '../../support/builders';
import { call, testDialects, useTestServer } from '../../support/testServer';
import { createEnvelope, type ErrorBody, windowFixture } from './fixtures';

describe.each(testDialects)('bank account transfer on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  async function arrange() {
    const fixture = await windowFixture(ctx.user.scope, { opening_balance: 100_000, closing_date: '2026-02-28' });
    const to = await createBankAccount(ctx.user.scope, { name: 'Savings', account_type: 'sink_fund', opening_balance: 0, closing_date: '2026-02-28' });
    const envelope = await createEnvelope(ctx.user.scope, to.id, { name: 'Holiday' });
    return { ...fixture, to, envelope };
  }

  const transfer = (fromId: number, payload: Record<string, unknown>) =>
    call<TransferResult & ErrorBody>(ctx.server, ctx.user, { method: 'POST', url: `/bank_accounts/${fromId}/transfer`, payload });

  it('writes two paid rows, moves the balances and bumps both windows', async () => {
    const { bankAccount, budget, allocation, to, envelope } = await arrange();
    const done = await transfer(bankAccount.id, {
      to: to.id,
      amount: 12_345,
      description: 'Holiday savings',
      date: '2026-03-15',
      budget_id: budget.id,
      from_allocation: allocation.id,
      to_sink_fund_allocation: envelope.id,
    });
    expect(done.status).toBe(200);
    expect(done.body.withdrawal).toMatchObject({
      bank_account_id: bankAccount.id,
      description: 'Withdrawal - Holiday savings',
      transaction_date: '2026-03-15',
      withdrawal_amount: 12_345,
      deposit_amount: 0,
      allocation_id: allocation.id,
      sink_fund_allocation_id: null,
      status: 'paid',
    });
    expect(done.body.deposit).toMatchObject({
      bank_account_id: to.id,
      description: 'Deposit - Holiday savings',
      withdrawal_amount: 0,
      deposit_amount: 12_345,
      allocation_id: null,
      sink_fund_allocation_id: envelope.id,
      status: 'paid',
    });
    expect(done.body.withdrawal.bank_ref).toMatch(/^MAN-[0-9a-f]{16}$/);

    const accounts = await call<BankAccount[]>(ctx.server, ctx.user, { method: 'GET', url: '/bank_accounts?include_current_balance=true' });
    const byName = Object.fromEntries(accounts.body.map((a) => [a.name, a]));
    expect(byName.Cheque).toMatchObject({ current_balance: 100_000 - 12_345, window_lock_version: 1 });
    expect(byName.Savings).toMatchObject({ current_balance: 12_345, window_lock_version: 1 });
  });

  it('gives the refusals in the contract order', async () => {
    const { bankAccount, budget, allocation, to, envelope } = await arrange();
    const closedBudget = await createBudget(ctx.user.scope, '2026-01-01', { status: 'closed' });
    const valid = { to: to.id, amount: 100, description: 'Move', date: '2026-03-02', budget_id: budget.id };
    const steps: Array<[Record<string, unknown>, string]> = [
      [
        {
          amount: 0,
          description: ' ',
          from_allocation: allocation.id,
          from_sink_fund_allocation: envelope.id,
          to_allocation: allocation.id,
          to_sink_fund_allocation: envelope.id,
          to: null,
          budget_id: null,
          date: '2027-01-01',
        },
        'Amount must be greater than 0',
      ],
      [{ amount: -5 }, 'Amount must be greater than 0'],
      [{ amount: 100 }, "Description can't be blank"],
      [{ description: 'Move' }, 'Can only transfer from EITHER an allocation OR a sink fund allocation, not both'],
      [{ from_sink_fund_allocation: null }, 'Can only transfer to EITHER an allocation OR a sink fund allocation, not both'],
      [{ to_allocation: null }, "To account doesn't exist"],
      [{ to: 987_654 }, "To account doesn't exist"],
      [{ to: to.id }, "Budget doesn't exist"],
      [{ budget_id: 987_654 }, "Budget doesn't exist"],
      [{ budget_id: budget.id }, 'Transaction date is outside the budget period'],
      [{ budget_id: closedBudget.id, date: '2026-01-15' }, 'This budget is closed. Reopen it to make changes.'],
    ];
    let payload: Record<string, unknown> = { ...valid };
    const before = await householdSnapshot(ctx.user.scope);
    for (const [change, message] of steps) {
      payload = { ...payload, ...change };
      const refused = await transfer(bankAccount.id, payload);
      expect({ status: refused.status, errors: refused.body.errors }).toEqual({ status: 422, errors: [message] });
    }
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it('refuses allocations outside the budget and envelopes of the wrong account', async () => {
    const { bankAccount, budget, category, to, envelope } = await arrange();
    const april = await createBudget(ctx.user.scope, '2026-04-01');
    const aprilAllocation = await createAllocation(ctx.user.scope, april.id, category.id);
    const ownEnvelope = await createEnvelope(ctx.user.scope, bankAccount.id);
    const valid = { to: to.id, amount: 100, description: 'Move', date: '2026-03-02', budget_id: budget.id };
    const before = await householdSnapshot(ctx.user.scope);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ from_allocation: aprilAllocation.id }, 'From allocation is not part of this budget'],
      [{ to_allocation: aprilAllocation.id }, 'To allocation is not part of this budget'],
      [{ from_sink_fund_allocation: envelope.id }, "From sink fund allocation does not belong to 'Cheque'"],
      [{ to_sink_fund_allocation: ownEnvelope.id }, "To sink fund allocation does not belong to 'Savings'"],
    ];
    for (const [change, message] of cases) {
      const refused = await transfer(bankAccount.id, { ...valid, ...change });
      expect({ status: refused.status, errors: refused.body.errors }).toEqual({ status: 422, errors: [message] });
    }
    expect(await householdSnapshot(ctx.user.scope)).toEqual(before);
  });

  it("treats another household's accounts, budgets and allocations as missing and writes nothing", async () => {
    const { bankAccount, budget, to } = await arrange();
    const theirs = await windowFixture(ctx.other.scope);
    const theirEnvelope = await createEnvelope(ctx.other.scope, theirs.bankAccount.id);
    const valid = { to: to.id, amount: 100, description: 'Move', date: '2026-03-02', budget_id: budget.id };
    const mineBefore = await householdSnapshot(ctx.user.scope);
    const theirsBefore = await householdSnapshot(ctx.other.scope);
    expect((await transfer(theirs.bankAccount.id, valid)).status).toBe(404);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ to: theirs.bankAccount.id }, "To account doesn't exist"],
      [{ budget_id: theirs.budget.id }, "Budget doesn't exist"],
      [{ from_allocation: theirs.allocation.id }, 'From allocation is not part of this budget'],
      [{ to_sink_fund_allocation: theirEnvelope.id }, "To sink fund allocation does not belong to 'Savings'"],
    ];
    for (const [change, message] of cases) {
      const refused = await transfer(bankAccount.id, { ...valid, ...change });
      expect({ status: refused.status, errors: refused.body.errors }).toEqual({ status: 422, errors: [message] });
    }
    expect(await householdSnapshot(ctx.user.scope)).toEqual(mineBefore);
    expect(await householdSnapshot(ctx.other.scope)).toEqual(theirsBefore);
  });

  it('accepts a nested body and rejects non-integer amounts through the schema', async () => {
    const { bankAccount, budget, to } = await arrange();
    const nested = await transfer(bankAccount.id, { transfer: { to: to.id, amount: 100, description: 'Nested', date: '2026-03-02', budget_id: budget.id } });
    expect(nested.status).toBe(200);
    const fractional = await transfer(bankAccount.id, { to: to.id, amount: 1.5, description: 'Bad', date: '2026-03-02', budget_id: budget.id });
    expect(fractional.status).toBe(422);
  });
});
