/**
 * Scale benchmark: does every route stay as quick with a household's whole history as with a demo?
 *
 * Seeds three households with the app's own demo seeder (`seedDemoHousehold`, which writes in chunks): the demo
 * (about one year), five years and fifteen years of monthly budgets (64 allocations each, the demo's accounts
 * with a credit card and a sink fund, plus two more accounts opened through the API), all in one database, each
 * like a household that imports every account: entries on most days in the current account, the card and
 * savings (`dailyEntries`: about 69,000 transactions and 15,500 account-days at fifteen years). The planner's
 * statistics are the app's own: on PostgreSQL autovacuum is turned off for every table of the scratch database,
 * each seeded household is followed by what a household import runs (`refreshStatistics`), and the timed writes
 * run the app's own refresh as they would. Then times every read route and the main write routes in-process
 * (`inject`: the server's own time, no network), prints the median of each per size and the growth from one size
 * to the next, and checks the goals at the largest size: every read ≤ 20 ms and every write ≤ 100 ms at the
 * median. Last, the server's memory under repeated rounds of every read and write (after a full collection when
 * run with `--expose-gc`, as `npm run bench:scale` does).
 *
 *   npm run bench:scale                                       SQLite, a fresh file in the temp folder
 *   npm run bench:scale -- --database-url postgres://…/scratch PostgreSQL (a scratch database: it is filled)
 *   npm run bench:scale -- --quick                            fewer runs, and no five-year household
 *   npm run bench:scale -- --screens                          the main screens in Chromium instead (see
 *                                                             scripts/bench-scale-screens.ts)
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { addDays, today as todayIn } from '../src/shared/dates';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connectDatabase } from '../server/db/connect';
import { isPostgres } from '../server/db/dialect';
import { migrateToLatest } from '../server/db/migrate';
import type { Database } from '../server/db/schema';
import { refreshStatistics } from '../server/db/statistics';
import { type DemoHousehold, seedDemoHousehold } from '../server/demo/seed';
import { UNDO_WINDOW } from '../server/services/activity/undoWindow';
import { WINDOW_LOCK_HEADER } from '../src/shared/schemas/transactions';

const READ_GOAL_MS = 20;
const WRITE_GOAL_MS = 100;
const ALLOCATIONS = 64;
const PASSWORD = 'benchmark password';

const quick = process.argv.includes('--quick');
const option = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const RUNS = quick ? 5 : 15;
const MEMORY_ROUNDS = Number(option('memory-rounds') ?? (quick ? 6 : 20));
const IMPORT_ROWS = 500;
const SIZES: Array<{ label: string; pastBudgets: number }> = [
  { label: '1 year', pastBudgets: 12 },
  ...(quick ? [] : [{ label: '5 years', pastBudgets: 60 }]),
  { label: '15 years', pastBudgets: 180 },
];

type Headers = Record<string, string>;

interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
}
/**
 * What the routes are called through: the app in this process (`inject`, the server's own time), or a server in
 * another process over HTTP (the memory rounds: the server's memory without this process's seeding and answers).
 */
interface Server {
  inject(request: { method: string; url: string; headers?: Headers; payload?: object }): Promise<Answer>;
}

/** A server in another process, called over HTTP as a browser would. */
function overHttp(base: string): Server {
  return {
    async inject({ method, url, headers, payload }) {
      const response = await fetch(base + url, {
        method,
        headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
        body: payload ? JSON.stringify(payload) : undefined,
      });
      return { statusCode: response.status, body: await response.text(), headers: Object.fromEntries(response.headers) };
    },
  };
}
interface Household {
  label: string;
  demo: DemoHousehold;
  headers: Headers;
  /** The newest page's `next_cursor` (keyset paging), when the server answers one. */
  searchCursor?: number;
}

async function signIn(app: Server, email: string): Promise<Headers> {
  const response = await app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email, password: PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`sign in failed: ${response.body}`);
  return Object.fromEntries(['access-token', 'client', 'expiry', 'token-type', 'uid'].map((name) => [name, String(response.headers[name])]));
}

