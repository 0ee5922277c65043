import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/households';
import { settledOptions } from './support/dialogs';
import { prepareWeeklyHousehold } from './support/weeklyHousehold';

/** Opens an antd select by its label (its input has no width while the placeholder shows) and picks an option. */
async function pick(page: Page, label: string, option: string) {
  await page.locator('.ant-select', { has: page.getByRole('combobox', { name: label }) }).click();
  await (await settledOptions(page)).locator('.ant-select-item-option', { hasText: option }).click();
}

test('find transactions across budgets by text and amount, filter, sort, and open one in its window', async ({ page }) => {
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
  await pick(page, 'Budget', name);
  await expect(page.getByText('1 transaction found')).toBeVisible();
  await rows.first().getByRole('link', { name: 'Corner Grocer big shop' }).click();
  await expect(page).toHaveURL(new RegExp(`#/transactions\\?bank_account_id=${household.chequingId}&budget_id=${household.budgetId}$`));
  await expect(page.getByText('Corner Grocer big shop')).toBeVisible();
});
