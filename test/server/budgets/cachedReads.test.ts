import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Budget, FutureBudget } from '../../../src/shared/schemas/budgets';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { connectDatabase, type DatabaseHandle, type Dialect } from '../../../server/db/connect';
import { migrateToLatest } from '../../../server/db/migrate';
import { HOUSEHOLD_TABLES } from '../../../server/db/schema';
import { HouseholdScope } from '../../../server/db/scope';
import { futureBudgets, listBudgets, readBudget } from '../../../server/services/budgets/budgetReads';
import { addUser } from '../../../server/services/households';
import {
  createAllocation,
  createBankAccount,
  createBudget,
  createCategory,
  createIncome,
  createSpecialEvent,
  createTransaction,
} from '../../support/builders';
import { type AuthHeaders, DEFAULT_PASSWORD, scratchPostgres, testDialects } from '../../support/testServer';

/** Two app instances on one database, as two server processes behind one address would be. */
interface Pair {
  first: FastifyInstance;
  second: FastifyInstance;
  databases: DatabaseHandle[];
  close(): Promise<void>;
}

async function startPair(dialect: Dialect): Promise<Pair> {
  const scratch = dialect === 'postgres' ? await scratchPostgres() : undefined;
  const file = path.join(os.tmpdir(), `everycent-pair-${randomBytes(4).toString('hex')}.db`);
  const url = scratch ? scratch.url : `sqlite:${file}`;
  const databases = [connectDatabase(url), connectDatabase(url)];
  await migrateToLatest(databases[0].db);
  const config = { ...loadConfig({}), staticDir: null, timeZone: 'UTC' };
  const [first, second] = await Promise.all(databases.map((database) => buildApp({ db: database.db, config })));
  return {
    first,
    second,
    databases,
    close: async () => {
      await Promise.all([first.close(), second.close()]);
      await Promise.all(databases.map((database) => database.destroy()));
      await scratch?.drop();
      if (!scratch) for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    },
  };
}

interface Household {
  headers: AuthHeaders;
  scope: HouseholdScope;
}

async function household(pair: Pair): Promise<Household> {
  const email = `${randomBytes(5).toString('hex')}@example.com`;
  const db = pair.databases[0].db;
  const { householdId } = await addUser(db, { householdName: `Household ${email}`, email, password: DEFAULT_PASSWORD, name: 'Tester' });
  const response = await pair.first.inject({ method: 'POST', url: '/auth/sign_in', payload: { email, password: DEFAULT_PASSWORD } });
  const headers = Object.fromEntries(
    (['access-token', 'client', 'expiry', 'token-type', 'uid'] as const).map((name) => [name, String(response.headers[name])]),
  ) as AuthHeaders;
  return { headers, scope: new HouseholdScope(db, householdId) };
}

const revisionOf = async (scope: HouseholdScope) =>
  (await scope.db.selectFrom('households').select('revision').where('id', '=', scope.householdId).executeTakeFirstOrThrow()).revision;

