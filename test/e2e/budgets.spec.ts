import { expect, test, type Locator, type Page } from '@playwright/test';
import { createHousehold, signIn } from './support/households';
import { settled } from './support/dialogs';

/**
 * The household's monthly cycle on the budget screens, against the real server: create a budget, fill it,
 * save, copy it, mass-edit a line across both, close the first and reopen it.
 */

/** Setup screens belong to another part of the app: the household's categories, account and names go in through the API. */
async function callApi(page: Page, method: string, url: string, body: unknown): Promise<{ id: number }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      for (const name of ['access-token', 'client', 'expiry', 'token-type', 'uid']) headers[name] = window.localStorage.getItem(name) ?? '';
      const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie);
      if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf[1]);
      const response = await fetch(url, { method, headers, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { method, url, body },
  );
}

const message = (page: Page, text: string) => page.locator('.ec-message-text', { hasText: text });

/** antd dialogs zoom in: a click during the animation can miss, so wait until it has settled. */
async function confirmYes(page: Page, title: string) {
  const dialog = await settled(page.getByRole('dialog').filter({ hasText: title }));
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();
}

const rowWith = (scope: Locator, text: string) => scope.getByRole('row').filter({ hasText: text });
const lastRow = (table: Locator) => table.locator('tbody tr:not(.ec-row--action)').last();

