import { expect, test, type Page } from '@playwright/test';
import { today } from '../../src/shared/dates';
import { apiFor } from './support/api';
import { chooseOption, settled } from './support/dialogs';
import { createDemoHousehold, createHousehold, signIn } from './support/households';
import { prepareWeeklyHousehold } from './support/weeklyHousehold';

/** Issue 32's everyday defects, each as a person meets it, at both widths (the desktop and phone projects). */

// Each test arranges its own household and opens several screens.
test.describe.configure({ timeout: 240_000 });

const thisMonthStart = () => `${today().slice(0, 8)}01`;
const message = (page: Page, text: string) => page.locator('.ec-message-text', { hasText: text }).first();

test('Budgets: nothing to reopen is said, and the close question says what closing does and that the month is not over', async ({ page }) => {
  const user = await createHousehold();
  const api = await apiFor(user);
  await signIn(page, user);
  await page.goto('/#/budgets');
  await expect(page.getByText('No budgets yet.')).toBeVisible({ timeout: 90_000 });
  const reopen = page.getByRole('button', { name: 'Reopen Last Budget' });
  await expect(reopen).toBeDisabled();
  await expect(page.getByText('No budget has been closed yet, so there is nothing to reopen.')).toBeVisible();

  await api('POST', '/budgets', { start_date: thisMonthStart() });
  await page.reload();
  await page.getByRole('button', { name: 'Close', exact: true }).click({ timeout: 90_000 });
  const question = await settled(page.getByRole('dialog', { name: 'Close Budget Period?' }));
  await expect(question).toContainText('Are you ready to close off this budget?');
  await expect(question).toContainText('Closing settles every account at its balance on');
  await expect(question).toContainText('with one balancing entry so no balance moves');
  await expect(question).toContainText('Its month is not over yet');
  await question.getByRole('button', { name: 'No' }).click();
  await expect(question).toBeHidden();
  await expect(reopen).toBeDisabled();
});

test('an envelope move reads as one move in the account list, and the sink fund headings are whole', { tag: '@phone' }, async ({ page }) => {
  const user = await createHousehold();
  const api = await apiFor(user);
  await api('POST', '/allocation_categories', { name: 'Savings' });
  await api('POST', '/budgets', { start_date: thisMonthStart() });
  const account = await api('POST', '/bank_accounts', { name: 'Rainy Day', account_type: 'sink_fund', account_category: 'asset', opening_balance: 100_000 });
  const fund = await api<{ sink_fund_allocations: { id: number; name: string }[] }>('PUT', `/sink_funds/${account.id}`, {
    sink_fund_allocations: [
      { name: 'Car', target: 50_000 },
      { name: 'Trip', target: 80_000 },
    ],
  });
  const envelope = (name: string) => fund.sink_fund_allocations.find((line) => line.name === name)!.id;
  await api('POST', `/sink_funds/${account.id}/transfer_allocation`, { existing_allocation_id: 0, new_allocation_id: envelope('Car'), amount: 30_000 });
  await api('POST', `/sink_funds/${account.id}/transfer_allocation`, { existing_allocation_id: envelope('Car'), new_allocation_id: envelope('Trip'), amount: 12_500 });
  await signIn(page, user);

  await page.goto(`/#/sink-funds?bank_account_id=${account.id}`);
  await expect(page.getByRole('checkbox', { name: 'Show Closed Envelopes?' })).toBeVisible({ timeout: 90_000 });
  const headings = page.locator('.ec-envelopes thead th');
  await expect(headings.first()).toBeVisible();
  for (const heading of await headings.all()) {
    const cut = await heading.evaluate((cell) => cell.scrollWidth > cell.clientWidth);
    expect(cut, `heading "${await heading.textContent()}" is cut`).toBe(false);
  }

  await page.goto(`/#/transactions?bank_account_id=${account.id}`);
  const rows = page.locator('.ec-transactions-table tbody tr');
  await expect(rows.filter({ hasText: 'Moved from Car to Trip' })).toHaveCount(2, { timeout: 90_000 });
  await expect(rows.filter({ hasText: 'Moved from Car to Trip' }).filter({ hasText: 'Move 1 of 2' })).toContainText('125.00');
  await expect(rows.filter({ hasText: 'Moved from Car to Trip' }).filter({ hasText: 'Move 2 of 2' })).toContainText('125.00');
  await expect(rows.filter({ hasText: 'Moved from Unassigned Money to Car' })).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Internal Allocation Transfer' })).toHaveCount(0);
});

