/**
 * Screens at scale (issue 35): is every screen painted as soon with fifteen years of history as with one?
 *
 *   npm run bench:scale -- --screens                 production build, then 3 runs a screen a size
 *   npm run bench:scale -- --screens --reuse-dist --quick   the built dist/, no five-year household
 *   npm run bench:scale -- --screens --database-url postgres://…/scratch   on PostgreSQL (a scratch database: it is filled)
 *
 * Seeds one database (a fresh SQLite file, or the PostgreSQL database given) with three households through the
 * app's own demo seeder (the sizes of `bench:scale`: 12, 60 and 180 closed budgets of 64 allocations), starts the
 * real server on it and, in Debian's Chromium on the desktop profile (1280 px, no throttling), times each screen from the in-app navigation (the address's
 * hash changes, as a menu link does) to the first frame painted after its data is on screen, the sizes taking
 * turns run by run. Each run starts from a freshly loaded app on the home page: the screen's code comes from the browser cache after the first
 * run, its data always from the server. Prints the median per size, the growth from one size to the next and
 * the goals (≤ 500 ms at fifteen years, ≤ 1.3× the one-year figure). Never runs as a test.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { sql } from 'kysely';
import { connectDatabase } from '../server/db/connect';
import { isPostgres } from '../server/db/dialect';
import { migrateToLatest } from '../server/db/migrate';
import { type DemoHousehold, seedDemoHousehold } from '../server/demo/seed';
import { today as todayIn } from '../src/shared/dates';
import { credentials, launchBrowser, root, serveDatabase } from './benchUi/support';

const PAINT_GOAL_MS = 500;
const GROWTH_GOAL = 1.3;
const PASSWORD = 'screens benchmark password';
const PORT = Number(process.env.BENCH_PORT ?? 3391);
/** More than the feed's page (50). */
const ACTIVITY_ENTRIES = 60;

const quick = process.argv.includes('--quick');
const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const SIZES = [
  { label: '1 year', pastBudgets: 12 },
  ...(quick ? [] : [{ label: '5 years', pastBudgets: 60 }]),
  { label: '15 years', pastBudgets: 180 },
];

interface Screen {
  name: string;
  address: (demo: DemoHousehold) => string;
  /** All on screen once it is painted with its data. */
  ready: string[];
}

const ALL_PERIODS = 'from=1990-01';
const SCREENS: Screen[] = [
  { name: 'budget list', address: () => '/budgets', ready: ['.ec-budget-list .ant-table-tbody tr.ant-table-row'] },
  { name: 'current budget', address: () => '/budgets/current', ready: ['.ec-allocations tbody tr td .ec-money'] },
  { name: 'transactions window', address: (d) => `/transactions?bank_account_id=${d.primaryAccountId}&budget_id=${d.currentBudgetId}`, ready: ['.ec-transactions-page tr[data-row-key]'] },
  { name: 'find transactions', address: () => '/transactions/find', ready: ['.ec-find-page .ant-table-tbody tr.ant-table-row'] },
  { name: 'account balances', address: () => '/account-balances', ready: ['.ec-balances-group .ant-table-tbody tr.ant-table-row'] },
  { name: 'sink funds', address: (d) => `/sink-funds?bank_account_id=${d.sinkFundAccountId}`, ready: ['.ec-sink-fund tbody tr'] },
  { name: 'net worth (all periods)', address: () => `/reports/net-worth?${ALL_PERIODS}`, ready: ['.ec-report-table .ant-table-tbody tr.ant-table-row', '.ec-report-chart svg path'] },
  { name: 'needs vs wants (all periods)', address: () => `/reports/needs-vs-wants?${ALL_PERIODS}`, ready: ['.ec-report-table .ant-table-tbody tr.ant-table-row', '.ec-report-chart svg path'] },
  { name: 'category spending (all periods)', address: () => `/reports/category-spending?${ALL_PERIODS}`, ready: ['.ec-report-table .ant-table-tbody tr.ant-table-row', '.ec-report-chart svg path'] },
  // The page's own list: Home shows the latest entries in the same list, still on screen as the hash changes.
  { name: 'activity', address: () => '/activity', ready: ['.ec-activity .ec-activity-list .ec-activity-text'] },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Navigates inside the loaded app and resolves with the ms to the first frame painted with every `ready` element. */
async function timeNavigation(page: Page, hash: string, ready: string[]): Promise<number> {
  return page.evaluate(
    ({ hash, ready }) =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now();
        const check = () => {
          if (ready.every((selector) => document.querySelector(selector))) requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
          else if (performance.now() - started > 30_000) reject(new Error(`not painted within 30 s: ${ready.filter((s) => !document.querySelector(s)).join(', ')}`));
          else requestAnimationFrame(check);
        };
        window.location.hash = hash;
        check();
      }),
    { hash, ready },
  );
}

