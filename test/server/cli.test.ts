import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { runCli } from '../../server/cli';
import { connectDatabase, type Dialect } from '../../server/db/connect';
import { verifyPassword } from '../../server/services/passwords';
import { scratchPostgres, testDialects } from '../support/testServer';

// The demo command writes thousands of rows; on a busy machine that takes longer than jest's default.
jest.setTimeout(120_000);

describe.each(testDialects)('command-line tool on %s', (dialect: Dialect) => {
  let url: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    if (dialect === 'postgres') {
      const scratch = await scratchPostgres();
      url = scratch.url;
      cleanup = scratch.drop;
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'everycent-cli-'));
      url = `sqlite:${path.join(dir, 'cli.db')}`;
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  afterAll(() => cleanup());

  const run = (...args: string[]) => runCli(args, { DATABASE_URL: url });
  async function query<T>(work: (db: ReturnType<typeof connectDatabase>['db']) => Promise<T>): Promise<T> {
    const database = connectDatabase(url);
    try {
      return await work(database.db);
    } finally {
      await database.destroy();
    }
  }

  it('user:add migrates the database, creates the household and the user, and joins an existing household', async () => {
    const first = await run('user:add', '--household', 'The Okafors', '--email', 'Ada@Example.com', '--password', 'a long password', '--name', 'Ada');
    expect(first.code).toBe(0);
    expect(first.output).toContain('ada@example.com');
    const second = await run('user:add', '--household', 'The Okafors', '--email', 'ben@example.com', '--password', 'another long one');
    expect(second.code).toBe(0);
    const users = await query((db) =>
      db.selectFrom('users').innerJoin('households', 'households.id', 'users.household_id').select(['users.email', 'users.name', 'users.password_hash', 'households.name as household']).orderBy('users.id').execute(),
    );
    expect(users.map(({ email, name, household }) => ({ email, name, household }))).toEqual([
      { email: 'ada@example.com', name: 'Ada', household: 'The Okafors' },
      { email: 'ben@example.com', name: 'ben', household: 'The Okafors' },
    ]);
    expect(users[0].password_hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('a long password', users[0].password_hash)).toBe(true);
  });

  it('user:add refuses bad input with a clear message, a non-zero exit and no new rows', async () => {
    const count = () => query(async (db) => Number((await db.selectFrom('users').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n));
    const before = await count();
    expect(await run('user:add', '--household', 'X', '--email', 'ada@example.com', '--password', 'a long password')).toEqual({ code: 1, output: 'Error: Email has already been taken' });
    expect(await run('user:add', '--household', 'X', '--email', 'new@example.com', '--password', 'short')).toEqual({ code: 1, output: 'Error: Password must be at least 10 characters' });
    expect(await run('user:add', '--household', 'X', '--email', 'not-an-email', '--password', 'a long password')).toEqual({ code: 1, output: 'Error: Email is not valid' });
    const missing = await run('user:add', '--email', 'new@example.com', '--password', 'a long password');
    expect(missing.code).toBe(2);
    expect(missing.output).toMatch(/^--household is required/);
    const unknownOption = await run('user:add', '--household', 'X', '--email', 'new@example.com', '--password', 'a long password', '--admin');
    expect(unknownOption.code).toBe(2);
    const unknownCommand = await run('user:remove');
    expect(unknownCommand.code).toBe(2);
    expect(unknownCommand.output).toContain('Unknown command "user:remove"');
    expect(await count()).toBe(before);
  });

  it('demo creates a household with budgets, categories, accounts and transactions', async () => {
    const result = await run('demo', '--email', 'demo@example.com', '--password', 'demo password 1', '--household', 'CLI Demo', '--allocations', '40', '--window-transactions', '300');
    expect(result.code).toBe(0);
    expect(result.output).toContain('Created demo household "CLI Demo"');
    const counts = await query(async (db) => {
      const household = await db.selectFrom('households').select('id').where('name', '=', 'CLI Demo').executeTakeFirstOrThrow();
      const countOf = async (table: 'budgets' | 'allocation_categories' | 'bank_accounts' | 'transactions' | 'allocations') =>
        Number((await db.selectFrom(table).select(sql<number>`count(*)`.as('n')).where('household_id', '=', household.id).executeTakeFirstOrThrow()).n);
      return {
        budgets: await countOf('budgets'),
        categories: await countOf('allocation_categories'),
        accounts: await countOf('bank_accounts'),
        allocations: await countOf('allocations'),
        transactions: await countOf('transactions'),
      };
    });
    expect(counts.budgets).toBe(15);
    expect(counts.categories).toBe(8);
    expect(counts.accounts).toBe(4);
    expect(counts.allocations).toBe(15 * 40);
    expect(counts.transactions).toBeGreaterThan(2000);
    expect((await run('demo', '--email', 'other@example.com', '--password', 'demo password 1', '--allocations', 'many')).code).toBe(2);
  });

  it('totals:check compares every stored sum with the transactions; --rebuild makes the ones that differ agree', async () => {
    // The demo above wrote thousands of rows through the triggers: every sum agrees.
    const clean = await run('totals:check');
    expect(clean.code).toBe(0);
    expect(clean.output).toMatch(/^allocation_spending: \d+ sums agree with the transactions\.$/m);
    expect(clean.output).not.toContain('differ');

    const allocationId = await query(async (db) => {
      const row = await db.selectFrom('allocation_spending').select('allocation_id').where('spent', '<>', 0).orderBy('allocation_id').executeTakeFirstOrThrow();
      await sql`update allocation_spending set spent = spent + 6000 where allocation_id = ${row.allocation_id}`.execute(db);
      await sql`delete from account_months`.execute(db);
      return row.allocation_id;
    });
    const found = await run('totals:check');
    expect(found.code).toBe(1);
    expect(found.output).toMatch(new RegExp(`^allocation_spending: 1 of \\d+ sums differ from the transactions:\n  allocation_id ${allocationId}: stored -?\\d+, transactions -?\\d+$`, 'm'));
    expect(found.output).toMatch(/^account_months: (\d+) of \1 sums differ/m);
    expect(found.output).toContain('totals:check --rebuild');

    const rebuilt = await run('totals:check', '--rebuild');
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.output).toMatch(/^allocation_spending: 1 of \d+ sums differ from the transactions \(rebuilt\):/m);
    const after = await run('totals:check');
    expect(after.code).toBe(0);
    expect(after.output).not.toContain('differ');
    expect(await run('totals:check', '--repair')).toMatchObject({ code: 2 });
  });
});
