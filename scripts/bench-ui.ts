/**
 * Budget screen benchmark in Debian's Chromium against the real server: a demo household with 300 allocations
 * per budget; reports the time to show the current budget (navigation → table painted), to enter edit mode, and
 * keystroke → paint in one amount input in edit mode (median of 30), with row re-renders per keystroke.
 *
 *   npm run bench:ui           (builds dist/ first)
 *   BENCH_PORT=3299 npx tsx scripts/bench-ui.ts   (reuses dist/)
 */
import { keystrokeLines, measureKeystrokes, ms, runBench, timeClick, timeNavigation } from './benchUi/support';

const ALLOCATIONS = 300;
const KEYSTROKES = 30;
const port = Number(process.env.BENCH_PORT ?? 3297);
const allocationRows = (budgetId: number) => `section[data-budget-id="${budgetId}"] table[aria-label="Allocations"] tbody tr`;
// Each amount input is named by its line ("Groceries amount").
const amountInputs = 'table[aria-label="Allocations"] input[aria-label$=" amount"]';
const budgetList = '.ec-budget-list table';
/** The income and allocation rows of the budget in edit mode: their components are the ones counted. */
const editableRows = 'section.ec-budget-detail tbody tr:has(input)';

const credentials = { householdName: 'Bench Household', email: 'bench@example.com', password: 'bench password 123' };

runBench(port, { ...credentials, allocationsPerBudget: ALLOCATIONS }, async ({ server, page }) => {
  const budgetId = server.household.currentBudgetId;

  // Warm the code chunks with a first visit, then time a visit whose data is not cached yet.
  const firstVisit = await timeNavigation(page, `#/budgets/${budgetId}`, allocationRows(budgetId), ALLOCATIONS);
  await timeNavigation(page, '#/budgets', budgetList);
  const futureId = server.household.futureBudgetIds[0];
  const uncached = await timeNavigation(page, `#/budgets/${futureId}`, allocationRows(futureId), ALLOCATIONS);
  await timeNavigation(page, '#/budgets', budgetList);
  const cached = await timeNavigation(page, `#/budgets/${budgetId}`, allocationRows(budgetId), ALLOCATIONS);

  // The rows on screen become editable in the first frame, the rest in steps after it (useProgressiveEditing).
  const rowsInView = await page.evaluate(
    (selector) =>
      [...document.querySelectorAll(selector)].filter((row) => {
        const { top, bottom } = row.getBoundingClientRect();
        return row.querySelector('th[scope="row"]') && bottom >= 0 && top <= window.innerHeight;
      }).length,
    allocationRows(budgetId),
  );
  const startEditing = await timeClick(page, 'Make Changes', amountInputs, rowsInView);
  await page.waitForFunction(({ selector, count }) => document.querySelectorAll(selector).length >= count, { selector: amountInputs, count: ALLOCATIONS });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.locator('button:not([disabled])', { hasText: 'Make Changes' }).waitFor();
  const everyRowEditable = await timeClick(page, 'Make Changes', amountInputs, ALLOCATIONS);
  const input = page.locator(amountInputs).nth(Math.floor(ALLOCATIONS / 2));
  await input.scrollIntoViewIfNeeded();
  await input.focus();
  // Caret before the decimal point, then a digit and Backspace in turn: every keystroke changes the cents.
  for (const key of ['End', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft']) await page.keyboard.press(key);
  const keys = Array.from({ length: KEYSTROKES }, (_, i) => (i % 2 === 0 ? String(1 + (i % 9)) : 'Backspace'));
  const keystrokes = await measureKeystrokes(page, input, keys, editableRows);

  console.log(`Budget detail with ${ALLOCATIONS} allocations (desktop 1280px, real server, SQLite):`);
  console.log(`  first visit (code chunks + data):         ${ms(firstVisit)}`);
  console.log(`  navigation → table painted, data fetched: ${ms(uncached)}`);
  console.log(`  navigation → table painted, data cached:  ${ms(cached)}`);
  console.log(`  "Make Changes" → the ${rowsInView} rows in view editable: ${ms(startEditing)}`);
  console.log(`  "Make Changes" → all ${ALLOCATIONS} rows editable:     ${ms(everyRowEditable)}`);
  for (const line of keystrokeLines('an allocation amount', keystrokes)) console.log(`  ${line}`);
});
