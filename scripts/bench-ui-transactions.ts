/**
 * Transactions screen benchmark in Debian's Chromium against the real server: the demo household with 2,000
 * transactions in the primary account's current window. Reports the time to open the window, to enter edit
 * mode, keystroke → paint in one description (median of 30, with row re-renders per keystroke), and the time to
 * read 500 pasted CSV rows with a running balance (the preview painted, the balance checked), import them with
 * duplicate checking against the window (in the page, and the pure parse + duplicate check alone), and the same
 * import until every row's suggested allocation is painted.
 *
 *   npm run build && npx tsx scripts/bench-ui-transactions.ts      (BENCH_PORT=3213 by default)
 */
import { performance } from 'node:perf_hooks';
import type { Page } from '@playwright/test';
import { guessCsvMapping } from '../src/features/transactions/import/csv';
import { parseCsv } from '../src/features/transactions/import/csvRows';
import { mergeImported } from '../src/features/transactions/import/merge';
import { draftFromTransaction } from '../src/features/transactions/draftRows';
import type { Transaction } from '../src/shared/schemas/transactions';
import { keystrokeLines, measureKeystrokes, median, ms, runBench, timeClick, timeNavigation } from './benchUi/support';

const WINDOW_ROWS = 2000;
const IMPORT_ROWS = 500;
const KEYSTROKES = 30;
const port = Number(process.env.BENCH_PORT ?? 3213);
const tableRows = '.ec-transactions-table tbody tr';
const descriptionInputs = '.ec-transactions-table input[aria-label="Description"]';

/** The window as the signed-in page reads it (with the page's own credentials). */
function readWindow(page: Page, url: string): Promise<Transaction[]> {
  return page.evaluate(async (url) => {
    const headers: Record<string, string> = {};
    for (const name of ['access-token', 'client', 'expiry', 'token-type', 'uid']) headers[name] = localStorage.getItem(name) ?? '';
    return (await fetch(url, { headers })).json();
  }, url);
}

/**
 * 500 rows: every fifth repeats a window row's bank reference, the rest are new spending inside the window at the
 * household's usual merchants (so the suggestions have history to learn from), with amounts no window row has.
 */
function importCsv(window: Transaction[]): string {
  const lines = ['Date,Description,Amount,Reference,Balance'];
  // The file's own running balance, so reading it runs the balance check on every line.
  let balance = 1_000_000_00;
  const withBalance = (line: string, cents: number) => `${line},${((balance -= cents) / 100).toFixed(2)}`;
  for (let i = 0; i < IMPORT_ROWS; i += 1) {
    const existing = window[(i * 7) % window.length];
    if (i % 5 === 0) lines.push(withBalance(`${existing.transaction_date},${existing.description},-${(existing.withdrawal_amount / 100).toFixed(2)},${existing.bank_ref}`, existing.withdrawal_amount));
    else lines.push(withBalance(`${existing.transaction_date},"${existing.description}",-${1 + (i % 90)}.37,BENCH-${i}`, (1 + (i % 90)) * 100 + 37));
  }
  return lines.join('\n');
}

/**
 * Clicks "Add 500 Rows" and times, in the page, the import summary painted and then the suggested allocations
 * painted ("Accept all suggestions" appears when the one suggestions request has been answered and drawn).
 */
function timeSuggestedImport(page: Page): Promise<{ summary: number; suggestions: number }> {
  return page.evaluate(
    (buttonText) =>
      new Promise<{ summary: number; suggestions: number }>((resolve, reject) => {
        const button = [...document.querySelectorAll('button')].find((element) => element.textContent?.trim() === buttonText);
        if (!button) return reject(new Error(`no button "${buttonText}"`));
        const start = window.performance.now();
        let summary = 0;
        button.click();
        const acceptAllShown = () => [...document.querySelectorAll('button')].some((element) => element.textContent?.startsWith('Accept all suggestions'));
        const check = () => {
          if (!summary && document.querySelector('.ec-import-summary')) summary = window.performance.now() - start;
          if (summary && acceptAllShown()) requestAnimationFrame(() => setTimeout(() => resolve({ summary, suggestions: window.performance.now() - start }), 0));
          else requestAnimationFrame(check);
        };
        check();
      }),
    `Add ${IMPORT_ROWS} Rows`,
  );
}

