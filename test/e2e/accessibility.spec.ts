import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import type { DemoHousehold } from '../../server/demo/seed';
import { E2E_PORT } from './support/env';
import { createDemoHousehold, createHousehold, signIn, type E2eUser } from './support/households';
import { startOwnServer } from './support/ownServer';

/**
 * Every screen through axe-core (WCAG 2.0/2.1 A and AA) on a demo household, in view and edit modes and with
 * its dialogs open, at both widths: no serious or critical violation anywhere. Each test collects the
 * violations of all the states it visits and fails once, listing them all.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
// Each test walks many screens and runs axe on each: minutes on a busy two-core machine.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';

interface Finding {
  state: string;
  text: string;
}

/** Waits for the screen to settle (no loading bar, no antd motion), then records its serious violations. */
async function check(page: Page, state: string, findings: Finding[]) {
  await expect(page.locator('.ec-loading-bar')).toHaveCount(0);
  // antd's zoom and fade motions: axe measures contrast mid-animation otherwise.
  await expect(page.locator('.ant-zoom-appear, .ant-zoom-enter, .ant-fade-appear, .ant-fade-enter, .ant-zoom-leave, .ant-fade-leave, .ant-slide-up-enter, .ant-slide-up-appear')).toHaveCount(0);
  // The app's own entrance animations (the message banner's fade-in): every finite one has finished.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity).map((animation) => animation.finished.catch(() => undefined))),
  );
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    const nodes = violation.nodes.map((node) => `      ${node.target.join(' ')}\n        ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`);
    findings.push({ state, text: `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length})\n${nodes.join('\n')}` });
  }
}

function expectNone(findings: Finding[]) {
  const report = findings.map((finding) => `${finding.state}\n${finding.text}`).join('\n');
  expect(findings, `serious or critical accessibility violations:\n${report}`).toEqual([]);
}

async function openDialog(page: Page, opener: Locator, title: string | RegExp): Promise<Locator> {
  await opener.click();
  const dialog = page.getByRole('dialog').filter({ hasText: title }).last();
  await expect(dialog).toBeVisible();
  return dialog;
}

async function closeDialog(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

let demo: DemoHousehold;
let user: E2eUser;

test.beforeAll(async () => {
  ({ user, demo } = await createDemoHousehold({ allocationsPerBudget: 14, pastBudgets: 3, futureBudgets: 2, windowTransactions: 12 }));
});

test('sign-in and first-run screens', async ({ page }, testInfo) => {
  const findings: Finding[] = [];
  await page.goto('/#/login');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await check(page, 'sign-in', findings);
  await page.getByRole('button', { name: 'Log In' }).click();
  await check(page, 'sign-in with its errors', findings);

  // An install without users of its own (ports apart from the other specs' servers).
  const server = await startOwnServer(E2E_PORT + 200 + (isPhone(testInfo) ? 2 : 1));
  try {
    await page.goto(`${server.baseUrl}/#/login`);
    await expect(page.getByRole('heading', { name: 'Create your household' })).toBeVisible();
    await check(page, 'first run', findings);
  } finally {
    await server.stop();
  }
  expectNone(findings);
});

test('home, budgets list, current and future budgets, mass edit', async ({ page }) => {
  const findings: Finding[] = [];
  await signIn(page, user);
  await expect(page.getByText('Last transaction entered:')).toBeVisible();
  await check(page, 'home', findings);

  await page.goto('/#/budgets');
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
  await check(page, 'budgets list', findings);
  const add = await openDialog(page, page.getByRole('button', { name: 'Add New Budget' }), 'Add New Budget');
  await check(page, 'budgets list: Add New Budget dialog', findings);
  await closeDialog(page, add);

  await page.goto('/#/budgets/future');
  const grid = page.getByRole('table', { name: 'Future Budgets' });
  await expect(grid).toBeVisible();
  await check(page, 'future budgets', findings);
  const massEdit = await openDialog(page, grid.getByRole('button', { name: 'Groceries', exact: true }), 'Mass Edit Allocation');
  await check(page, 'future budgets: mass edit dialog', findings);
  await closeDialog(page, massEdit);
  expectNone(findings);
});

test('budget detail: view, edit, dialogs', { tag: '@phone' }, async ({ page }, testInfo) => {
  const findings: Finding[] = [];
  await signIn(page, user);
  await page.goto('/#/budgets/current');
  const allocations = page.getByRole('table', { name: 'Allocations' });
  await expect(allocations.getByText('Groceries', { exact: true })).toBeVisible();
  await check(page, 'budget detail (current)', findings);
  if (testInfo.project.name === 'phone') {
    // Reading on a phone: a row's other fields, opened under it (they stay open in edit mode below).
    await allocations.getByRole('button', { name: 'More fields: Groceries' }).first().click();
    await expect(allocations.getByRole('group', { name: 'More fields of Groceries' })).toBeVisible();
    await check(page, "budget detail: a row's other fields (phone)", findings);
  }

  const spent = await openDialog(page, allocations.getByRole('button', { name: 'Transactions for Groceries' }).first(), 'Transactions for Groceries');
  await check(page, 'budget detail: transactions dialog', findings);
  await closeDialog(page, spent);

  await page.getByRole('button', { name: 'Make Changes' }).click();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  await check(page, 'budget detail: edit mode', findings);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`/#/budgets/${demo.closedBudgetIds[0]}`);
  await expect(page.getByText('Closed', { exact: true })).toBeVisible();
  await check(page, 'budget detail (closed)', findings);
  expectNone(findings);
});