async function call<T>(app: Server, headers: Headers, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const started = performance.now();
  const response = await app.inject({ method, url, headers, payload });
  const ms = performance.now() - started;
  // light-my-request releases a response in a later turn of the event loop, and SQLite's driver never yields
  // one: without this the process holds every answer, and the collector's growing work slows later routes.
  await new Promise((resolve) => setImmediate(resolve));
  if (response.statusCode >= 300) throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
  const type = String(response.headers['content-type'] ?? '');
  return { ms, body: (type.startsWith('application/json') ? JSON.parse(response.body) : response.body) as T, headers: response.headers };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** GET routes, by name; each size fills in its own ids. */
function reads(h: Household, today: string): Record<string, string> {
  const d = h.demo;
  return {
    'budget list': '/budgets',
    'current budget id': '/budgets/current',
    budget: `/budgets/${d.currentBudgetId}`,
    'future budgets': '/budgets/future',
    'window (current account)': `/transactions?bank_account_id=${d.primaryAccountId}&budget_id=${d.currentBudgetId}`,
    'window (credit card)': `/transactions?bank_account_id=${d.creditCardAccountId}&budget_id=${d.currentBudgetId}`,
    'quick-add choices': `/transactions/one/choices?date=${today}`,
    'last update': '/transactions/last_update',
    'sink-fund envelope rows': `/transactions/by_sink_fund_allocation?sink_fund_allocation_id=${d.sinkFundAllocationIds[0]}`,
    'search: newest page': '/transactions/search',
    'search: page 20': '/transactions/search?page=20',
    ...(h.searchCursor ? { 'search: next page by cursor': `/transactions/search?cursor=${h.searchCursor}` } : {}),
    'search: common word': `/transactions/search?q=${encodeURIComponent('coffee')}`,
    'search: rare word': `/transactions/search?q=${encodeURIComponent('annual renewal')}`,
    'search: amount': '/transactions/search?q=42.00',
    'search: one budget': `/transactions/search?budget_id=${d.closedBudgetIds[0] ?? d.currentBudgetId}`,
    'search: by description': '/transactions/search?sort=description',
    'account balances': '/account_balances',
    'bank accounts': '/bank_accounts',
    'sink funds': '/sink_funds',
    'sink fund': `/sink_funds/${d.sinkFundAccountId}`,
    activity: '/activity',
    'special events': '/special_events',
    settings: '/settings',
    'report: net worth (12)': '/reports/net_worth',
    'report: needs vs wants (12)': '/reports/needs_vs_wants',
    'report: category spending (12)': '/reports/category_spending',
    'report: needs vs wants (all)': '/reports/needs_vs_wants?from=1990-01',
    'report: category spending (all)': '/reports/category_spending?from=1990-01',
    'report: net worth (all)': '/reports/net_worth?from=1990-01',
  };
}

interface Allocation {
  id: number;
  name: string;
}
interface WindowRow {
  id: number;
  description: string | null;
  lock_version?: number;
}

/**
 * Main write routes: each is timed as a person makes it, and undone where it would pile up. The bank file has
 * IMPORT_ROWS rows, or `bankFileRows` of the run (bank files differ in length from month to month).
 */
async function writes(app: Server, h: Household, today: string, runs = RUNS, bankFileRows = (_run: number) => IMPORT_ROWS): Promise<Record<string, number[]>> {
  const d = h.demo;
  const times: Record<string, number[]> = {
    'quick add': [],
    'window save (one row changed)': [],
    [`import ${IMPORT_ROWS} rows`]: [],
    [`save deleting ${IMPORT_ROWS} rows`]: [],
    transfer: [],
    'budget save': [],
    'copy budget': [],
    'close budget': [],
    'reopen last budget': [],
    suggestions: [],
  };
  const budget = await call<{ lock_version: number; allocations: Allocation[] }>(app, h.headers, 'GET', `/budgets/${d.currentBudgetId}`);
  const allocation = budget.body.allocations[0];
  const newest = await call<Array<{ id: number }>>(app, h.headers, 'GET', '/budgets');
  for (let i = 0; i < runs; i++) {
    times['quick add'].push(
      (await call(app, h.headers, 'POST', '/transactions/one', {
        bank_account_id: d.primaryAccountId,
        transaction_date: today,
        description: `Bench quick add ${i}`,
        withdrawal_amount: 123,
        allocation_id: allocation.id,
      })).ms,
    );
    const window = await call<WindowRow[]>(app, h.headers, 'GET', `/transactions?bank_account_id=${d.primaryAccountId}&budget_id=${d.currentBudgetId}`);
    const rows = window.body.map((row) => (row === window.body[window.body.length - 1] ? { ...row, description: `Edited ${i}` } : row));
    times['window save (one row changed)'].push(
      (await call(app, h.headers, 'POST', '/transactions', { bank_account_id: d.primaryAccountId, budget_id: d.currentBudgetId, transactions: rows })).ms,
    );
    // A bank file of 500 rows imported into the window, then a save that deletes them again: the window is the
    // same size at every history length.
    const before = await call<WindowRow[]>(app, h.headers, 'GET', `/transactions?bank_account_id=${d.primaryAccountId}&budget_id=${d.currentBudgetId}`);
    const bankFile = Array.from({ length: bankFileRows(i) }, (_, k) => ({
      transaction_date: today,
      description: `Bench import ${i}-${k}`,
      withdrawal_amount: 100 + k,
      deposit_amount: 0,
      bank_ref: `BENCH-${h.label}-${i}-${k}`,
    }));
    const imported = await call<WindowRow[]>(app, h.headers, 'POST', '/transactions', {
      bank_account_id: d.primaryAccountId,
      budget_id: d.currentBudgetId,
      window_lock_version: Number(before.headers[WINDOW_LOCK_HEADER]),
      transactions: [...before.body, ...bankFile],
    });
    times[`import ${IMPORT_ROWS} rows`].push(imported.ms);
    times[`save deleting ${IMPORT_ROWS} rows`].push(
      (await call(app, h.headers, 'POST', '/transactions', {
        bank_account_id: d.primaryAccountId,
        budget_id: d.currentBudgetId,
        window_lock_version: Number(imported.headers[WINDOW_LOCK_HEADER]),
        transactions: imported.body.filter((row) => !row.description?.startsWith('Bench import ')),
      })).ms,
    );
    times.transfer.push(
      (await call(app, h.headers, 'POST', `/bank_accounts/${d.primaryAccountId}/transfer`, { to: d.savingsAccountId, amount: 100, date: today, budget_id: d.currentBudgetId, description: `Bench transfer ${i}` })).ms,
    );
    const current = await call<{ lock_version: number }>(app, h.headers, 'GET', `/budgets/${d.currentBudgetId}`);
    times['budget save'].push((await call(app, h.headers, 'PUT', `/budgets/${d.currentBudgetId}`, { lock_version: current.body.lock_version })).ms);
    const copied = await call<{ id: number }>(app, h.headers, 'PUT', `/budgets/${newest.body[0].id}/copy`);
    times['copy budget'].push(copied.ms);
    await call(app, h.headers, 'DELETE', `/budgets/${copied.body.id}`);
    times['close budget'].push((await call(app, h.headers, 'PUT', `/budgets/${d.currentBudgetId}/close`)).ms);
    times['reopen last budget'].push((await call(app, h.headers, 'POST', '/budgets/reopen_last_budget')).ms);
    times.suggestions.push(
      (await call(app, h.headers, 'POST', '/transactions/suggestions', { budget_id: d.currentBudgetId, descriptions: ['Fresh Market', 'City Motors - annual service', 'Something new'] })).ms,
    );
  }
  return times;
}

/**
 * No autovacuum in the scratch database (every table's own setting, nothing of the server's changes): the
 * statistics the routes are timed with are the ones the app keeps itself (server/db/statistics.ts).
 */
async function autovacuumOff(db: Kysely<Database>) {
  const tables = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db);
  for (const { name } of tables.rows) await sql`alter table ${sql.id(name)} set (autovacuum_enabled = false, toast.autovacuum_enabled = false)`.execute(db);
  console.log(`PostgreSQL: autovacuum off for the ${tables.rows.length} tables of this database`);
}

