/**
 * Reusable parts of the browser benchmarks (scripts/bench-ui*.ts): a real server on a fresh SQLite file with the
 * demo household seeded, Debian's Chromium driven by Playwright, signing in through the login card, and timing
 * "keystroke → next paint" inside the page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from '@playwright/test';
import { connectDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemoHousehold, type DemoHousehold, type DemoOptions } from '../../server/demo/seed';

export const root = path.resolve(__dirname, '..', '..');

export interface BenchServer {
  baseUrl: string;
  household: DemoHousehold;
  stop(): Promise<void>;
}

/** Migrates a fresh SQLite file and seeds the demo household into it (before the server opens the file). */
export async function seedDatabase(file: string, options: DemoOptions): Promise<DemoHousehold> {
  const database = connectDatabase(`sqlite:${file}`);
  try {
    await migrateToLatest(database.db);
    return await seedDemoHousehold(database.db, options);
  } finally {
    await database.destroy();
  }
}

async function waitForServer(baseUrl: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      await fetch(`${baseUrl}/auth/validate_token`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`server did not answer at ${baseUrl} within ${timeoutMs} ms`);
}

/** The real server (server/main.ts serving dist/) on 127.0.0.1:port over a fresh, seeded SQLite file. */
export async function startServer(port: number, seed: DemoOptions): Promise<BenchServer> {
  const folder = mkdtempSync(path.join(tmpdir(), 'everycent-bench-'));
  const file = path.join(folder, 'bench.db');
  const household = await seedDatabase(file, seed);
  const { baseUrl, stop } = await serveDatabase(port, `sqlite:${file}`);
  return {
    baseUrl,
    household,
    stop: async () => {
      await stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** The real server (server/main.ts serving dist/) on 127.0.0.1:port over a database that is already filled (a DATABASE_URL). */
export async function serveDatabase(port: number, databaseUrl: string): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, STATIC_DIR: process.env.BENCH_STATIC_DIR ?? 'dist', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(baseUrl, child);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/** Signs in over HTTP once: the five credential headers the web client keeps in localStorage, and the household's name. */
export async function credentials(baseUrl: string, email: string, password: string): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/auth/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign in failed: ${response.status}`);
  const body = (await response.json()) as { data: { household_name: string } };
  const stored: Record<string, string> = { householdName: body.data.household_name };
  for (const name of ['access-token', 'client', 'expiry', 'token-type', 'uid']) stored[name] = response.headers.get(name) ?? '';
  return stored;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * Counts row re-renders from outside the app, the way React DevTools sees renders: a
 * `__REACT_DEVTOOLS_GLOBAL_HOOK__` installed before React loads is handed every commit. Only the subtrees React
 * worked on are walked (a child list that is still the previous commit's was skipped), and a fiber rendered in
 * this commit when it is new or carries React's PerformedWork flag. `watchRowComponents` says which component
 * types are rows; production builds minify component names, so they are found by the rows on screen.
 */
const ROW_RENDER_COUNTER = `(() => {
  const PERFORMED_WORK = 1;
  const counter = { types: new Set(), renders: 0 };
  window.__benchRowRenders = counter;
  const countRendered = (root) => {
    const stack = [root];
    while (stack.length > 0) {
      const fiber = stack.pop();
      for (let child = fiber.child; child !== null; child = child.sibling) {
        const mounted = child.alternate === null;
        if (counter.types.has(child.type) && (mounted || (child.flags & PERFORMED_WORK) !== 0)) counter.renders += 1;
        if (mounted || child.child !== child.alternate.child) stack.push(child);
      }
    }
  };
  let renderers = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    inject: () => (renderers += 1),
    onCommitFiberRoot: (_renderer, root) => {
      if (counter.types.size > 0) countRendered(root.current);
    },
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
  };
})();`;

/**
 * A page ready for `page.evaluate` of functions written here (tsx compiles them with esbuild's keepNames, which
 * wraps named functions in a `__name` helper the browser does not have), counting row re-renders.
 */
export async function newBenchPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
  await page.addInitScript({ content: ROW_RENDER_COUNTER });
  return page;
}

interface RowRenderCounter {
  types: Set<unknown>;
  renders: number;
}

/**
 * Names the row components: the component that renders each `<tr>` matching `rowSelector` (read from the
 * fiber React keeps on the DOM node). Returns how many component types that is.
 */
export function watchRowComponents(page: Page, rowSelector: string): Promise<number> {
  return page.evaluate((rowSelector) => {
    const COMPONENT_TAGS = [0, 1, 11, 14, 15]; // function, class, forwardRef, memo, simple memo
    type Fiber = { tag: number; type: unknown; return: Fiber | null };
    const counter = (window as unknown as { __benchRowRenders: RowRenderCounter }).__benchRowRenders;
    for (const row of document.querySelectorAll(rowSelector)) {
      const key = Object.keys(row).find((name) => name.startsWith('__reactFiber$'));
      let fiber = key ? ((row as unknown as Record<string, Fiber>)[key] as Fiber | null) : null;
      while (fiber && !COMPONENT_TAGS.includes(fiber.tag)) fiber = fiber.return;
      if (fiber) counter.types.add(fiber.type);
    }
    return counter.types.size;
  }, rowSelector);
}

/** Signs in through the login card, as a person does, and waits for the home page. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/#/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/#\/$/);
}

/**
 * Changes the hash route inside the page and resolves, in ms, when `ready()` holds and the frame showing it has
 * been painted (a requestAnimationFrame callback, then a task after it).
 */
export function timeNavigation(page: Page, hash: string, readySelector: string, minimumCount = 1): Promise<number> {
  return page.evaluate(
    ({ hash, readySelector, minimumCount }) =>
      new Promise<number>((resolve) => {
        const start = performance.now();
        window.location.hash = hash;
        const check = () => {
          if (document.querySelectorAll(readySelector).length >= minimumCount) requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
          else requestAnimationFrame(check);
        };
        check();
      }),
    { hash, readySelector, minimumCount },
  );
}

/** Times a click until `readySelector` matches and the frame is painted. */
export function timeClick(page: Page, buttonText: string, readySelector: string, minimumCount = 1): Promise<number> {
  return page.evaluate(
    ({ buttonText, readySelector, minimumCount }) =>
      new Promise<number>((resolve, reject) => {
        const button = [...document.querySelectorAll('button')].find((element) => element.textContent?.trim() === buttonText);
        if (!button) return reject(new Error(`no button "${buttonText}"`));
        const start = performance.now();
        button.click();
        const check = () => {
          if (document.querySelectorAll(readySelector).length >= minimumCount) requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
          else requestAnimationFrame(check);
        };
        check();
      }),
    { buttonText, readySelector, minimumCount },
  );
}

export interface KeystrokeResult {
  /** ms from each input event to the paint after it */
  durations: number[];
  /** renders of row components (see `watchRowComponents`) per keystroke */
  rowRenders: number[];
}

/**
 * Types `keys` one by one into `input`, timing each from the input event to the next paint, in the page, and
 * counting the renders of the components that draw the rows matching `rowSelector`.
 */
export async function measureKeystrokes(page: Page, input: Locator, keys: string[], rowSelector: string): Promise<KeystrokeResult> {
  if ((await watchRowComponents(page, rowSelector)) === 0) throw new Error(`no row components found for ${rowSelector}`);
  await input.focus();
  await page.evaluate(() => {
    const bench = window as unknown as { __benchKeystrokes: number[] };
    bench.__benchKeystrokes = [];
    window.addEventListener(
      'input',
      (event) => {
        const started = event.timeStamp;
        requestAnimationFrame(() => setTimeout(() => bench.__benchKeystrokes.push(performance.now() - started), 0));
      },
      true,
    );
  });
  const rowRenders: number[] = [];
  const renders = () => page.evaluate(() => (window as unknown as { __benchRowRenders: RowRenderCounter }).__benchRowRenders.renders);
  for (const [index, key] of keys.entries()) {
    const before = await renders();
    await page.keyboard.press(key);
    await page.waitForFunction((count) => (window as unknown as { __benchKeystrokes: number[] }).__benchKeystrokes.length > count, index);
    rowRenders.push((await renders()) - before);
  }
  const durations = await page.evaluate(() => (window as unknown as { __benchKeystrokes: number[] }).__benchKeystrokes);
  return { durations, rowRenders };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Report lines for a keystroke measurement. */
export function keystrokeLines(what: string, { durations, rowRenders }: KeystrokeResult): string[] {
  return [
    `keystroke → paint in ${what}: median ${ms(median(durations))}, max ${ms(Math.max(...durations))} over ${durations.length} keystrokes`,
    `row components re-rendered per keystroke: median ${median(rowRenders)}, max ${Math.max(...rowRenders)}`,
  ];
}

/**
 * Runs one browser benchmark end to end: seeded server, Chromium, a signed-in desktop page; everything is
 * stopped afterwards, and a failure exits non-zero.
 */
export function runBench(port: number, seed: DemoOptions, measure: (context: { server: BenchServer; browser: Browser; page: Page }) => Promise<void>): void {
  const run = async () => {
    const server = await startServer(port, seed);
    const browser = await launchBrowser();
    try {
      const page = await newBenchPage(browser);
      await signIn(page, server.baseUrl, seed.email, seed.password);
      await measure({ server, browser, page });
    } finally {
      await browser.close();
      await server.stop();
    }
  };
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
