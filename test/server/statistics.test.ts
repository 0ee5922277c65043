import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { refreshStatistics } from '../../server/db/statistics';
import { createTransaction } from '../support/builders';
import { call, signUpAndIn, testDialects, useTestServer } from '../support/testServer';
import { saveWindow, windowFixture } from './transactions/fixtures';

/**
 * The app keeps the planner's statistics itself after large writes (server/db/statistics.ts): SQLite with
 * `PRAGMA optimize`, PostgreSQL with ANALYZE of the tables changed enough, so neither depends on autovacuum.
 */
describe.each(testDialects)('planner statistics on %s', (dialect) => {
  const ctx = useTestServer(dialect);

  /** When each table was last analyzed: PostgreSQL's own record; SQLite's statistics rows as a stand-in. */
  async function lastAnalyzed(table: string): Promise<string | null> {
    if (dialect === 'postgres') {
      const row = await sql<{ at: string | null }>`select last_analyze::text as at from pg_stat_user_tables where relname = ${table}`.execute(ctx.server.db);
      return row.rows[0]?.at ?? null;
    }
    const kept = await sql<{ name: string }>`select name from sqlite_master where name = 'sqlite_stat1'`.execute(ctx.server.db);
    if (kept.rows.length === 0) return null;
    const row = await sql<{ stats: string | null }>`select group_concat(coalesce(idx, tbl) || ' ' || stat, ', ') as stats from sqlite_stat1 where tbl = ${table}`.execute(ctx.server.db);
    return row.rows[0]?.stats ?? null;
  }

  const rows = (count: number, day: string) =>
    Array.from({ length: count }, (_, i) => ({ transaction_date: day, description: `Imported ${i}`, withdrawal_amount: 100 + i, deposit_amount: 0, bank_ref: `IMP-${day}-${i}` }));

  it('are refreshed after an import into a window', async () => {
    const { bankAccount, budget } = await windowFixture(ctx.user.scope);
    const before = await lastAnalyzed('transactions');
    const saved = await saveWindow(ctx.server, ctx.user, { bank_account_id: bankAccount.id, budget_id: budget.id, window_lock_version: 0, transactions: rows(250, '2026-03-05') });
    expect(saved.status).toBe(200);
    const after = await lastAnalyzed('transactions');
    expect(after).not.toBeNull();
    expect(after).not.toEqual(before);
  });

  it('are refreshed for every table after a household import', async () => {
    const source = await signUpAndIn(ctx.server);
    const { bankAccount } = await windowFixture(source.scope);
    for (const day of ['2026-03-02', '2026-03-03', '2026-03-04']) await createTransaction(source.scope, bankAccount.id, day);
    const exported = await call(ctx.server, source, { method: 'GET', url: '/household/export' });
    const before = await Promise.all(['transactions', 'budgets', 'bank_accounts', 'allocations'].map(lastAnalyzed));

    const imported = await call(ctx.server, ctx.user, { method: 'POST', url: '/household/import', payload: exported.body as object });
    expect(imported.status).toBe(200);
    const after = await Promise.all(['transactions', 'budgets', 'bank_accounts', 'allocations'].map(lastAnalyzed));
    after.forEach((at, i) => expect(at).not.toEqual(before[i]));
    expect(after.every((at) => at !== null)).toBe(true);
  });

  it('are refreshed for every table after history brought from another tool', async () => {
    const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '../fixtures/history/ynab', name), 'utf8');
    const before = await Promise.all(['transactions', 'budgets', 'allocations'].map(lastAnalyzed));
    const imported = await call(ctx.server, ctx.user, { method: 'POST', url: '/household/history/import', payload: { source: 'ynab', plan: fixture('Plan.csv'), register: fixture('Register.csv') } });
    expect(imported.status).toBe(200);
    const after = await Promise.all(['transactions', 'budgets', 'allocations'].map(lastAnalyzed));
    after.forEach((at, i) => expect(at).not.toEqual(before[i]));
  });

  if (dialect === 'postgres') {
    it("analyzes a table only when enough of it changed since, by autovacuum's rule", async () => {
      await refreshStatistics(ctx.server.db, { everyTable: true });
      const analyzed = await lastAnalyzed('transactions');
      const estimated = Number((await sql<{ n: number }>`select reltuples::bigint as n from pg_class where relname = 'transactions'`.execute(ctx.server.db)).rows[0].n);
      // Fewer than 50 rows + 10 % of the table: nothing is due.
      await refreshStatistics(ctx.server.db, { transactions: 10 });
      expect(await lastAnalyzed('transactions')).toEqual(analyzed);
      await refreshStatistics(ctx.server.db, { transactions: 51 + Math.ceil(estimated / 10) });
      expect(await lastAnalyzed('transactions')).not.toEqual(analyzed);
    });
  }
});
