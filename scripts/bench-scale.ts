/**
 * Scale benchmark: does every route stay as quick with a household's whole history as with a demo?
 *
 * Seeds three households with the app's own demo seeder (`seedDemoHousehold`, which writes in chunks): the demo
 * (about one year), five years and fifteen years of monthly budgets (64 allocations each, the demo's accounts
 * with a credit card and a sink fund, plus two more accounts opened through the API), all in one database. Then
 * times every read route and the main write routes in-process (`inject`: the server's own time, no network),
 * prints the median of each per size and the growth from one size to the next, and checks the goals at the
 * largest size: every read ≤ 20 ms and every write ≤ 100 ms at the median.
 *
 *   npm run bench:scale                                       SQLite, a fresh file in the temp folder
 *   npm run bench:scale -- --database-url postgres://…/scratch PostgreSQL (a scratch database: it is filled)
 *   npm run bench:scale -- --quick                            fewer runs, and no five-year household
 *   npm run bench:scale -- --screens                          the main screens in Chromium instead (see
 *                                                             scripts/bench-scale-screens.ts)
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { addDays, today as todayIn } from '../src/shared/dates';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { connectDatabase } from '../server/db/connect';
import { isPostgres } from '../server/db/dialect';
import { migrateToLatest } from '../server/db/migrate';
import { type DemoHousehold, seedDemoHousehold } from '../server/demo/seed';

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
const SIZES: Array<{ label: string; pastBudgets: number }> = [
  { label: '1 year', pastBudgets: 12 },
  ...(quick ? [] : [{ label: '5 years', pastBudgets: 60 }]),
  { label: '15 years', pastBudgets: 180 },
];

type Headers = Record<string, string>;
interface Household {
  label: string;
  demo: DemoHousehold;
  headers: Headers;
  /** The newest page's `next_cursor` (keyset paging), when the server answers one. */
  searchCursor?: number;
}

async function signIn(app: FastifyInstance, email: string): Promise<Headers> {
  const response = await app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email, password: PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`sign in failed: ${response.body}`);
  return Object.fromEntries(['access-token', 'client', 'expiry', 'token-type', 'uid'].map((name) => [name, String(response.headers[name])]));
}

async function call<T>(app: FastifyInstance, headers: Headers, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const started = performance.now();
  const response = await app.inject({ method, url, headers, payload });
  const ms = performance.now() - started;
  if (response.statusCode >= 300) throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
  const type = String(response.headers['content-type'] ?? '');
  return { ms, body: (type.startsWith('application/json') ? JSON.parse(response.body) : response.body) as T };
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

/** Main write routes: each is timed as a person makes it, and undone where it would pile up. */
async function writes(app: FastifyInstance, h: Household, today: string): Promise<Record<string, number[]>> {
  const d = h.demo;
  const times: Record<string, number[]> = { 'quick add': [], 'window save (one row changed)': [], transfer: [], 'budget save': [], 'copy budget': [], 'close budget': [], 'reopen last budget': [], suggestions: [] };
  const budget = await call<{ lock_version: number; allocations: Allocation[] }>(app, h.headers, 'GET', `/budgets/${d.currentBudgetId}`);
  const allocation = budget.body.allocations[0];
  const newest = await call<Array<{ id: number }>>(app, h.headers, 'GET', '/budgets');
  for (let i = 0; i < RUNS; i++) {
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

async function main() {
  const given = option('database-url') ?? process.env.DATABASE_URL;
  const file = path.join(os.tmpdir(), `everycent-scale-${randomBytes(4).toString('hex')}.db`);
  const databaseUrl = given || `sqlite:${file}`;
  const label = given ? 'PostgreSQL' : `SQLite (${file})`;
  const database = connectDatabase(databaseUrl);
  await migrateToLatest(database.db);
  const today = todayIn('UTC');

  const config = { ...loadConfig({}), staticDir: null, databaseUrl, timeZone: 'UTC' };
  const app = await buildApp({ db: database.db, config, logger: false });
  await app.ready();
  const households: Household[] = [];
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
      });
      const headers = await signIn(app, email);
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

    // Autovacuum analyzes a table within a minute or so of a load this size; a household's history arrives over
    // years, so the routes are timed with the statistics it keeps (SQLite's come from `PRAGMA optimize`).
    if (isPostgres(database.db)) await sql`analyze`.execute(database.db);

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
  } finally {
    await app.close();
    await database.destroy();
    if (!given) for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
}

// `--screens`: the screens in the browser instead of the routes (scripts/bench-scale-screens.ts).
(process.argv.includes('--screens') ? import('./bench-scale-screens').then((screens) => screens.benchScreens()) : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
