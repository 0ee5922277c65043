import fc from 'fast-check';
import type { AccountBalance } from '../../src/shared/schemas/accountBalances';
import type { SinkFund } from '../../src/shared/schemas/sinkFunds';
import type { DateOnly } from '../../src/shared/dates';
import { spendingOf } from '../../src/shared/transactionRules';
import type { Transaction } from '../../server/db/schema';
import { currentBalances } from '../../server/services/balances';
import { settleCheckpoints } from '../../server/services/budgets/accountCheckpoints';
import { createAllocation, createBankAccount, createBudget, createCategory, createTransaction } from '../support/builders';
import { call, type SignedInUser, testDialects, useTestServer } from '../support/testServer';

/**
 * Balances read `transaction_totals` (migration 0015, kept by triggers) less the rows outside the period asked
 * for; the reports over all periods read `allocation_spending` and `account_days` (migration 0016). Whatever the writes (old rows edited, moved, deleted, imports of several rows in one statement, undo,
 * opening dates moved), every fast figure must equal the whole-history sum of the balance rule.
 */

const day = fc
  .record({ year: fc.integer({ min: 2010, max: 2026 }), month: fc.integer({ min: 1, max: 12 }), date: fc.integer({ min: 1, max: 28 }) })
  .map(({ year, month, date }) => `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}` as DateOnly);
const cents = fc.integer({ min: 0, max: 90_000 });
const pick = fc.nat();

type Step =
  | { op: 'add'; account: number; envelope: number; date: DateOnly; withdrawal: number; deposit: number }
  | { op: 'import'; account: number; rows: Array<{ date: DateOnly; withdrawal: number; deposit: number; envelope: number }> }
  | { op: 'amount'; pick: number; withdrawal: number; deposit: number }
  | { op: 'redate'; pick: number; date: DateOnly }
  | { op: 'move'; pick: number; account: number; envelope: number }
  | { op: 'envelope'; pick: number; envelope: number }
  | { op: 'allocate'; pick: number; allocation: number; status: number }
  | { op: 'delete'; pick: number }
  | { op: 'deleteBefore'; date: DateOnly }
  | { op: 'opening'; account: number; date: DateOnly; balance: number }
  | { op: 'settle'; date: DateOnly }
  | { op: 'quickAdd'; withdrawal: number }
  | { op: 'undo' };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('add' as const), account: pick, envelope: pick, date: day, withdrawal: cents, deposit: cents }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('import' as const),
      account: pick,
      rows: fc.array(fc.record({ date: day, withdrawal: cents, deposit: cents, envelope: pick }), { minLength: 2, maxLength: 6 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('amount' as const), pick, withdrawal: cents, deposit: cents }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('redate' as const), pick, date: day }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('move' as const), pick, account: pick, envelope: pick }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('envelope' as const), pick, envelope: pick }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('allocate' as const), pick, allocation: pick, status: pick }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('deleteBefore' as const), date: day }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('opening' as const), account: pick, date: day, balance: fc.integer({ min: -50_000, max: 50_000 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('settle' as const), date: day }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('quickAdd' as const), withdrawal: fc.integer({ min: 1, max: 90_000 }) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'undo' as const }) },
);

interface World {
  user: SignedInUser;
  /** The current account, then the sink fund. */
  accounts: number[];
  sinkFundId: number;
  envelopes: number[];
  allocations: number[];
}

const BROUGHT_FORWARD = [null, 'brought_forward', 'added', 'adjustment'] as const;