const credentials = { householdName: 'Bench Household', email: 'bench@example.com', password: 'bench password 123' };

runBench(port, { ...credentials, windowTransactions: WINDOW_ROWS }, async ({ server, page }) => {
  const { primaryAccountId, currentBudgetId } = server.household;
  const route = `#/transactions?bank_account_id=${primaryAccountId}&budget_id=${currentBudgetId}`;

  const firstVisit = await timeNavigation(page, route, tableRows, 100);
  await timeNavigation(page, '#/', 'main');
  await page.locator('.ec-transactions-table').waitFor({ state: 'detached' });
  const cached = await timeNavigation(page, route, tableRows, 100);
  const window = await readWindow(page, `/transactions?bank_account_id=${primaryAccountId}&budget_id=${currentBudgetId}`);
  if (window.length !== WINDOW_ROWS) throw new Error(`expected ${WINDOW_ROWS} rows in the window, found ${window.length}`);

  const startEditing = await timeClick(page, 'Make Changes', descriptionInputs, 100);
  const input = page.locator(descriptionInputs).nth(50);
  await input.scrollIntoViewIfNeeded();
  await input.press('End');
  const keys = Array.from({ length: KEYSTROKES }, (_, i) => (i % 3 === 2 ? 'Backspace' : 'abcdefghij'[i % 10]));
  const keystrokes = await measureKeystrokes(page, input, keys, tableRows);

  const csv = importCsv(window);
  await page.getByRole('button', { name: 'Import Transactions' }).click();
  await page.getByLabel('Pasted text').fill(csv);
  const reading = await timeClick(page, 'Read Text', '.ec-import-balance');
  await page.getByRole('button', { name: `Add ${IMPORT_ROWS} Rows` }).waitFor();
  const importInPage = await timeSuggestedImport(page);
  const summary = await page.locator('.ec-import-summary').textContent();
  const suggested = await page.locator('.ec-suggestion').count();
  const acceptAll = await page.getByRole('button', { name: /^Accept all suggestions/ }).textContent();

  // The parse and the duplicate check alone, as the page runs them (median of 20).
  const existing = window.map(draftFromTransaction);
  const pure: number[] = [];
  for (let run = 0; run < 20; run += 1) {
    const started = performance.now();
    const parsed = parseCsv(csv, guessCsvMapping(csv).mapping);
    mergeImported(existing, parsed.rows, { start_date: window[0].transaction_date, end_date: window[window.length - 1].transaction_date }, false);
    pure.push(performance.now() - started);
  }

  console.log(`Transactions window with ${WINDOW_ROWS} rows (desktop 1280px, real server, SQLite, 100 rows per page):`);
  console.log(`  first visit (code chunks + data):         ${ms(firstVisit)}`);
  console.log(`  revisit (data cached):                    ${ms(cached)}`);
  console.log(`  "Make Changes" → editable rows painted:   ${ms(startEditing)}`);
  for (const line of keystrokeLines('a description', keystrokes)) console.log(`  ${line}`);
  console.log(`  read ${IMPORT_ROWS} pasted rows with a running balance ("Read Text" → preview painted):  ${ms(reading)}`);
  console.log(`  import ${IMPORT_ROWS} rows ("Add" → summary painted):  ${ms(importInPage.summary)}  (${summary})`);
  console.log(`  the same import → every suggestion painted (one request):  ${ms(importInPage.suggestions)}  (${acceptAll}; ${suggested} on the page in view)`);
  console.log(`  parse + duplicate check of ${IMPORT_ROWS} rows against ${WINDOW_ROWS} (Node, median of 20): ${ms(median(pure))}`);
});
