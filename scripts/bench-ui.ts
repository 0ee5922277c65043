/**
 * Budget screen benchmark in Debian's Chromium against the real server: a demo household with 300 allocations
 * per budget; reports the time to show the current budget (navigation → table painted), to enter edit mode, and
 * keystroke → paint in one amount input in edit mode (median of 30), with row re-renders per keystroke.
 *
 *   npm run bench:ui           (builds dist/ first)
 *   BENCH_PORT=3299 npx tsx scripts/bench-ui.ts   (reuses dist/)
 */
import { launchBrowser, measureKeystrokes, median, ms, signIn, startServer, timeClick, timeNavigation } from './benchUi/support';

const ALLOCATIONS = 300;
const KEYSTROKES = 30;
const port = Number(process.env.BENCH_PORT ?? 3297);
const allocationRows = 'table[aria-label="Allocations"] tbody tr';
const amountInputs = 'table[aria-label="Allocations"] input[aria-label="Allocation amount"]';

async function main() {
  const credentials = { householdName: 'Bench Household', email: 'bench@example.com', password: 'bench password 123' };
  const server = await startServer(port, { ...credentials, allocationsPerBudget: ALLOCATIONS });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, server.baseUrl, credentials.email, credentials.password);
    const budgetId = server.household.currentBudgetId;

    // Warm the code chunks with a first visit, then time a visit whose data is not cached yet.
    const firstVisit = await timeNavigation(page, `#/budgets/${budgetId}`, allocationRows, ALLOCATIONS);
    await timeNavigation(page, '#/budgets', 'table');
    const futureId = server.household.futureBudgetIds[0];
    const uncached = await timeNavigation(page, `#/budgets/${futureId}`, allocationRows, ALLOCATIONS);
    await timeNavigation(page, '#/budgets', 'table');
    const cached = await timeNavigation(page, `#/budgets/${budgetId}`, allocationRows, ALLOCATIONS);

    const startEditing = await timeClick(page, 'Make Changes', amountInputs, ALLOCATIONS);
    const input = page.locator(amountInputs).nth(Math.floor(ALLOCATIONS / 2));
    await input.scrollIntoViewIfNeeded();
    await input.press('End');
    const keys = Array.from({ length: KEYSTROKES }, (_, i) => (i % 3 === 2 ? 'Backspace' : String((i * 7) % 10)));
    const { durations, rowRenders } = await measureKeystrokes(page, input, keys);

    const rowsCounted = rowRenders.some((count) => count > 0);
    console.log(`Budget detail with ${ALLOCATIONS} allocations (desktop 1280px, real server, SQLite):`);
    console.log(`  first visit (code chunks + data):        ${ms(firstVisit)}`);
    console.log(`  navigation → table painted, data fetched: ${ms(uncached)}`);
    console.log(`  navigation → table painted, data cached:  ${ms(cached)}`);
    console.log(`  "Make Changes" → editable grid painted:   ${ms(startEditing)}`);
    console.log(`  keystroke → paint in edit mode: median ${ms(median(durations))}, max ${ms(Math.max(...durations))} over ${durations.length} keystrokes`);
    console.log(`  row components re-rendered per keystroke: ${rowsCounted ? `median ${median(rowRenders)}, max ${Math.max(...rowRenders)}` : 'not counted'}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
