import { expect, test } from '@playwright/test';
import { signIn } from './support/households';
import { chooseOption } from './support/dialogs';
import { prepareWeeklyHousehold } from './support/weeklyHousehold';


test('find transactions across budgets by text and amount, filter, sort, and open one in its window', { tag: '@phone' }, async ({ page }) => {
  test.setTimeout(120_000);
  const household = await prepareWeeklyHousehold();
  await signIn(page, household.user);
  await page.goto(`/#/transactions?bank_account_id=${household.chequingId}&budget_id=${household.budgetId}`);
  // The transactions screen's own link (the menu has one too, hidden on a phone).
  await page.getByRole('main').getByRole('link', { name: 'Find Transactions' }).click({ timeout: 30_000 });
  await expect(page).toHaveURL(/#\/transactions\/find$/);

  const search = page.getByRole('searchbox', { name: 'Description, amount or reference' });
  await search.fill('grocer');
  await search.press('Enter');
  await expect(page.getByText('3 transactions found')).toContainText('net -770.00');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);

  // Sorted by amount, smallest spending first when descending by net: -30.00, -40.00, -700.00.
  await page.getByRole('columnheader', { name: 'Amount' }).click();
  await expect(rows.first()).toContainText('-700.00');
  await page.getByRole('columnheader', { name: 'Amount' }).click();
  await expect(rows.first()).toContainText('-30.00');

  // An amount finds its transactions too, and the budget filter narrows to this month.
  await search.fill('700');
  await search.press('Enter');
  await expect(page.getByText('1 transaction found')).toBeVisible();
  await search.fill('grocer');
  await search.press('Enter');
  await expect(page.getByText('3 transactions found')).toBeVisible();

  // The page fits the phone's width: the table scrolls inside its box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  const { name } = await household.api<{ name: string }>('GET', `/budgets/${household.budgetId}`);
  await chooseOption(page, 'Budget', name);
  await expect(page.getByText('1 transaction found')).toBeVisible();
  await rows.first().getByRole('link', { name: 'Corner Grocer big shop' }).click();
  await expect(page).toHaveURL(new RegExp(`#/transactions\\?bank_account_id=${household.chequingId}&budget_id=${household.budgetId}$`));
  await expect(page.getByText('Corner Grocer big shop')).toBeVisible();
});

test('pages through many matches by cursor, forward and back, and keeps the page in the address', { tag: '@phone' }, async ({ page }) => {
  test.setTimeout(120_000);
  const household = await prepareWeeklyHousehold();
  // 120 more of one shop this month: three pages of 50.
  const existing = await household.api<Array<Record<string, unknown>>>('GET', `/transactions?bank_account_id=${household.chequingId}&budget_id=${household.budgetId}`);
  await household.api('POST', '/transactions', {
    bank_account_id: household.chequingId,
    budget_id: household.budgetId,
    transactions: [
      ...existing,
      ...Array.from({ length: 120 }, (_, i) => ({ transaction_date: household.start, description: `Bakery visit ${i + 1}`, withdrawal_amount: 100 + i, bank_ref: `BAKE-${i + 1}` })),
    ],
  });
  await signIn(page, household.user);
  await page.goto('/#/transactions/find?q=bakery&sort=amount&order=asc');
  await expect(page.getByText('120 transactions found')).toBeVisible({ timeout: 30_000 });
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  // Ascending by net: the largest spending first (Bakery visit 120 is -2.19).
  await expect(rows.first()).toContainText('Bakery visit 120');
  await expect(rows).toHaveCount(50);

  const next = page.getByRole('listitem', { name: 'Next Page' });
  const previous = page.getByRole('listitem', { name: 'Previous Page' });
  await next.click();
  await expect(rows.first()).toContainText('Bakery visit 70');
  await expect(page).toHaveURL(/page=2&after=\d+$/);
  await next.click();
  await expect(rows.first()).toContainText('Bakery visit 20');
  await expect(rows).toHaveCount(20);
  await expect(page.locator('.ant-pagination')).toContainText('3');

  // A reload or a bookmark comes back to the same page; Previous steps back one page at a time.
  await page.reload();
  await expect(rows.first()).toContainText('Bakery visit 20', { timeout: 30_000 });
  await previous.click();
  await expect(rows.first()).toContainText('Bakery visit 70');
  await previous.click();
  await expect(rows.first()).toContainText('Bakery visit 120');
  await expect(page).toHaveURL(/#\/transactions\/find\?q=bakery&sort=amount&order=asc$/);
  // The page fits the phone's width: the table and its pager stay inside the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