test('transactions: view, edit, import and transfer dialogs', async ({ page }) => {
  const findings: Finding[] = [];
  await signIn(page, user);
  await page.goto(`/#/transactions?bank_account_id=${demo.primaryAccountId}&budget_id=${demo.currentBudgetId}`);
  await expect(page.getByRole('button', { name: 'Make Changes' })).toBeVisible();
  await check(page, 'transactions window', findings);

  const transfer = await openDialog(page, page.getByRole('button', { name: 'Transfer' }), 'Bank Account Transfer');
  await check(page, 'transactions: transfer dialog', findings);
  await closeDialog(page, transfer);

  await page.getByRole('button', { name: 'Make Changes' }).click();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  await check(page, 'transactions: edit mode', findings);
  const importDialog = await openDialog(page, page.getByRole('button', { name: 'Import Transactions' }), 'Import Transactions');
  await check(page, 'transactions: import dialog', findings);
  await importDialog.getByLabel('Pasted text').fill('Date,Description,Amount\n2030-01-02,Coffee,-4.50\n');
  await importDialog.getByRole('button', { name: /Read|Next|Preview/ }).first().click();
  await check(page, 'transactions: import preview', findings);
  // The pasted text is an edit: closing asks first, and that question is checked too.
  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog').filter({ hasText: 'Close without saving?' });
  await expect(question).toBeVisible();
  await check(page, 'transactions: close the import without saving?', findings);
  await question.getByRole('button', { name: 'Yes' }).click();
  await expect(importDialog).toBeHidden();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`/#/transactions?bank_account_id=${demo.creditCardAccountId}&budget_id=${demo.currentBudgetId}`);
  await expect(page.getByRole('button', { name: 'Make Changes' })).toBeVisible();
  await check(page, 'transactions window: credit card (unpaid rows)', findings);
  expectNone(findings);
});