/** This process's memory (MB): heap in use and resident, after a full collection (`--expose-gc`). */
function memoryNow() {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc (npm run bench:scale does)');
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  return { 'heap MB': Number((heapUsed / 1024 / 1024).toFixed(1)), 'RSS MB': Number((rss / 1024 / 1024).toFixed(1)) };
}

interface MemoryRun {
  rounds: number;
  databaseUrl: string;
  today: string;
  households: Array<Omit<Household, 'headers'> & { email: string }>;
}
type MemoryRound = { round: number; requests: number } & ReturnType<typeof memoryNow>;

/** The server of the memory rounds: the app alone in its process, on a port; it measures itself when asked. */
async function memoryServer(databaseUrl: string) {
  const database = connectDatabase(databaseUrl);
  const app = await buildApp({ db: database.db, config: { ...loadConfig({}), staticDir: null, databaseUrl, timeZone: 'UTC' }, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', async (message) => {
    if (message === 'measure') {
      process.send!(memoryNow());
      return;
    }
    await app.close();
    await database.destroy();
    process.exit(0);
  });
}

/**
 * The server's memory under repeated reads and writes, in a process that only serves (this one holds the
 * seeding's high-water mark), called over HTTP: rounds of every read route of every household and the main
 * writes on the largest (each undone or deleted again, as in `writes`), its memory after each. Flat means the
 * server keeps nothing per request.
 */
