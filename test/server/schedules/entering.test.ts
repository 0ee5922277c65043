import { connectDatabase } from '../../../server/db/connect';
import { migrateToLatest } from '../../../server/db/migrate';
import { HouseholdScope } from '../../../server/db/scope';
import { addUser } from '../../../server/services/households';
import { enterDueOccurrences } from '../../../server/services/schedules/entering';
import { createSchedule } from '../../../server/services/schedules/schedules';
import type { ScheduleBody } from '../../../src/shared/schemas/schedules';
import { createAllocation, createBankAccount, createBudget, createCategory, createTransaction } from '../../support/builders';
import { scratchPostgres, testDialects, useTestServer } from '../../support/testServer';

const TODAY = '2026-11-20';

const body = (accountId: number, overrides: Partial<ScheduleBody>): ScheduleBody => ({
  description: 'Bill',
  amount: -1_000,
  bank_account_id: accountId,
  frequency: 'weekly',
  start_date: '2026-11-02',
  auto_enter: true,
  ...overrides,
});

/** A household with October (closed) and November budgets, an account, and automatic schedules. */
async function arrange(scope: HouseholdScope) {
  await createBudget(scope, '2026-10-01', { status: 'closed' });
  const november = await createBudget(scope, '2026-11-01');
  const category = await createCategory(scope, { name: 'Home' });
  const rent = await createAllocation(scope, november.id, category.id, { name: 'Rent' });
  const account = await createBankAccount(scope, { opening_date: '2026-09-30' });
  const weekly = await createSchedule(scope, body(account.id, { description: 'Cleaner' }), TODAY);
  const monthly = await createSchedule(scope, body(account.id, { description: 'Rent', amount: -90_000, frequency: 'monthly', start_date: '2026-10-01', allocation_id: rent.id }), TODAY);
  const manual = await createSchedule(scope, body(account.id, { description: 'Phone', auto_enter: false, frequency: 'monthly', start_date: '2026-11-05' }), TODAY);
  return { account, rent, weekly, monthly, manual };
}

const rowsOf = (scope: HouseholdScope) =>
  scope.selectFrom('transactions').select(['transaction_date', 'description', 'withdrawal_amount', 'allocation_id']).orderBy('transaction_date').orderBy('description').execute();

describe.each(testDialects)('entering automatic schedules on %s', (dialect) => {
  const ctx = useTestServer(dialect);

  it('enters each due occurrence once, dated its day and never after today; a restart enters nothing more; a rule refusal stays due', async () => {
    const { rent } = await arrange(ctx.user.scope);
    const refused: string[] = [];
    const first = await enterDueOccurrences(ctx.server.db, TODAY, (_error, _id, date) => refused.push(date));
    expect(first.map((e) => e.date)).toEqual(['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-01']);
    // October's rent is dated in a closed budget: refused, left for the person.
    expect(refused).toEqual(['2026-10-01']);
    const rows = await rowsOf(ctx.user.scope);
    expect(rows).toEqual([
      { transaction_date: '2026-11-01', description: 'Rent', withdrawal_amount: 90_000, allocation_id: rent.id },
      { transaction_date: '2026-11-02', description: 'Cleaner', withdrawal_amount: 1_000, allocation_id: null },
      { transaction_date: '2026-11-09', description: 'Cleaner', withdrawal_amount: 1_000, allocation_id: null },
      { transaction_date: '2026-11-16', description: 'Cleaner', withdrawal_amount: 1_000, allocation_id: null },
    ]);
    // The server starting again (or its next round) finds nothing to enter.
    expect(await enterDueOccurrences(ctx.server.db, TODAY)).toEqual([]);
    expect(await rowsOf(ctx.user.scope)).toEqual(rows);
    // Each was recorded as the server's own change.
    const entries = await ctx.user.scope.selectFrom('activities').select(['actor_name', 'kind', 'summary']).where('kind', '=', 'schedule_entry').orderBy('id').execute();
    expect(entries.map((e) => `${e.actor_name} ${e.summary}`)).toContain("EveryCent entered 'Cleaner' (-10.00) of Nov 02, 2026 on its day");
  });

  it('notes an occurrence paid by an imported row before its day as matched instead of entering it a second time', async () => {
    const { account } = await arrange(ctx.user.scope);
    await createTransaction(ctx.user.scope, account.id, '2026-11-03', { description: 'CLEANER INVOICE 77', withdrawal_amount: 1_000, bank_ref: 'BANK-1' });
    await enterDueOccurrences(ctx.server.db, TODAY, () => undefined);
    const cleaner = (await rowsOf(ctx.user.scope)).filter((row) => /cleaner/i.test(row.description));
    expect(cleaner.map((row) => row.transaction_date)).toEqual(['2026-11-03', '2026-11-09', '2026-11-16']);
    const outcomes = await ctx.user.scope.selectFrom('schedule_occurrences').select(['occurrence_date', 'outcome']).where('occurrence_date', '=', '2026-11-02').execute();
    expect(outcomes).toEqual([{ occurrence_date: '2026-11-02', outcome: 'matched' }]);
  });
});

// Two processes share a database only on PostgreSQL (SQLite is one process).
if (testDialects.includes('postgres')) {
describe('entering automatic schedules from two processes on PostgreSQL', () => {
  it('never enters one occurrence twice when two servers run their rounds at once', async () => {
    const scratch = await scratchPostgres();
    const one = connectDatabase(scratch.url);
    const two = connectDatabase(scratch.url);
    try {
      await migrateToLatest(one.db);
      const { householdId } = await addUser(one.db, { householdName: 'Two servers', email: 'two@example.com', password: 'long enough password', name: 'Ann' });
      const scope = new HouseholdScope(one.db, householdId);
      await arrange(scope);
      const [a, b] = await Promise.all([enterDueOccurrences(one.db, TODAY, () => undefined), enterDueOccurrences(two.db, TODAY, () => undefined)]);
      expect([...a, ...b].map((e) => e.date).sort()).toEqual(['2026-11-01', '2026-11-02', '2026-11-09', '2026-11-16']);
      expect((await rowsOf(scope)).length).toBe(4);
      expect(await scope.selectFrom('schedule_occurrences').select('occurrence_date').execute()).toHaveLength(4);
    } finally {
      await one.destroy();
      await two.destroy();
      await scratch.drop();
    }
  });
});
}