test('a month of budgeting: create, fill, save, copy, mass-edit, close and reopen', async ({ page }) => {
  // One long journey through five screens; the default minute is too short on a busy two-core machine.
  test.setTimeout(180_000);
  const user = await createHousehold();
  await signIn(page, user);
  for (const name of ['Housing', 'Food']) await callApi(page, 'POST', '/allocation_categories', { name });
  await callApi(page, 'POST', '/bank_accounts', { name: 'Chequing', opening_balance: 100000 });
  const settings = await callApi(page, 'GET', '/settings', undefined).catch(() => null);
  await callApi(page, 'POST', '/settings', {
    family_type: 'couple',
    wife: 'Alice',
    husband: 'Bob',
    single_person: 'Me',
    ...(settings && 'lock_version' in settings ? { lock_version: (settings as { lock_version: number }).lock_version } : {}),
  });

  // A new household sees how to start.
  await page.goto('/#/budgets');
  await expect(page.getByRole('heading', { name: 'Budgets', exact: true })).toBeVisible();
  await expect(page.getByText('No budgets yet.')).toBeVisible();

  // Create the first budget.
  await page.getByRole('button', { name: 'Add New Budget' }).click();
  const addDialog = await settled(page.getByRole('dialog', { name: 'Add New Budget' }));
  await addDialog.getByLabel('Start Date').fill('2030-01-01');
  await addDialog.getByRole('button', { name: 'Save' }).click();
  await expect(message(page, 'Budget created.')).toBeVisible();
  await expect(addDialog).toBeHidden();
  const january = rowWith(page.locator('.ec-budget-list'), 'Jan 01 - Jan 31, 2030');
  await january.getByRole('button', { name: 'View' }).click();

  // Fill it: one income, allocations in two categories.
  await expect(page.getByRole('heading', { name: 'Budget: Jan 01 - Jan 31, 2030', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Make Changes' }).click();
  const incomes = page.getByRole('table', { name: 'Incomes' });
  const allocations = page.getByRole('table', { name: 'Allocations' });
  await page.getByRole('button', { name: 'Add Income' }).click();
  await lastRow(incomes).getByLabel('Income name').fill('Salary');
  await lastRow(incomes).getByLabel(/ amount$/).fill('3,000.01');
  await lastRow(incomes).getByLabel('Bank Account').selectOption({ label: 'Chequing' });

  await page.getByRole('button', { name: 'Add Housing Allocation' }).click();
  const rent = allocations.locator('tbody tr').filter({ has: page.getByLabel('Allocation name') }).last();
  await rent.getByLabel('Allocation name').fill('Rent');
  await rent.getByLabel(/ amount$/).fill('1200');
  await rent.getByLabel('Class').selectOption({ label: 'Need' });
  await rent.getByLabel('Fixed Amount?').check();
  await page.getByRole('button', { name: 'Add Food Allocation' }).click();
  const groceriesInput = allocations.getByLabel('Allocation name').and(page.locator('[value=""]'));
  await groceriesInput.fill('Groceries');
  const groceries = allocations.locator('tbody tr').filter({ has: page.locator('input[value="Groceries"]') });
  await groceries.getByLabel(/ amount$/).fill('500');

  // Totals follow the typing, before saving.
  await expect(allocations.getByText('Unallocated:')).toHaveText('Unallocated: 1,300.01');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(message(page, 'Budget saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Make Changes' })).toBeVisible();
  await expect(rowWith(incomes, 'Total')).toContainText('3,000.01');
  await expect(rowWith(allocations, 'Housing Subtotal')).toContainText('1,200.00');
  await expect(rowWith(allocations, 'Food Subtotal')).toContainText('500.00');
  await expect(allocations.getByText('Unallocated:')).toHaveText('Unallocated: 1,300.01');
  const summary = page.getByRole('table', { name: 'Discretionary Summary' });
  await expect(rowWith(summary, 'Total Discretionary Amount')).toContainText('1,300.01');
  await expect(rowWith(summary, "Alice's Discretionary Amount")).toContainText('650.01');
  await expect(rowWith(summary, "Bob's Discretionary Amount")).toContainText('650.00');
  await expect(rowWith(allocations, 'Rent')).toContainText('Need');

  // Copy it into February.
  await page.getByRole('button', { name: 'Back to Budget List' }).click();
  await rowWith(page.locator('.ec-budget-list'), 'Jan 01 - Jan 31, 2030').getByRole('button', { name: 'Copy' }).click();
  await confirmYes(page, 'Copy Budget?');
  await expect(message(page, 'Budget copied.')).toBeVisible();
  const february = rowWith(page.locator('.ec-budget-list'), 'Feb 01 - Feb 28, 2030');
  await expect(february).toBeVisible();
  await expect(february.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(rowWith(page.locator('.ec-budget-list'), 'Jan 01 - Jan 31, 2030').getByRole('button', { name: 'Close' })).toBeVisible();

  // The rent goes up in both months.
  await page.goto('/#/budgets/future');
  const grid = page.getByRole('table', { name: 'Future Budgets' });
  await expect(rowWith(grid, 'Rent')).toContainText('1,200.00');
  await grid.getByRole('button', { name: 'Rent' }).click();
  const massEdit = await settled(page.getByRole('dialog', { name: 'Mass Edit Allocation' }));
  for (const budget of ['Jan 01 - Jan 31, 2030', 'Feb 01 - Feb 28, 2030']) await massEdit.getByLabel(`Amount for ${budget}`).fill('1300');
  await expect(rowWith(massEdit, 'Feb 01 - Feb 28, 2030')).toContainText('1,200.01');
  await massEdit.getByRole('button', { name: 'Save' }).click();
  await expect(message(page, 'Updates saved.')).toBeVisible();
  await expect(massEdit).toBeHidden();
  await expect(rowWith(grid, 'Rent')).toContainText('1,300.001,300.00');
  await expect(rowWith(grid, 'Total Discretionary Money')).toContainText('1,200.011,200.01');

  // Close January, then undo it.
  await page.goto('/#/budgets');
  await rowWith(page.locator('.ec-budget-list'), 'Jan 01 - Jan 31, 2030').getByRole('button', { name: 'Close' }).click();
  await confirmYes(page, 'Close Budget Period?');
  await expect(message(page, 'Budget closed.')).toBeVisible();
  await expect(rowWith(page.locator('.ec-budget-list'), 'Jan 01 - Jan 31, 2030')).toContainText('Closed');
  await expect(rowWith(page.locator('.ec-budget-list'), 'Feb 01 - Feb 28, 2030').getByRole('button', { name: 'Close' })).toBeVisible();

  await page.goto('/#/budgets/current');
  await expect(page.getByRole('heading', { name: 'Budget: Feb 01 - Feb 28, 2030', exact: true })).toBeVisible();

  await page.goto('/#/budgets');
  await page.getByRole('button', { name: 'Reopen Last Budget' }).click();
  await confirmYes(page, 'Reopen Last Budget');
  await expect(message(page, 'Last Budget re-opened.')).toBeVisible();
  await expect(rowWith(page.locator('.ec-budget-list'), 'Jan 01 - Jan 31, 2030')).toContainText('Open');
  await expect(rowWith(page.locator('.ec-budget-list'), 'Jan 01 - Jan 31, 2030').getByRole('button', { name: 'Close' })).toBeVisible();
});