async function memoryRounds(run: MemoryRun): Promise<MemoryRound[]> {
  const child = fork(__filename, ['--memory-server', run.databaseUrl], { execArgv: [...process.execArgv, '--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the server process exited with ${code}`));
      child.once('exit', exited);
      child.once('message', (message) => {
        child.off('exit', exited);
        resolve(message as T);
      });
    });
  const { port } = await next<{ port: number }>();
  const measure = () => {
    const answer = next<ReturnType<typeof memoryNow>>();
    child.send('measure');
    return answer;
  };
  try {
    const server = overHttp(`http://127.0.0.1:${port}`);
    const households: Household[] = [];
    for (const household of run.households) households.push({ ...household, headers: await signIn(server, household.email) });
    const rounds: MemoryRound[] = [{ round: 0, requests: 0, ...(await measure()) }];
    let requests = 0;
    for (let round = 1; round <= run.rounds; round++) {
      for (const household of households) {
        for (const url of Object.values(reads(household, run.today))) {
          await call(server, household.headers, 'GET', url);
          requests++;
        }
      }
      // A bank file of another length each round (301 to 499 rows), as months differ.
      const written = await writes(server, households[households.length - 1], run.today, 1, () => 300 + ((round * 37) % 200));
      requests += Object.keys(written).length;
      rounds.push({ round, requests, ...(await measure()) });
    }
    return rounds;
  } finally {
    child.send('stop');
  }
}

function printMemory(rounds: MemoryRound[]) {
  console.log(`\nServer memory under repeated reads and writes (its own process, over HTTP; ${rounds.length - 1} rounds: every read of every household, then the writes on the largest; after a full collection)`);
  console.table(rounds);
  const first = rounds[1];
  const last = rounds[rounds.length - 1];
  console.log(`heap ${first['heap MB']} → ${last['heap MB']} MB, RSS ${first['RSS MB']} → ${last['RSS MB']} MB from round 1 to round ${last.round} (${last.requests - first.requests} more requests)`);
}

/** What undo keeps, and the database's size (SQLite: the file with its write-ahead log). */
async function storage(db: Kysely<Database>, file: string) {
  const undo = await db.selectFrom('activities').select((eb) => [eb.fn.countAll<number>().as('entries'), sql<number>`coalesce(sum(length(undo)), 0)`.as('bytes')]).where('undo', 'is not', null).executeTakeFirstOrThrow();
  const keys = await db.selectFrom('activity_rows').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const size = isPostgres(db)
    ? Number((await sql<{ size: number }>`select pg_database_size(current_database()) as size`.execute(db)).rows[0].size)
    : ['', '-wal'].reduce((sum, suffix) => sum + (existsSync(file + suffix) ? statSync(file + suffix).size : 0), 0);
  const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
  return { 'entries keeping undo data': Number(undo.entries), 'undo data MB': mb(Number(undo.bytes)), 'row keys': Number(keys.n), 'database MB': mb(size) };
}

async function main() {
  const given = option('database-url') ?? process.env.DATABASE_URL;
  const file = path.join(os.tmpdir(), `everycent-scale-${randomBytes(4).toString('hex')}.db`);
  const databaseUrl = given || `sqlite:${file}`;
  const label = given ? 'PostgreSQL' : `SQLite (${file})`;
  const database = connectDatabase(databaseUrl);
  await migrateToLatest(database.db);
  const today = todayIn('UTC');
  console.log(`load average before: ${os.loadavg().map((load) => load.toFixed(2)).join(', ')} (figures are only comparable on a quiet machine: under 2)`);
  if (isPostgres(database.db)) await autovacuumOff(database.db);

  const config = { ...loadConfig({}), staticDir: null, databaseUrl, timeZone: 'UTC' };
  const app = await buildApp({ db: database.db, config, logger: false });
  await app.ready();
  const households: Household[] = [];
  const emails = new Map<string, string>();
  try {
    for (const size of SIZES) {
      const started = performance.now();
      const email = `scale-${randomBytes(4).toString('hex')}@example.com`;
      const demo = await seedDemoHousehold(database.db, {
        householdName: `Scale ${size.label} ${randomBytes(2).toString('hex')}`,
        email,
        password: PASSWORD,
        today,
        pastBudgets: size.pastBudgets,
        allocationsPerBudget: ALLOCATIONS,
        dailyEntries: true,
      });
      // The seed writes a whole household at once, as a household import does: the same statistics refresh.
      await refreshStatistics(database.db, { everyTable: true });
      const headers = await signIn(app, email);
      emails.set(size.label, email);
      // Two more accounts, opened through the API as a person would: six in all.
      for (const name of ['Joint Savings', 'Holiday Account']) {
        await call(app, headers, 'POST', '/bank_accounts', {
          name,
          account_type: 'normal',
          account_category: 'asset',
          opening_date: addDays(today, -1),
          opening_balance: 100000,
        });
      }
      const newest = await call<{ next_cursor?: number | null }>(app, headers, 'GET', '/transactions/search');
      households.push({ label: size.label, demo, headers, searchCursor: newest.body.next_cursor ?? undefined });
      console.log(
        `${label}: seeded ${size.label}: ${demo.budgetIds.length} budgets × ${ALLOCATIONS} allocations, ${demo.transactionCount.toLocaleString('en-US')} transactions in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }

    // One pass over every route first, so the first household does not pay for the process warming up.
    for (const household of households) for (const url of Object.values(reads(household, today))) await call(app, household.headers, 'GET', url);
    const readMedians = new Map<string, number[]>();
    for (const household of households) {
      for (const [name, url] of Object.entries(reads(household, today))) {
        await call(app, household.headers, 'GET', url);
        const ms: number[] = [];
        for (let i = 0; i < RUNS; i++) ms.push((await call(app, household.headers, 'GET', url)).ms);
        readMedians.set(name, [...(readMedians.get(name) ?? []), median(ms)]);
      }
    }
    const stored = [{ when: 'before the writes', ...(await storage(database.db, file)) }];
    const writeMedians = new Map<string, number[]>();
    for (const household of households) {
      for (const [name, ms] of Object.entries(await writes(app, household, today))) writeMedians.set(name, [...(writeMedians.get(name) ?? []), median(ms)]);
    }

    const table = (medians: Map<string, number[]>, goal: number) =>
      [...medians].map(([route, ms]) => {
        const row: Record<string, string | number> = { route };
        households.forEach((h, i) => {
          row[`${h.label} ms`] = Number(ms[i].toFixed(1));
          if (i > 0) row[`× vs ${households[i - 1].label}`] = Number((ms[i] / ms[i - 1]).toFixed(2));
        });
        row[`goal ≤ ${goal} ms`] = ms[ms.length - 1] <= goal ? 'met' : 'NOT met';
        return row;
      });
    console.log(`\nReads on ${label}: median of ${RUNS} after one warm-up, server time (inject)`);
    console.table(table(readMedians, READ_GOAL_MS));
    console.log(`\nWrites on ${label}: median of ${RUNS}`);
    console.table(table(writeMedians, WRITE_GOAL_MS));
    printMemory(await memoryRounds({ rounds: MEMORY_ROUNDS, databaseUrl, today, households: households.map(({ headers: _, ...h }) => ({ ...h, email: emails.get(h.label)! })) }));
    stored.push({ when: 'after them and the memory rounds', ...(await storage(database.db, file)) });
    console.log(`\nWhat the writes left behind (${RUNS + MEMORY_ROUNDS} imports and deletes of 300 to ${IMPORT_ROWS} rows in the largest household, ${RUNS} in each other; Undo kept for each household's latest ${UNDO_WINDOW} changes)`);
    console.table(stored);
    console.log(`\nload average after: ${os.loadavg().map((load) => load.toFixed(2)).join(', ')}`);
  } finally {
    await app.close();
    await database.destroy();
    if (!given) for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
}

// `--screens`: the screens in the browser instead of the routes (scripts/bench-scale-screens.ts).
const bench = process.argv.includes('--memory-server')
  ? memoryServer(process.argv[process.argv.indexOf('--memory-server') + 1])
  : process.argv.includes('--screens')
    ? import('./bench-scale-screens').then((screens) => screens.benchScreens())
    : main();
bench.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