test('Activity words a remembered CSV column mapping as such', async ({ page }) => {
  const user = await createHousehold();
  const api = await apiFor(user);
  const made = await api<{ id: number; name: string; account_type: string; account_category: string; opening_balance: number }>('POST', '/bank_accounts', {
    name: 'Chequing',
    account_type: 'normal',
    account_category: 'current',
    opening_balance: 0,
  });
  // What Import Transactions sends when it remembers the bank's columns: the whole account, with the mapping.
  await api('PUT', `/bank_accounts/${made.id}`, {
    name: made.name,
    account_type: made.account_type,
    account_category: made.account_category,
    opening_balance: made.opening_balance,
    import_format: 'csv',
    import_settings: JSON.stringify({ csv: { delimiter: ',', hasHeader: true } }),
  });
  await signIn(page, user);
  await page.goto('/#/activity');
  await expect(page.getByText('saved the CSV column mapping of Chequing')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('saved the bank account Chequing')).toHaveCount(0);
});

test('Find Transactions has one heading and shows a bank reference, never a generated one', async ({ page }) => {
  const household = await prepareWeeklyHousehold();
  await signIn(page, household.user);
  await page.goto('/#/transactions/find');
  await expect(page.getByRole('search')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('heading', { name: 'Find Transactions', exact: true })).toHaveCount(1);

  // Rows entered without a bank reference are stored with a generated one ("MAN-" and 16 hex digits).
  await page.getByRole('searchbox', { name: 'Description, amount or reference' }).fill('Corner Grocer');
  await page.keyboard.press('Enter');
  const results = page.locator('.ec-find-page tbody tr');
  await expect(results.filter({ hasText: 'Corner Grocer big shop' })).toContainText('BIG-1');
  await expect(results.filter({ hasText: 'Corner Grocer' })).toHaveCount(3);
  await expect(page.getByText(/MAN-[0-9a-f]/)).toHaveCount(0);
});

test('the budget page says whether it is viewing ("Budget:") or editing ("Edit Budget:")', async ({ page }) => {
  const household = await prepareWeeklyHousehold();
  await signIn(page, household.user);
  await page.goto(`/#/budgets/${household.budgetId}`);
  const title = page.locator('.ec-budget-detail');
  await expect(title.getByText('Viewing', { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('heading', { name: /^Budget: / })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Edit Budget: / })).toHaveCount(0);
  await page.getByRole('button', { name: 'Make Changes', exact: true }).click();
  await expect(title.getByText('Editing', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Edit Budget: / })).toBeVisible();
  await expect(title.getByText('Viewing', { exact: true })).toHaveCount(0);
});

test('a refund reads as a refund in the spent dialog, and the Wants Summary shows wants without the unallocated income', async ({ page }) => {
  const household = await prepareWeeklyHousehold();
  // A window save sets the account's rows for the budget: the refund goes through an account of its own.
  const wallet = await household.api('POST', '/bank_accounts', { name: 'Wallet', account_type: 'normal', account_category: 'current', opening_balance: 0, opening_date: '2000-01-01' });
  await household.api('POST', '/transactions', {
    bank_account_id: wallet.id,
    budget_id: household.budgetId,
    transactions: [{ transaction_date: household.start, description: 'Returned kettle', deposit_amount: 1500, allocation_id: household.allocationId('Groceries') }],
  });
  await signIn(page, household.user);
  await page.goto(`/#/budgets/${household.budgetId}`);
  await page.getByRole('button', { name: 'Transactions for Groceries' }).click({ timeout: 90_000 });
  const dialog = await settled(page.getByRole('dialog', { name: 'Transactions for Groceries' }));
  const refund = dialog.locator('tr', { hasText: 'Returned kettle' });
  await expect(refund).toContainText('Refund');
  await expect(refund).toContainText('-15.00');
  await expect(refund.locator('.ec-money--negative')).toHaveCount(0);
  await expect(dialog.locator('tfoot')).toContainText('685.00');
  // Every amount sits at the right edge of its column, in line with the heading.
  const rightEdges = await dialog.locator('td.ec-num, th.ec-num').evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().right)));
  expect(new Set(rightEdges).size).toBe(1);
  await dialog.getByRole('button', { name: 'Close' }).click();

  const wants = page.getByRole('table', { name: 'Wants Summary' });
  await expect(wants.getByRole('rowheader')).toHaveText(['Needs', 'Wants', 'Savings', 'Unallocated']);
  await expect(wants.getByRole('row', { name: /^Unallocated/ })).toContainText('700.00');
});