describe.each(testDialects)('balances and report sums from running totals on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  async function newWorld(user: SignedInUser): Promise<World> {
    // A budget holding today's quick adds; the accounts open in 2009, before any row the steps write.
    const budget = await createBudget(user.scope, '2026-01-01', { end_date: '2027-12-31' });
    const category = await createCategory(user.scope);
    const allocations = [(await createAllocation(user.scope, budget.id, category.id)).id, (await createAllocation(user.scope, budget.id, category.id)).id];
    const current = await createBankAccount(user.scope, { name: 'Current', opening_balance: 10_000, opening_date: '2009-12-31' });
    const sinkFund = await createBankAccount(user.scope, { name: 'Savings', account_type: 'sink_fund', opening_balance: 5_000, opening_date: '2009-12-31' });
    const envelopes = [];
    for (const name of ['Car', 'Holiday']) {
      const envelope = await user.scope
        .insertInto('sink_fund_allocations')
        .values({ household_id: user.householdId, bank_account_id: sinkFund.id, name, amount: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      envelopes.push(envelope.id);
    }
    return { user, accounts: [current.id, sinkFund.id], sinkFundId: sinkFund.id, envelopes, allocations };
  }

  /** A row's envelope: only the sink fund's rows have one, and one pick in three leaves it out. */
  const envelopeFor = (world: World, accountId: number, choice: number) =>
    accountId === world.sinkFundId && choice % 3 !== 0 ? world.envelopes[choice % world.envelopes.length] : null;

  /** A row has an envelope or an allocation, never both. */
  const inEnvelope = (envelopeId: number | null) => (envelopeId === null ? { sink_fund_allocation_id: null } : { sink_fund_allocation_id: envelopeId, allocation_id: null });

  async function apply(world: World, s: Step, undoable: number[]): Promise<void> {
    const { scope } = world.user;
    const rows = await scope.selectFrom('transactions').select(['id', 'bank_account_id']).orderBy('id').execute();
    const picked = rows.length && 'pick' in s ? rows[s.pick % rows.length].id : undefined;
    switch (s.op) {
      case 'add': {
        const accountId = world.accounts[s.account % 2];
        await createTransaction(scope, accountId, s.date, { withdrawal_amount: s.withdrawal, deposit_amount: s.deposit, sink_fund_allocation_id: envelopeFor(world, accountId, s.envelope) });
        return;
      }
      case 'import': {
        const accountId = world.accounts[s.account % 2];
        await scope
          .insertInto('transactions')
          .values(
            s.rows.map((row, i) => ({
              household_id: world.user.householdId,
              bank_account_id: accountId,
              transaction_date: row.date,
              description: 'Imported',
              withdrawal_amount: row.withdrawal,
              deposit_amount: row.deposit,
              sink_fund_allocation_id: envelopeFor(world, accountId, row.envelope),
              bank_ref: `IMP-${Date.now()}-${Math.random()}-${i}`,
            })),
          )
          .execute();
        return;
      }
      case 'amount':
        if (picked !== undefined) await scope.updateTable('transactions').set({ withdrawal_amount: s.withdrawal, deposit_amount: s.deposit }).where('id', '=', picked).execute();
        return;
      case 'redate':
        if (picked !== undefined) await scope.updateTable('transactions').set({ transaction_date: s.date }).where('id', '=', picked).execute();
        return;
      case 'move': {
        if (picked === undefined) return;
        const accountId = world.accounts[s.account % 2];
        await scope.updateTable('transactions').set({ bank_account_id: accountId, ...inEnvelope(envelopeFor(world, accountId, s.envelope)) }).where('id', '=', picked).execute();
        return;
      }
      case 'envelope': {
        const row = rows.length ? rows[s.pick % rows.length] : undefined;
        if (row?.bank_account_id !== world.sinkFundId) return;
        await scope.updateTable('transactions').set(inEnvelope(envelopeFor(world, row.bank_account_id, s.envelope))).where('id', '=', row.id).execute();
        return;
      }
      case 'allocate': {
        // A row has an allocation or an envelope, never both; the brought-forward status decides whether it is spending.
        const row = rows.length ? rows[s.pick % rows.length] : undefined;
        if (!row) return;
        const allocationId = s.allocation % 3 === 0 ? null : world.allocations[s.allocation % 2];
        await scope
          .updateTable('transactions')
          .set({ allocation_id: allocationId, brought_forward_status: BROUGHT_FORWARD[s.status % BROUGHT_FORWARD.length], ...(allocationId === null ? {} : { sink_fund_allocation_id: null }) })
          .where('id', '=', row.id)
          .execute();
        return;
      }
      case 'delete':
        if (picked !== undefined) await scope.deleteFrom('transactions').where('id', '=', picked).execute();
        return;
      case 'deleteBefore':
        await scope.deleteFrom('transactions').where('transaction_date', '<', s.date).execute();
        return;
      case 'opening':
        await scope.updateTable('bank_accounts').set({ opening_date: s.date, opening_balance: s.balance }).where('id', '=', world.accounts[s.account % 2]).execute();
        return;
      case 'settle': {
        await settleCheckpoints(scope, s.date);
        // What a close stores is the rule at the closing date (never before the opening date).
        const all = await scope.selectFrom('transactions').selectAll().execute();
        for (const account of await scope.selectFrom('bank_accounts').selectAll().where('id', 'in', world.accounts).execute()) {
          expect(Number(account.closing_balance)).toBe(slowBalance(all, account, account.closing_date!));
        }
        return;
      }
      case 'quickAdd': {
        const today = new Date().toISOString().slice(0, 10);
        const added = await call(ctx.server, world.user, {
          method: 'POST',
          url: '/transactions/one',
          payload: { bank_account_id: world.accounts[0], transaction_date: today, description: 'Quick', withdrawal_amount: s.withdrawal },
        });
        // Refused when today is on or before the opening date a step moved there: the figures must not move.
        if (added.status === 201) undoable.push(Number(added.headers['activity-id']));
        return;
      }
      case 'undo': {
        const id = undoable.pop();
        if (id !== undefined) await call(ctx.server, world.user, { method: 'POST', url: `/activity/${id}/undo` });
        return;
      }
    }
  }

  /** The balance rule over the whole history, row by row. */
  function slowBalance(rows: Transaction[], account: { id: number; opening_date: string; opening_balance: number }, upTo?: DateOnly): number {
    return rows
      .filter((row) => row.bank_account_id === account.id && row.transaction_date > account.opening_date && (upTo === undefined || row.transaction_date <= upTo))
      .reduce((sum, row) => sum + row.deposit_amount - row.withdrawal_amount, account.opening_balance);
  }

  async function expectFastEqualsSlow(world: World, probe: DateOnly): Promise<void> {
    const { scope } = world.user;
    const rows = await scope.selectFrom('transactions').selectAll().execute();
    const accounts = await scope.selectFrom('bank_accounts').selectAll().where('id', 'in', world.accounts).execute();
    const [listed, sinkFund, onProbe] = await Promise.all([
      call<AccountBalance[]>(ctx.server, world.user, { method: 'GET', url: '/account_balances?include_closed=true' }),
      call<SinkFund>(ctx.server, world.user, { method: 'GET', url: `/sink_funds/${world.sinkFundId}` }),
      currentBalances(scope, world.accounts, probe),
    ]);
    for (const account of accounts) {
      const shown = listed.body.find((a) => a.id === account.id)!;
      expect({ id: account.id, current: shown.current_balance, onProbe: onProbe.get(account.id) }).toEqual({
        id: account.id,
        current: slowBalance(rows, account),
        onProbe: slowBalance(rows, account, probe),
      });
      // Account Balances derives the checkpoint from the rows: the rule at the closing date.
      expect(shown.closing_balance).toBe(account.closing_date === null ? account.opening_balance : slowBalance(rows, account, account.closing_date));
    }
    // The reports' sums: each allocation's spent (by the one definition, which the trigger must follow) and each account's net per day.
    const spent = await scope.selectFrom('allocations').leftJoin('allocation_spending', 'allocation_spending.allocation_id', 'allocations.id').select(['allocations.id', 'allocation_spending.spent']).where('allocations.id', 'in', world.allocations).execute();
    expect(spent.map((row) => [row.id, Number(row.spent ?? 0)])).toEqual(
      world.allocations.map((id) => [
        id,
        rows.filter((row) => row.allocation_id === id).reduce((sum, row) => sum + spendingOf(row), 0),
      ]),
    );
    const days = await ctx.server.db.selectFrom('account_days').select(['bank_account_id', 'day', 'net']).where('bank_account_id', 'in', world.accounts).where('net', '<>', 0).execute();
    const slowDays = new Map<string, number>();
    for (const row of rows) slowDays.set(`${row.bank_account_id} ${row.transaction_date}`, (slowDays.get(`${row.bank_account_id} ${row.transaction_date}`) ?? 0) + row.deposit_amount - row.withdrawal_amount);
    expect(new Map(days.map((row) => [`${row.bank_account_id} ${row.day}`, Number(row.net)]))).toEqual(new Map([...slowDays].filter(([, net]) => net !== 0)));
    const fund = accounts.find((a) => a.id === world.sinkFundId)!;
    expect(sinkFund.body.current_balance).toBe(slowBalance(rows, fund));
    for (const envelope of sinkFund.body.sink_fund_allocations) {
      const counted = rows.filter((row) => row.sink_fund_allocation_id === envelope.id && row.transaction_date > fund.opening_date);
      expect({ id: envelope.id, balance: envelope.current_balance, count: envelope.transaction_count }).toEqual({
        id: envelope.id,
        balance: counted.reduce((sum, row) => sum + row.deposit_amount - row.withdrawal_amount, 0),
        count: counted.length,
      });
    }
  }

  it('gives every balance, checkpoint, envelope, allocation spent and day net the whole-history sum after any writes', async () => {
    // Another household's history, which no figure of this one may count.
    const otherAccount = await createBankAccount(ctx.other.scope, { opening_date: '2009-12-31' });
    await createTransaction(ctx.other.scope, otherAccount.id, '2015-06-01', { deposit_amount: 77_700, withdrawal_amount: 0 });
    const world = await newWorld(ctx.user);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), day, async (steps, probe) => {
        const undoable: number[] = [];
        for (const s of steps) await apply(world, s, undoable);
        await expectFastEqualsSlow(world, probe);
      }),
      { seed: 35, numRuns: 50 },
    );
    const other = await currentBalances(ctx.other.scope, [otherAccount.id]);
    expect(other.get(otherAccount.id)).toBe(77_700);
  }, 240_000);
});