async function seed(databaseUrl: string, today: string) {
  const database = connectDatabase(databaseUrl);
  const households: Array<{ label: string; demo: DemoHousehold; email: string }> = [];
  try {
    await migrateToLatest(database.db);
    for (const size of SIZES) {
      const started = performance.now();
      const email = `screens-${size.pastBudgets}@example.com`;
      const demo = await seedDemoHousehold(database.db, { householdName: `Screens ${size.label}`, email, password: PASSWORD, today, pastBudgets: size.pastBudgets, allocationsPerBudget: 64 });
      households.push({ label: size.label, demo, email });
      console.log(`seeded ${size.label}: ${demo.budgetIds.length} budgets, ${demo.transactionCount.toLocaleString('en-US')} transactions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    // As bench:scale: the statistics autovacuum keeps on PostgreSQL (SQLite's come from `PRAGMA optimize`).
    if (isPostgres(database.db)) await sql`analyze`.execute(database.db);
  } finally {
    await database.destroy();
  }
  return households;
}

/** The seeder writes no activity: a page and more of it, recorded as a person records purchases (quick add). */
async function recordActivity(baseUrl: string, headers: Record<string, string>, demo: DemoHousehold, today: string): Promise<void> {
  const ask = async <T>(method: string, url: string, body?: object): Promise<T> => {
    const response = await fetch(`${baseUrl}${url}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const budget = await ask<{ allocations: Array<{ id: number }> }>('GET', `/budgets/${demo.currentBudgetId}`);
  for (let i = 0; i < ACTIVITY_ENTRIES; i++) {
    await ask('POST', '/transactions/one', { bank_account_id: demo.primaryAccountId, transaction_date: today, description: `Screens bench ${i}`, withdrawal_amount: 250, allocation_id: budget.allocations[i % budget.allocations.length].id });
  }
}

export async function benchScreens(): Promise<void> {
  if (!process.argv.includes('--reuse-dist')) execFileSync('npx', ['webpack', '--mode', 'production'], { cwd: root, stdio: 'inherit' });
  const folder = mkdtempSync(path.join(tmpdir(), 'everycent-screens-'));
  const today = todayIn('UTC');
  const given = process.argv.includes('--database-url') ? process.argv[process.argv.indexOf('--database-url') + 1] : undefined;
  const databaseUrl = given ?? `sqlite:${path.join(folder, 'screens.db')}`;
  const households = await seed(databaseUrl, today);
  const server = await serveDatabase(PORT, databaseUrl);
  const browser = await launchBrowser();
  const medians = new Map<string, number[]>();
  try {
    const pages: Page[] = [];
    for (const household of households) {
      const stored = await credentials(server.baseUrl, household.email, PASSWORD);
      const { householdName: _name, ...headers } = stored;
      await recordActivity(server.baseUrl, headers, household.demo, today);
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      // tsx compiles functions with esbuild's keepNames, whose `__name` helper the page does not have.
      await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
      await context.addInitScript((items) => {
        for (const [name, value] of Object.entries(items)) window.localStorage.setItem(name, value);
      }, stored);
      pages.push(await context.newPage());
    }
    for (const screen of SCREENS) {
      // The sizes take turns, run by run, so that whatever else the machine does meanwhile falls on all of them.
      const times = households.map((): number[] => []);
      for (let run = 0; run < RUNS; run++) {
        for (const [i, household] of households.entries()) {
          const page = pages[i];
          await page.goto(`${server.baseUrl}/#/`);
          await page.waitForSelector('.ec-toolbar', { timeout: 60_000 });
          await page.waitForLoadState('load');
          times[i].push(await timeNavigation(page, screen.address(household.demo), screen.ready));
        }
      }
      medians.set(screen.name, times.map(median));
      households.forEach((household, i) => console.log(`${household.label}: ${screen.name} ${times[i].map((ms) => Math.round(ms)).join(' / ')} ms`));
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }

  const rows = [...medians].map(([screen, ms]) => {
    const row: Record<string, string | number> = { screen };
    households.forEach((h, i) => {
      row[`${h.label} ms`] = Math.round(ms[i]);
      if (i > 0) row[`× vs ${households[i - 1].label}`] = Number((ms[i] / ms[i - 1]).toFixed(2));
    });
    const largest = ms[ms.length - 1];
    row[`≤ ${PAINT_GOAL_MS} ms`] = largest <= PAINT_GOAL_MS ? 'met' : 'NOT met';
    row[`≤ ${GROWTH_GOAL}× 1 year`] = largest <= GROWTH_GOAL * ms[0] ? 'met' : 'NOT met';
    return row;
  });
  console.log(`\nScreens on ${given ? 'PostgreSQL' : 'SQLite'}, desktop profile: navigation → painted with data, median of ${RUNS}`);
  console.table(rows);
}
