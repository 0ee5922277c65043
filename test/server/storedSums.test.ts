import { sql } from 'kysely';
import { broughtForwardStatusSchema } from '../../src/shared/schemas/transactions';
import { spendingOf } from '../../src/shared/transactionRules';
import { checkStoredSums, rebuildStoredSums, STORED_SUMS } from '../../server/services/storedSums';
import { createAllocation, createBankAccount, createBudget, createCategory, createTransaction } from '../support/builders';
import { call, testDialects, useTestServer } from '../support/testServer';

const differing = (checks: Awaited<ReturnType<typeof checkStoredSums>>) => checks.filter((check) => check.differences.length > 0).map((check) => check.name);

describe.each(testDialects)('the sums the database keeps on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  async function someRows() {
    const { scope } = ctx.user;
    const budget = await createBudget(scope, '2026-01-01');
    const category = await createCategory(scope);
    const food = await createAllocation(scope, budget.id, category.id, { name: 'Food' });
    const visa = await createBankAccount(scope, { account_type: 'credit_card', account_category: 'liability' });
    const statuses = [null, ...broughtForwardStatusSchema.options];
    for (const [i, status] of statuses.entries()) {
      await createTransaction(scope, visa.id, `2026-01-${String(10 + i).padStart(2, '0')}`, { withdrawal_amount: 1_000 * (i + 1), deposit_amount: 7 * i, brought_forward_status: status, allocation_id: food.id });
    }
    const other = await createBankAccount(ctx.other.scope);
    await createTransaction(ctx.other.scope, other.id, '2026-02-03', { withdrawal_amount: 555 });
    return { food, visa };
  }

  it("keep an allocation's spent by the one definition of spending, whatever a row's brought-forward status", async () => {
    const { food } = await someRows();
    const rows = await ctx.user.scope.selectFrom('transactions').selectAll().where('allocation_id', '=', food.id).execute();
    expect(new Set(rows.map((row) => row.brought_forward_status)).size).toBe(broughtForwardStatusSchema.options.length + 1);
    const stored = await ctx.server.db.selectFrom('allocation_spending').select('spent').where('allocation_id', '=', food.id).executeTakeFirstOrThrow();
    expect(Number(stored.spent)).toBe(rows.reduce((sum, row) => sum + spendingOf(row), 0));
    // What the budget shows reads the rows by the same definition.
    const budget = await call<{ allocations: Array<{ spent: number }> }>(ctx.server, ctx.user, { method: 'GET', url: `/budgets/${food.budget_id}` });
    expect(budget.body.allocations[0].spent).toBe(Number(stored.spent));
    expect(differing(await checkStoredSums(ctx.server.db))).toEqual([]);
  });

  it('a check finds every stored sum that differs from the rows, and a rebuild makes them agree again', async () => {
    const { visa } = await someRows();
    const { db } = ctx.server;
    expect(differing(await checkStoredSums(db))).toEqual([]);

    await sql`update households set transaction_count = transaction_count + 3 where id = ${ctx.user.householdId}`.execute(db);
    await sql`update transaction_totals set row_count = row_count + 1 where bank_account_id = ${visa.id}`.execute(db);
    await sql`update allocation_spending set spent = spent + 60`.execute(db);
    await sql`delete from account_days where bank_account_id = ${visa.id}`.execute(db);
    await sql`insert into account_months (bank_account_id, month, net) values (${visa.id}, '1999-01-01', 42)`.execute(db);

    const found = await checkStoredSums(db);
    expect(differing(found)).toEqual(STORED_SUMS.map((sum) => sum.name));
    expect(found.find((check) => check.name === 'account_months')!.differences).toEqual([{ key: `bank_account_id ${visa.id}, month 1999-01-01`, stored: '42', fromRows: '0' }]);
    expect(found.find((check) => check.name === 'households.transaction_count')!.differences).toEqual([
      { key: `household_id ${ctx.user.householdId}`, stored: '7', fromRows: '4' },
    ]);

    const rebuilt = await rebuildStoredSums(db);
    expect(differing(rebuilt)).toEqual(STORED_SUMS.map((sum) => sum.name));
    expect(differing(await checkStoredSums(db))).toEqual([]);

    // The triggers go on from the rebuilt sums.
    await createTransaction(ctx.user.scope, visa.id, '2026-01-20', { withdrawal_amount: 250 });
    await ctx.user.scope.deleteFrom('transactions').where('brought_forward_status', '=', 'added').execute();
    expect(differing(await checkStoredSums(db))).toEqual([]);
  });
});
