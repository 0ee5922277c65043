/**
 * API benchmark: a large household (36 monthly budgets of 60 allocations, 12 accounts, 50,000 transactions) on a
 * fresh SQLite file (or the PostgreSQL database in DATABASE_URL, which should be a scratch one), served by the
 * real app on a real port in a child process, loaded with autocannon from this process.
 *
 * Reports throughput and p50/p99 latency of GET /budgets/:id, /budgets/future and /budgets next to a public
 * route that returns a static JSON body the size of the budget response (the ceiling); the latency of one budget
 * read right after a change (built from the database) and of one answered from the response cache; and the time
 * of copy, close and reopen on that data; and the three reports over their default range (the last 12 budgets), one
 * request at a time. Goals: the budget read reaches half the ceiling's throughput; copy, close and reopen each finish
 * under 200 ms; each report answers in under 50 ms at the median.
 *
 *   npm run bench:api                       10 s per route, 50 connections
 *   npm run bench:api -- --duration 3       shorter runs
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Insertable } from 'kysely';
import { addDays, addMonths, budgetEndDate, budgetName, type DateOnly } from '../src/shared/dates';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connectDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import type { TransactionsTable } from '../server/db/schema';
import { HouseholdScope } from '../server/db/scope';
import { addUser } from '../server/services/households';
import { inChunks } from '../server/db/chunks';

const BUDGETS = 36;
const OPEN_BUDGETS = 6;
const ALLOCATIONS_PER_BUDGET = 60;
const INCOMES_PER_BUDGET = 4;
const ACCOUNTS = 12;
const CREDIT_CARDS = 2;
const TRANSACTIONS = 50_000;
const FIRST_START: DateOnly = '2023-01-01';
const EMAIL = 'bench@example.com';
const PASSWORD = 'benchmark password';
const STATIC_ROUTE = '/bench/static';
const CYCLE_GOAL_MS = 200;
const REPORT_GOAL_MS = 50;
const REPORT_RUNS = 15;
const REPORTS = ['/reports/net_worth', '/reports/category_spending', '/reports/needs_vs_wants', '/reports/category_spending?format=csv'];

// eslint-disable-next-line @typescript-eslint/no-require-imports -- autocannon ships no types
const autocannon = require('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<{ requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number }>;

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};

/** Deterministic pseudo-random numbers so every run seeds the same household. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

export async function seed(databaseUrl: string) {
  const database = connectDatabase(databaseUrl);
  await migrateToLatest(database.db);
  const { householdId } = await addUser(database.db, { householdName: `Bench ${randomBytes(3).toString('hex')}`, email: EMAIL, password: PASSWORD });
  const scope = new HouseholdScope(database.db, householdId);
  const next = random(42);
  const household_id = householdId;

  await scope.transaction(async (tx) => {
    const categories = await tx
      .insertInto('allocation_categories')
      .values(Array.from({ length: 20 }, (_, i) => ({ household_id, name: `Category ${i + 1}` })))
      .returning('id')
      .execute();
    const accounts = await tx
      .insertInto('bank_accounts')
      .values(
        Array.from({ length: ACCOUNTS }, (_, i) => ({
          household_id,
          name: i < CREDIT_CARDS ? `Card ${i + 1}` : `Account ${i + 1}`,
          account_type: i < CREDIT_CARDS ? ('credit_card' as const) : ('normal' as const),
          account_category: i < CREDIT_CARDS ? ('liability' as const) : ('current' as const),
          opening_balance: i < CREDIT_CARDS ? 0 : 1_000_000,
          opening_date: addDays(FIRST_START, -1),
        })),
      )
      .returning(['id', 'account_type', 'opening_balance'])
      .execute();

    const budgets: Array<{ id: number; start_date: DateOnly; end_date: DateOnly; allocationIds: number[] }> = [];
    for (let b = 0; b < BUDGETS; b++) {
      const start = addMonths(FIRST_START, b);
      const end = budgetEndDate(start);
      const status = b < BUDGETS - OPEN_BUDGETS ? ('closed' as const) : ('open' as const);
      const budget = await tx
        .insertInto('budgets')
        .values({ household_id, name: budgetName(start, end), start_date: start, end_date: end, status })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('incomes')
        .values(Array.from({ length: INCOMES_PER_BUDGET }, (_, i) => ({ household_id, budget_id: budget.id, name: `Income ${i + 1}`, amount: 250_000, bank_account_id: accounts[CREDIT_CARDS].id, comment: null })))
        .execute();
      const allocations = await tx
        .insertInto('allocations')
        .values(
          Array.from({ length: ALLOCATIONS_PER_BUDGET }, (_, i) => ({
            household_id,
            budget_id: budget.id,
            allocation_category_id: categories[i % categories.length].id,
            name: `Allocation ${i + 1}`,
            amount: 10_000 + i * 100,
            allocation_class: (['need', 'want', 'savings'] as const)[i % 3],
            comment: i % 5 === 0 ? 'a comment' : null,
          })),
        )
        .returning('id')
        .execute();
      budgets.push({ id: budget.id, start_date: start, end_date: end, allocationIds: allocations.map((a) => a.id) });
    }

    const firstOpen = budgets[BUDGETS - OPEN_BUDGETS];
    const netBefore = new Map<number, number>();
    const rows: Insertable<TransactionsTable>[] = [];
    for (let n = 0; n < TRANSACTIONS; n++) {
      const budget = budgets[n % BUDGETS];
      const account = accounts[Math.floor(next() * ACCOUNTS)];
      const date = addDays(budget.start_date, Math.floor(next() * 28));
      const deposit = next() < 0.1;
      const amount = 100 + Math.floor(next() * 20_000);
      const card = account.account_type === 'credit_card';
      const row = {
        household_id,
        bank_account_id: account.id,
        transaction_date: date,
        description: `Transaction ${n + 1}`,
        withdrawal_amount: deposit ? 0 : amount,
        deposit_amount: deposit ? amount : 0,
        allocation_id: deposit ? null : budget.allocationIds[Math.floor(next() * ALLOCATIONS_PER_BUDGET)],
        status: card && !deposit && date >= firstOpen.start_date && next() < 0.5 ? ('unpaid' as const) : ('paid' as const),
        bank_ref: `REF-${n + 1}`,
      };
      rows.push(row);
      if (date < firstOpen.start_date) netBefore.set(account.id, (netBefore.get(account.id) ?? 0) + row.deposit_amount - row.withdrawal_amount);
    }
    await inChunks(rows, (chunk) => tx.insertInto('transactions').values(chunk).execute());
    for (const account of accounts) {
      await tx
        .updateTable('bank_accounts')
        .set({ closing_balance: account.opening_balance + (netBefore.get(account.id) ?? 0), closing_date: addDays(firstOpen.start_date, -1) })
        .where('id', '=', account.id)
        .execute();
    }
  });
  await database.destroy();
}

/** Child process: the real app on a real port, plus the static ceiling route (this instance only). */
async function serve(databaseUrl: string, staticBody: string) {
  const database = connectDatabase(databaseUrl);
  const config = { ...loadConfig({}), staticDir: null, databaseUrl };
  const app = await buildApp({ db: database.db, config });
  app.get(STATIC_ROUTE, { config: { public: true } }, (_request, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8').send(staticBody);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', async () => {
    await app.close();
    await database.destroy();
    process.exit(0);
  });
}

function startServer(databaseUrl: string, staticBody: string): Promise<{ child: ChildProcess; base: string }> {
  const child = fork(__filename, ['--serve', databaseUrl], { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.send({ staticBody });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve({ child, base: `http://127.0.0.1:${message.port}` }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send('stop');
  await exited;
}

type Headers = Record<string, string>;

async function signIn(base: string): Promise<Headers> {
  const response = await fetch(`${base}/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign in failed: ${response.status}`);
  return Object.fromEntries(['access-token', 'client', 'expiry', 'token-type', 'uid'].map((name) => [name, response.headers.get(name) ?? '']));
}

async function request<T>(
  base: string,
  headers: Headers,
  method: string,
  url: string,
  payload?: object,
): Promise<{ body: T; ms: number; text: string }> {
  const started = performance.now();
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  const response = await fetch(`${base}${url}`, { method, headers: body ? { ...headers, 'content-type': 'application/json' } : headers, body });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${text}`);
  const json = (response.headers.get('content-type') ?? '').startsWith('application/json');
  return { body: (json ? JSON.parse(text) : text) as T, ms, text };
}

interface Load {
  route: string;
  throughput: number;
  p50: number;
  p99: number;
  bytes: number;
  /** Connection errors and timeouts (autocannon waits 10 s for a response). */
  errors: number;
}

async function load(base: string, url: string, headers: Headers, duration: number, bytes: number): Promise<Load> {
  const result = await autocannon({ url: `${base}${url}`, connections: 50, duration, headers });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx responses`);
  return { route: url, throughput: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bytes, errors: result.errors };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const duration = argument('duration', 10);
  const external = process.env.DATABASE_URL;
  const file = path.join(os.tmpdir(), `everycent-bench-${randomBytes(4).toString('hex')}.db`);
  const databaseUrl = external || `sqlite:${file}`;
  const label = external ? 'PostgreSQL (DATABASE_URL)' : `SQLite ${file}`;
  console.log(`Seeding ${BUDGETS} budgets × ${ALLOCATIONS_PER_BUDGET} allocations, ${ACCOUNTS} accounts, ${TRANSACTIONS} transactions on ${label}...`);
  const started = performance.now();
  await seed(databaseUrl);
  console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // The ceiling's body is the budget response itself, so both routes send the same number of bytes.
  let server = await startServer(databaseUrl, '');
  let headers = await signIn(server.base);
  const { body: current } = await request<{ budget_id: number }>(server.base, headers, 'GET', '/budgets/current');
  const budgetUrl = `/budgets/${current.budget_id}`;
  const sample = await request(server.base, headers, 'GET', budgetUrl);
  await stopServer(server.child);
  server = await startServer(databaseUrl, sample.text);
  headers = await signIn(server.base);

  const sizes = {
    budget: Buffer.byteLength(sample.text),
    future: Buffer.byteLength((await request(server.base, headers, 'GET', '/budgets/future')).text),
    list: Buffer.byteLength((await request(server.base, headers, 'GET', '/budgets')).text),
  };
  try {
    console.log(`\nLoad: autocannon, 50 connections, ${duration} s per route (load generator and server share the machine's cores)`);
    const results: Load[] = [];
    results.push(await load(server.base, STATIC_ROUTE, {}, duration, sizes.budget));
    results.push(await load(server.base, budgetUrl, headers, duration, sizes.budget));
    results.push(await load(server.base, '/budgets/future', headers, duration, sizes.future));
    results.push(await load(server.base, '/budgets', headers, duration, sizes.list));
    console.table(
      results.map((r) => ({
        route: r.route === STATIC_ROUTE ? `${STATIC_ROUTE} (ceiling)` : `GET ${r.route}`,
        'bytes': r.bytes,
        'req/s': Math.round(r.throughput),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        'errors/timeouts': r.errors,
      })),
    );
    const ratio = results[1].throughput / results[0].throughput;
    console.log(`GET /budgets/:id reaches ${(ratio * 100).toFixed(0)}% of the ceiling (goal ≥ 50%): ${ratio >= 0.5 ? 'met' : 'NOT met'}`);

    // Under load every read but the first after a change is answered from the response cache; this is the
    // price of that first one, which builds the budget from the database.
    const reads: Record<'right after a change' | 'unchanged since the last read', number[]> = { 'right after a change': [], 'unchanged since the last read': [] };
    for (let i = 0; i < 20; i++) {
      const { body: budget } = await request<{ lock_version: number }>(server.base, headers, 'GET', budgetUrl);
      await request(server.base, headers, 'PUT', budgetUrl, { lock_version: budget.lock_version });
      reads['right after a change'].push((await request(server.base, headers, 'GET', budgetUrl)).ms);
      reads['unchanged since the last read'].push((await request(server.base, headers, 'GET', budgetUrl)).ms);
    }
    console.log('\nGET /budgets/:id one at a time (20 times each; a change here is a PUT of the budget as it is):');
    console.table(
      Object.entries(reads).map(([when, ms]) => ({ when, 'median ms': Number(median(ms).toFixed(1)), 'max ms': Number(Math.max(...ms).toFixed(1)) })),
    );

    console.log('\nBudget cycle on that data (each 3 times; copy is undone by DELETE, close by reopen):');
    const timings: Record<'copy' | 'close' | 'reopen', number[]> = { copy: [], close: [], reopen: [] };
    const { body: newest } = await request<Array<{ id: number }>>(server.base, headers, 'GET', '/budgets');
    for (let i = 0; i < 3; i++) {
      const copied = await request<{ id: number }>(server.base, headers, 'PUT', `/budgets/${newest[0].id}/copy`);
      timings.copy.push(copied.ms);
      await request(server.base, headers, 'DELETE', `/budgets/${copied.body.id}`);
      timings.close.push((await request(server.base, headers, 'PUT', `/budgets/${current.budget_id}/close`)).ms);
      timings.reopen.push((await request(server.base, headers, 'POST', '/budgets/reopen_last_budget')).ms);
    }
    console.table(
      Object.entries(timings).map(([action, ms]) => ({
        action,
        'median ms': Number(median(ms).toFixed(1)),
        'max ms': Number(Math.max(...ms).toFixed(1)),
        goal: `< ${CYCLE_GOAL_MS} ms: ${Math.max(...ms) < CYCLE_GOAL_MS ? 'met' : 'NOT met'}`,
      })),
    );

    // Reports are not cached: every request reads the database.
    console.log(`\nReports over the last 12 budgets, one request at a time (${REPORT_RUNS} times each, after one warm-up):`);
    const reports = [];
    for (const url of REPORTS) {
      const first = await request<unknown>(server.base, headers, 'GET', url);
      const ms: number[] = [];
      for (let i = 0; i < REPORT_RUNS; i++) ms.push((await request(server.base, headers, 'GET', url)).ms);
      const median_ms = median(ms);
      reports.push({
        route: `GET ${url}`,
        bytes: Buffer.byteLength(first.text),
        'median ms': Number(median_ms.toFixed(1)),
        'max ms': Number(Math.max(...ms).toFixed(1)),
        goal: `< ${REPORT_GOAL_MS} ms: ${median_ms < REPORT_GOAL_MS ? 'met' : 'NOT met'}`,
      });
    }
    console.table(reports);
  } finally {
    await stopServer(server.child);
    if (!external) for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
}

if (process.argv[2] === '--serve') {
  process.once('message', (message: { staticBody: string }) => {
    serve(process.argv[3], message.staticBody).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  });
} else if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
