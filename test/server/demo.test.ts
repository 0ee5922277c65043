import { sql } from 'kysely';
import { addDays } from '../../src/shared/dates';
import { seedDemoHousehold } from '../../server/demo/seed';
import { HouseholdScope } from '../../server/db/scope';
import { call, testDialects, useTestServer } from '../support/testServer';

const TODAY = '2026-03-17';

// Each demo writes thousands of rows; on a busy machine that takes longer than jest's default.
jest.setTimeout(120_000);

describe.each(testDialects)('demo household on %s', (dialect) => {
  const ctx = useTestServer(dialect, { signIn: false });

  it('creates a year of closed budgets, the current one and two future ones, with realistic data', async () => {
    const demo = await seedDemoHousehold(ctx.server.db, { householdName: 'Demo Family', email: 'demo@example.com', password: 'demo password 1', today: TODAY });
    const scope = new HouseholdScope(ctx.server.db, demo.householdId);

    const budgets = await scope.selectFrom('budgets').select(['id', 'start_date', 'end_date', 'status', 'name']).orderBy('start_date').execute();
    expect(budgets).toHaveLength(15);
    expect(budgets.map((b) => b.id)).toEqual(demo.budgetIds);
    expect(budgets.slice(0, 12).every((b) => b.status === 'closed' && b.end_date < '2026-03-01')).toBe(true);
    expect(budgets[12]).toMatchObject({ id: demo.currentBudgetId, status: 'open', start_date: '2026-03-01', end_date: '2026-03-31', name: 'Mar 01 - Mar 31, 2026' });
    expect(budgets.slice(13).map((b) => [b.status, b.start_date])).toEqual([
      ['open', '2026-04-01'],
      ['open', '2026-05-01'],
    ]);

    const categories = await scope.selectFrom('allocation_categories').select('id').execute();
    expect(categories).toHaveLength(8);
    const perBudget = await scope
      .selectFrom('allocations')
      .select(['budget_id', sql<number>`count(*)`.as('n'), sql<number>`sum(is_fixed_amount)`.as('fixed')])
      .groupBy('budget_id')
      .execute();
    expect(perBudget).toHaveLength(15);
    for (const row of perBudget) {
      expect(Number(row.n)).toBeGreaterThanOrEqual(35);
      expect(Number(row.n)).toBeLessThanOrEqual(45);
      expect(Number(row.fixed)).toBeGreaterThan(0);
    }
    const classes = await scope.selectFrom('allocations').select('allocation_class').distinct().execute();
    expect(classes.map((c) => c.allocation_class).sort()).toEqual(['need', 'savings', 'want']);
    const incomes = await scope.selectFrom('incomes').select(['budget_id', 'bank_account_id']).execute();
    expect(incomes).toHaveLength(30);
    expect(new Set(incomes.map((i) => i.bank_account_id))).toEqual(new Set([demo.primaryAccountId]));

    const accounts = await scope.selectFrom('bank_accounts').select(['id', 'account_type', 'account_category', 'institution_id']).orderBy('id').execute();
    expect(accounts.map((a) => a.account_type).sort()).toEqual(['credit_card', 'normal', 'normal', 'sink_fund']);
    expect(accounts.every((a) => a.institution_id !== null)).toBe(true);
    const envelopes = await scope.selectFrom('sink_fund_allocations').select(['id', 'bank_account_id']).execute();
    expect(envelopes.length).toBeGreaterThanOrEqual(3);
    expect(envelopes.every((e) => e.bank_account_id === demo.sinkFundAccountId)).toBe(true);

    const settings = await scope.selectFrom('settings').selectAll().executeTakeFirstOrThrow();
    expect(settings).toMatchObject({ family_type: 'couple', husband: 'Alex', wife: 'Sam', primary_budget_account_id: demo.primaryAccountId });

    // A few hundred transactions in every past month, each allocated to the budget that covers its date.
    const monthly = await scope
      .selectFrom('transactions')
      .innerJoin('budgets', (join) =>
        join.onRef('transactions.transaction_date', '>=', 'budgets.start_date').onRef('transactions.transaction_date', '<=', 'budgets.end_date'),
      )
      .select(['budgets.id', sql<number>`count(*)`.as('n')])
      .where('budgets.status', '=', 'closed')
      .groupBy('budgets.id')
      .execute();
    expect(monthly).toHaveLength(12);
    for (const row of monthly) expect(Number(row.n)).toBeGreaterThanOrEqual(200);
    const misplaced = await scope
      .selectFrom('transactions')
      .innerJoin('allocations', 'allocations.id', 'transactions.allocation_id')
      .innerJoin('budgets', 'budgets.id', 'allocations.budget_id')
      .select(sql<number>`count(*)`.as('n'))
      .where((eb) => eb.or([eb('transactions.transaction_date', '<', eb.ref('budgets.start_date')), eb('transactions.transaction_date', '>', eb.ref('budgets.end_date'))]))
      .executeTakeFirstOrThrow();
    expect(Number(misplaced.n)).toBe(0);
    const future = await scope.selectFrom('transactions').select('id').where('transaction_date', '>', TODAY).execute();
    expect(future).toHaveLength(0);
    const envelopeRows = await scope.selectFrom('transactions').select('id').where('sink_fund_allocation_id', 'is not', null).execute();
    expect(envelopeRows.length).toBeGreaterThan(12);

    // The credit card: everything before the current budget is paid (nothing to carry forward); some charges now are not.
    const unpaid = await scope.selectFrom('transactions').select(['transaction_date', 'bank_account_id']).where('status', '=', 'unpaid').execute();
    expect(unpaid.length).toBeGreaterThan(0);
    expect(unpaid.every((t) => t.bank_account_id === demo.creditCardAccountId && t.transaction_date >= '2026-03-01')).toBe(true);

    // Checkpoints as closing every past budget leaves them: closing_balance = opening + net up to closing_date.
    const checkpoints = await scope
      .selectFrom('bank_accounts')
      .leftJoin('transactions', (join) =>
        join.onRef('transactions.bank_account_id', '=', 'bank_accounts.id').onRef('transactions.transaction_date', '<=', 'bank_accounts.closing_date'),
      )
      .select([
        'bank_accounts.id',
        'bank_accounts.opening_balance',
        'bank_accounts.closing_balance',
        'bank_accounts.closing_date',
        sql<number>`coalesce(sum(transactions.deposit_amount - transactions.withdrawal_amount), 0)`.as('net'),
      ])
      .groupBy(['bank_accounts.id', 'bank_accounts.opening_balance', 'bank_accounts.closing_balance', 'bank_accounts.closing_date'])
      .execute();
    expect(checkpoints).toHaveLength(4);
    for (const account of checkpoints) {
      expect(account.closing_date).toBe(addDays('2026-03-01', -1));
      expect(Number(account.closing_balance)).toBe(Number(account.opening_balance) + Number(account.net));
      expect(Number(account.net)).not.toBe(0);
    }

    // The demo user signs in and sees the household.
    const signIn = await ctx.server.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email: 'demo@example.com', password: 'demo password 1' } });
    expect(signIn.json()).toMatchObject({ data: { household_id: demo.householdId, household_name: 'Demo Family' } });
    const headers = { 'access-token': String(signIn.headers['access-token']), client: String(signIn.headers.client), uid: 'demo@example.com' };
    expect(await call(ctx.server, null, { method: 'GET', url: '/settings', headers })).toMatchObject({ status: 200, body: { primary_budget_account_id: demo.primaryAccountId } });
  });

  it('sizes every budget and the primary window for benchmarks', async () => {
    const demo = await seedDemoHousehold(ctx.server.db, {
      householdName: 'Benchmark',
      email: 'bench@example.com',
      password: 'bench password 1',
      today: TODAY,
      allocationsPerBudget: 300,
      windowTransactions: 2000,
      pastBudgets: 2,
      futureBudgets: 1,
    });
    const scope = new HouseholdScope(ctx.server.db, demo.householdId);
    const perBudget = await scope.selectFrom('allocations').select(['budget_id', sql<number>`count(*)`.as('n')]).groupBy('budget_id').execute();
    expect(perBudget.map((row) => Number(row.n))).toEqual(Array(4).fill(300));
    const window = await scope
      .selectFrom('transactions')
      .select(sql<number>`count(*)`.as('n'))
      .where('bank_account_id', '=', demo.primaryAccountId)
      .where('transaction_date', '>=', '2026-03-01')
      .where('transaction_date', '<=', '2026-03-31')
      .executeTakeFirstOrThrow();
    expect(Number(window.n)).toBe(2000);
    const small = await seedDemoHousehold(ctx.server.db, { householdName: 'Small', email: 'small@example.com', password: 'small password 1', today: TODAY, windowTransactions: 5 });
    const smallWindow = await new HouseholdScope(ctx.server.db, small.householdId)
      .selectFrom('transactions')
      .select(sql<number>`count(*)`.as('n'))
      .where('bank_account_id', '=', small.primaryAccountId)
      .where('transaction_date', '>=', '2026-03-01')
      .executeTakeFirstOrThrow();
    expect(Number(smallWindow.n)).toBe(5);
  });

  it('refuses an existing household name or email and writes nothing', async () => {
    const before = await ctx.server.db.selectFrom('households').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    await expect(seedDemoHousehold(ctx.server.db, { householdName: 'Demo Family', email: 'new@example.com', password: 'demo password 1', today: TODAY })).rejects.toThrow(
      'Household "Demo Family" already exists',
    );
    await expect(seedDemoHousehold(ctx.server.db, { householdName: 'Another', email: 'DEMO@example.com', password: 'demo password 1', today: TODAY })).rejects.toThrow(
      'Email has already been taken',
    );
    const after = await ctx.server.db.selectFrom('households').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