test('both Quick Add pages ask for the amount, then which way it went, amounts on the right', async ({ page }) => {
  const household = await prepareWeeklyHousehold();
  await signIn(page, household.user);
  await page.goto('/#/quick-add');
  await expect(page.getByText('Record one transaction')).toBeVisible({ timeout: 90_000 });
  const fullOrder = await page.locator('.ec-quick-add').evaluate((card) => {
    const amount = card.querySelector('#quick-add-amount')!;
    const direction = card.querySelector('[aria-label="The amount is"]')!;
    return amount.compareDocumentPosition(direction) & Node.DOCUMENT_POSITION_FOLLOWING;
  });
  expect(fullOrder).toBeTruthy();
  await expect(page.locator('#quick-add-amount')).toHaveCSS('text-align', 'right');

  await page.goto('/quick-add');
  await expect(page.locator('#qa-amount')).toBeVisible({ timeout: 90_000 });
  const lightOrder = await page.locator('#qa-form').evaluate((form) => {
    const amount = form.querySelector('#qa-amount')!;
    const direction = form.querySelector('fieldset')!;
    return amount.compareDocumentPosition(direction) & Node.DOCUMENT_POSITION_FOLLOWING;
  });
  expect(lightOrder).toBeTruthy();
  await expect(page.getByRole('group', { name: 'The amount is' })).toBeVisible();
  await expect(page.locator('#qa-amount')).toHaveCSS('text-align', 'right');
});

test("a special event's allocations made from the event, shown month by month against the plan", async ({ page }) => {
  const household = await prepareWeeklyHousehold();
  const event = await household.api('POST', '/special_events', { name: 'Summer Trip', budget_amount: 100_000 });
  await signIn(page, household.user);
  await page.goto(`/#/special-events/${event.id}`);
  await page.getByRole('button', { name: 'Add Allocations' }).click({ timeout: 90_000 });
  const dialog = await settled(page.getByRole('dialog', { name: 'Add Allocations: Summer Trip' }));
  await dialog.getByLabel('Name').fill('Trip fund');
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Category' }), 'Food');
  const months = dialog.getByRole('table', { name: 'Amount per month' });
  const amountFields = months.getByRole('textbox');
  await expect(amountFields).toHaveCount(2);
  await amountFields.nth(0).fill('300');
  await amountFields.nth(1).fill('450');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(message(page, 'Special Event saved.')).toBeVisible();
  await expect(dialog).toBeHidden();

  const byMonth = page.getByRole('table', { name: 'Month by month' });
  await expect(byMonth.getByRole('row')).toHaveCount(3);
  await expect(byMonth.getByRole('row').nth(1)).toContainText('300.00');
  await expect(byMonth.getByRole('row').nth(1)).toContainText('700.00');
  await expect(byMonth.getByRole('row').nth(2)).toContainText('450.00');
  await expect(byMonth.getByRole('row').nth(2)).toContainText('250.00');
  await expect(page.getByRole('table', { name: 'Allocations' }).getByText('Trip fund')).toHaveCount(2);

  // Adjust Allocations sees the new lines at once, ticked.
  await page.getByRole('button', { name: 'Adjust Allocations' }).click();
  const adjust = await settled(page.getByRole('dialog', { name: 'Adjust Allocations: Summer Trip' }));
  await expect(adjust.getByRole('region', { name: 'Chosen allocations' })).toContainText('Chosen allocations (2)');
});

test('The phone menu: Home fits the screen, and a tap on Settings (below Bank Accounts) opens Settings', { tag: '@phone' }, async ({ page }, testInfo) => {
  // A household under way: Home's guided-start card offers the last step, whose link is the longest.
  const { user } = await createDemoHousehold({ allocationsPerBudget: 4, pastBudgets: 0, futureBudgets: 0, windowTransactions: 2 });
  await signIn(page, user);
  await expect(page.getByText('Last transaction entered:')).toBeVisible({ timeout: 90_000 });
  await expect(page.locator('section.ec-guide-card')).toBeVisible();
  // A page wider than the screen makes a phone zoom it out, and taps then land beside what was aimed at.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
  const phone = testInfo.project.name === 'phone';
  for (const [name, address] of [
    ['Settings', /#\/setup\/settings$/],
    ['Bank Accounts', /#\/setup\/bank-accounts$/],
    ['Members', /#\/setup\/members$/],
  ] as const) {
    if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
    const link = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true });
    if (phone) await link.tap();
    else await link.click();
    await expect(page).toHaveURL(address);
    if (name === 'Settings') await expect(page.getByRole('heading', { level: 2, name: 'Settings', exact: true })).toBeVisible();
  }
});