describe.each(testDialects)('cached budget reads on %s', (dialect) => {
  let pair: Pair;
  let user: Household;
  beforeAll(async () => {
    pair = await startPair(dialect);
  });
  beforeEach(async () => {
    user = await household(pair);
  });
  afterAll(() => pair.close());

  const get = async <T>(app: FastifyInstance, who: Household, url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: who.headers });
    return { status: response.statusCode, body: JSON.parse(response.body) as T, type: response.headers['content-type'] };
  };

  it('answers a repeated read with exactly what building it afresh gives', async () => {
    const budget = await createBudget(user.scope, '2026-03-01');
    await createBudget(user.scope, '2026-04-01');
    const category = await createCategory(user.scope);
    const allocation = await createAllocation(user.scope, budget.id, category.id, { amount: 12_345 });
    await createIncome(user.scope, budget.id);
    await createTransaction(user.scope, (await createBankAccount(user.scope)).id, '2026-03-02', { allocation_id: allocation.id });

    for (const [url, build] of [
      [`/budgets/${budget.id}`, () => readBudget(user.scope, budget.id)],
      ['/budgets/future', () => futureBudgets(user.scope)],
      ['/budgets', () => listBudgets(user.scope)],
    ] as const) {
      const first = await get(pair.first, user, url);
      const repeated = await get(pair.first, user, url);
      expect(repeated).toEqual({ status: 200, body: JSON.parse(JSON.stringify(await build())), type: 'application/json; charset=utf-8' });
      expect(repeated.body).toEqual(first.body);
    }
  });

  it("shows another server's edit at once, though this server had the budget cached", async () => {
    const budget = await createBudget(user.scope, '2026-03-01');
    const category = await createCategory(user.scope);
    const allocation = await createAllocation(user.scope, budget.id, category.id, { amount: 10_000 });
    expect((await get<Budget>(pair.first, user, `/budgets/${budget.id}`)).body.allocations[0].amount).toBe(10_000);

    const edit = await pair.second.inject({
      method: 'PUT',
      url: `/budgets/${budget.id}`,
      headers: user.headers,
      payload: { lock_version: 0, allocations: [{ id: allocation.id, amount: 25_000 }] },
    });
    expect(edit.statusCode).toBe(200);

    const after = (await get<Budget>(pair.first, user, `/budgets/${budget.id}`)).body;
    expect(after.lock_version).toBe(1);
    expect(after.allocations[0].amount).toBe(25_000);
    expect((await get<FutureBudget[]>(pair.first, user, '/budgets/future')).body[0].allocations[0].amount).toBe(25_000);
  });

  it('takes concurrent edits through both servers, and both then show every one of them', async () => {
    const budget = await createBudget(user.scope, '2026-03-01');
    const category = await createCategory(user.scope);
    const allocations = [];
    for (let i = 0; i < 8; i++) allocations.push(await createAllocation(user.scope, budget.id, category.id, { amount: 100 }));
    for (const app of [pair.first, pair.second]) await get(app, user, `/budgets/${budget.id}`);

    const edits = await Promise.all(
      allocations.map((allocation, i) =>
        (i % 2 ? pair.second : pair.first).inject({
          method: 'PUT',
          url: `/budgets/${budget.id}`,
          headers: user.headers,
          payload: { allocations: [{ id: allocation.id, amount: 1_000 + i }] },
        }),
      ),
    );

    expect(edits.map((edit) => edit.statusCode)).toEqual(allocations.map(() => 200));
    for (const app of [pair.first, pair.second]) {
      const shown = (await get<Budget>(app, user, `/budgets/${budget.id}`)).body;
      expect(shown.lock_version).toBe(allocations.length);
      expect(shown.allocations.map((a) => a.amount)).toEqual(allocations.map((_, i) => 1_000 + i));
    }
  });

  it('shows spent from a transaction written straight to the database (the CLI, another tool)', async () => {
    const budget = await createBudget(user.scope, '2026-03-01');
    const allocation = await createAllocation(user.scope, budget.id, (await createCategory(user.scope)).id);
    const account = await createBankAccount(user.scope);
    expect((await get<Budget>(pair.first, user, `/budgets/${budget.id}`)).body.allocations[0].spent).toBe(0);

    const charge = await createTransaction(user.scope, account.id, '2026-03-05', { allocation_id: allocation.id, withdrawal_amount: 4_321 });
    expect((await get<Budget>(pair.first, user, `/budgets/${budget.id}`)).body.allocations[0].spent).toBe(4_321);

    await user.scope.updateTable('transactions').set({ withdrawal_amount: 1_234 }).where('id', '=', charge.id).execute();
    expect((await get<Budget>(pair.first, user, `/budgets/${budget.id}`)).body.allocations[0].spent).toBe(1_234);

    await user.scope.deleteFrom('transactions').where('id', '=', charge.id).execute();
    expect((await get<Budget>(pair.first, user, `/budgets/${budget.id}`)).body.allocations[0].spent).toBe(0);
  });

  it("never answers from another household's cached budget", async () => {
    const owner = user;
    const intruder = await household(pair);
    const budget = await createBudget(owner.scope, '2026-03-01');
    expect((await get(pair.first, owner, `/budgets/${budget.id}`)).status).toBe(200);
    expect((await get(pair.first, owner, '/budgets')).body).toHaveLength(1);

    expect(await get(pair.first, intruder, `/budgets/${budget.id}`)).toMatchObject({ status: 404, body: { errors: ['Budget not found'] } });
    expect((await get(pair.first, intruder, '/budgets')).body).toEqual([]);
  });

  it("moves the household's revision on every committed change and on no other household's", async () => {
    const other = await household(pair);
    const budget = await createBudget(user.scope, '2026-03-01');
    const category = await createCategory(user.scope);
    const before = { user: await revisionOf(user.scope), other: await revisionOf(other.scope) };

    const income = await createIncome(user.scope, budget.id);
    await createAllocation(user.scope, budget.id, category.id);
    await createSpecialEvent(user.scope);
    await user.scope.updateTable('allocation_categories').set({ name: 'Renamed' }).where('id', '=', category.id).execute();
    await user.scope.deleteFrom('incomes').where('id', '=', income.id).execute();

    expect(await revisionOf(user.scope)).toBe(before.user + 5);
    expect(await revisionOf(other.scope)).toBe(before.other);
  });

  it('moves the revision for a statement of many rows: once on PostgreSQL (per statement), per row on SQLite', async () => {
    const budget = await createBudget(user.scope, '2026-03-01');
    const category = await createCategory(user.scope);
    await createAllocation(user.scope, budget.id, category.id);
    await createAllocation(user.scope, budget.id, category.id);
    const before = await revisionOf(user.scope);

    await user.scope.updateTable('allocations').set({ amount: 1 }).where('budget_id', '=', budget.id).execute();

    // SQLite triggers run per row; PostgreSQL's run per statement. Either way the revision moved.
    expect(await revisionOf(user.scope)).toBe(before + (dialect === 'postgres' ? 1 : 2));
  });

  it('has revision triggers on every table whose rows belong to a household', async () => {
    const db = pair.databases[0].db;
    const tables =
      dialect === 'postgres'
        ? (await sql<{ name: string }>`select table_name as name from information_schema.columns where column_name = 'household_id' and table_schema = 'public'`.execute(db)).rows
        : (await sql<{ name: string }>`select m.name from sqlite_master m, pragma_table_info(m.name) c where m.type = 'table' and c.name = 'household_id'`.execute(db)).rows;
    const triggers =
      dialect === 'postgres'
        ? (await sql<{ name: string; event: string }>`select event_object_table as name, lower(event_manipulation) as event from information_schema.triggers where trigger_name like '%bumps_revision'`.execute(db)).rows
        : (await sql<{ name: string; sql: string }>`select tbl_name as name, sql from sqlite_master where type = 'trigger' and name like '%bumps_revision'`.execute(db)).rows.map(
            (row) => ({ name: row.name, event: /after (\w+) on/i.exec(row.sql)![1].toLowerCase() }),
          );

    // The live-events log is written after a write has committed, to tell screens of it: moving the revision
    // there would make every write look like two (docs/live.md).
    const owned = tables.map((t) => t.name).filter((name) => name !== 'users' && name !== 'live_events').sort();
    expect(owned).toEqual([...HOUSEHOLD_TABLES].sort());
    for (const table of owned) {
      expect(triggers.filter((t) => t.name === table).map((t) => t.event).sort()).toEqual(['delete', 'insert', 'update']);
    }
  });
});
