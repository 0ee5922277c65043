import { migrateToLatest } from '../../server/db/migrate';
import { call, signUpAndIn, testDialects, useTestServer } from '../support/testServer';

const COMMON = ['id', 'created_at', 'updated_at'];
const OWNED = [...COMMON, 'household_id'];

/** api-and-domain.md §2, column for column. */
const DATA_MODEL: Record<string, string[]> = {
  households: [...COMMON, 'name'],
  users: [...COMMON, 'household_id', 'email', 'name', 'password_hash'],
  sessions: [...COMMON, 'user_id', 'client', 'token_hash', 'expires_at', 'last_used_at'],
  budgets: [...OWNED, 'name', 'start_date', 'end_date', 'status', 'lock_version'],
  incomes: [...OWNED, 'budget_id', 'name', 'amount', 'bank_account_id', 'comment'],
  allocation_categories: [...OWNED, 'name'],
  allocations: [...OWNED, 'budget_id', 'allocation_category_id', 'name', 'amount', 'allocation_class', 'is_fixed_amount', 'comment', 'special_event_id'],
  institutions: [...OWNED, 'name'],
  bank_accounts: [
    ...OWNED, 'name', 'institution_id', 'account_type', 'account_category', 'is_cash', 'account_no', 'opening_balance', 'closing_balance',
    'closing_date', 'status', 'import_format', 'statement_day', 'payment_due_day', 'window_lock_version',
  ],
  transactions: [
    ...OWNED, 'bank_account_id', 'transaction_date', 'description', 'withdrawal_amount', 'deposit_amount', 'allocation_id',
    'sink_fund_allocation_id', 'status', 'brought_forward_status', 'bank_ref', 'is_manual_adjustment',
  ],
  sink_fund_allocations: [...OWNED, 'bank_account_id', 'name', 'amount', 'comment', 'status'],
  special_events: [...OWNED, 'name', 'budget_amount', 'start_date'],
  settings: [
    ...OWNED, 'family_type', 'husband', 'wife', 'single_person', 'primary_budget_account_id',
    'default_allocation_category_id_for_special_events', 'lock_version',
  ],
};

describe.each(testDialects)('a fresh install on %s', (dialect) => {
  const ctx = useTestServer(dialect, { signIn: false });

  it('has every table and column of the data model, and migrating again is harmless', async () => {
    await migrateToLatest(ctx.server.db);
    const tables = new Map((await ctx.server.db.introspection.getTables()).map((t) => [t.name, t.columns.map((c) => c.name)]));
    for (const [table, columns] of Object.entries(DATA_MODEL)) {
      expect({ table, missing: columns.filter((c) => !tables.get(table)?.includes(c)) }).toEqual({ table, missing: [] });
    }
  });

  it('enforces foreign keys and case-insensitive unique names', async () => {
    const user = await signUpAndIn(ctx.server);
    // Matched by message: better-sqlite3's errors fail jest's Error check once a second suite runs in the same worker.
    await expect(
      user.scope.insertInto('transactions').values({ household_id: user.householdId, bank_account_id: 999999, transaction_date: '2026-01-01', description: 'x', bank_ref: 'r' }).execute(),
    ).rejects.toHaveProperty('message', expect.stringMatching(/foreign key/i));
    await user.scope.insertInto('allocation_categories').values({ household_id: user.householdId, name: 'Groceries' }).execute();
    await expect(user.scope.insertInto('allocation_categories').values({ household_id: user.householdId, name: 'GROCERIES' }).execute()).rejects.toHaveProperty(
      'message',
      expect.stringMatching(/unique/i),
    );
  });

  it('answers the first-run status and a signed-in request end to end', async () => {
    const user = await signUpAndIn(ctx.server);
    expect(await call(ctx.server, null, { method: 'GET', url: '/setup/status' })).toMatchObject({ status: 200, body: { needs_household: false } });
    expect(await call(ctx.server, user, { method: 'GET', url: '/auth/validate_token' })).toMatchObject({ status: 200, body: { success: true } });
  });
});