test('setup pages and their dialogs', async ({ page }) => {
  const findings: Finding[] = [];
  await signIn(page, user);
  for (const [path, addLabel, title] of [
    ['/#/setup/allocation-categories', 'Add Allocation Category', 'Add Allocation Category'],
    ['/#/setup/institutions', 'Add Institution', 'Add Institution'],
    ['/#/setup/bank-accounts', 'Add Bank Account', 'Add Bank Account'],
  ] as const) {
    await page.goto(path);
    const add = page.getByRole('button', { name: addLabel });
    await expect(add).toBeVisible();
    await expect(page.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
    await check(page, path, findings);
    const dialog = await openDialog(page, add, title);
    await check(page, `${path}: ${title} dialog`, findings);
    await closeDialog(page, dialog);
    const confirm = await openDialog(page, page.getByRole('button', { name: /^Delete / }).first(), /Delete|delete/);
    await check(page, `${path}: delete confirmation`, findings);
    await closeDialog(page, confirm);
  }
  await page.goto('/#/setup/bank-accounts');
  const edit = await openDialog(page, page.getByRole('button', { name: /^Edit / }).first(), 'Edit Bank Account');
  await check(page, 'bank accounts: edit dialog', findings);
  await closeDialog(page, edit);

  await page.goto('/#/setup/settings');
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  await check(page, 'settings', findings);
  expectNone(findings);
});

test('sink funds, account balances, special events', async ({ page }) => {
  const findings: Finding[] = [];
  await signIn(page, user);
  await page.goto(`/#/sink-funds?bank_account_id=${demo.sinkFundAccountId}`);
  const envelopes = page.getByRole('table', { name: 'Sink Fund Allocations' });
  await expect(envelopes.getByText('Holiday').first()).toBeVisible();
  await check(page, 'sink funds', findings);
  const moving = await openDialog(page, page.getByRole('button', { name: 'Transfer Money' }), 'Transfer Money');
  await check(page, 'sink funds: transfer money dialog', findings);
  await closeDialog(page, moving);
  const envelope = await openDialog(page, envelopes.getByRole('button', { name: 'Transactions for Holiday' }).first(), 'Transactions for Holiday');
  await check(page, 'sink funds: envelope transactions dialog', findings);
  await closeDialog(page, envelope);
  await page.getByRole('button', { name: 'Make Changes' }).click();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  await check(page, 'sink funds: edit mode', findings);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/#/account-balances');
  await expect(page.getByRole('button', { name: 'Adjust Account Balances' })).toBeEnabled();
  await check(page, 'account balances', findings);
  const adjust = await openDialog(page, page.getByRole('button', { name: 'Adjust Account Balances' }), 'Adjust Account Balances');
  await check(page, 'account balances: adjust dialog', findings);
  await closeDialog(page, adjust);

  await page.goto('/#/special-events');
  await expect(page.getByRole('button', { name: /^View / }).first()).toBeVisible();
  await check(page, 'special events', findings);
  const add = await openDialog(page, page.getByRole('button', { name: 'Add Special Event' }), 'Add Special Event');
  await check(page, 'special events: add dialog', findings);
  await closeDialog(page, add);
  await page.getByRole('button', { name: /^View / }).first().click();
  await expect(page.getByRole('button', { name: 'Back to Special Events' })).toBeVisible();
  await check(page, 'special event detail', findings);
  const adjustAllocations = await openDialog(page, page.getByRole('button', { name: 'Adjust Allocations' }), 'Adjust Allocations');
  await check(page, 'special event: adjust allocations dialog', findings);
  await closeDialog(page, adjustAllocations);
  expectNone(findings);
});

test('reports', async ({ page }) => {
  const findings: Finding[] = [];
  await signIn(page, user);
  for (const [path, name] of [
    ['/#/reports/net-worth', 'net worth report'],
    ['/#/reports/category-spending', 'category spending report'],
    ['/#/reports/needs-vs-wants', 'needs vs wants report'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('table').first()).toBeVisible();
    await check(page, name, findings);
  }
  expectNone(findings);
});

test('the menu (the phone overlay open)', { tag: '@phone' }, async ({ page }, testInfo) => {
  const findings: Finding[] = [];
  await signIn(page, user);
  if (isPhone(testInfo)) await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settings' }).click();
  if (isPhone(testInfo)) {
    // Choosing a page closes the phone's menu; open it again once it has gone.
    await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  await check(page, 'menu with a selected entry', findings);
  expectNone(findings);
});

test('the first ten minutes: guided start, glossary, a help popover open', async ({ page }) => {
  const findings: Finding[] = [];
  // A household with nothing set up yet: Home offers the guided start.
  await signIn(page, await createHousehold());
  await expect(page.getByRole('heading', { name: 'Guided start: step 1 of 4' })).toBeVisible();
  await check(page, 'home with the guided start', findings);
  await page.goto('/#/start');
  await expect(page.getByRole('heading', { name: /Step 4:/ })).toBeVisible();
  await check(page, 'guided start', findings);
  await page.goto('/#/glossary?term=paid');
  await expect(page.locator('dt#glossary-paid')).toBeFocused();
  await check(page, 'glossary', findings);

  await signIn(page, user);
  await page.goto('/#/budgets/current');
  const summary = page.getByRole('table', { name: 'Discretionary Summary' });
  await summary.getByRole('button', { name: 'What is "Discretionary amount"?' }).click();
  await expect(page.getByRole('dialog', { name: 'Discretionary amount' })).toBeVisible();
  await check(page, 'budget detail: a help popover open', findings);
  expectNone(findings);
});
