import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays } from '../../src/shared/dates';
import { signIn } from './support/households';
import { prepareWeeklyHousehold } from './support/weeklyHousehold';

const rowWithDescription = (page: Page, description: string): Locator =>
  page.locator('.ec-transactions-table tbody tr').filter({ has: page.locator(`input[aria-label="Description"][value="${description}"]`) });

/** Signed in on this month's chequing window, in edit mode. */
async function editCurrentWindow(page: Page) {
  const household = await prepareWeeklyHousehold();
  await signIn(page, household.user);
  await page.goto(`/#/transactions?bank_account_id=${household.chequingId}&budget_id=${household.budgetId}`);
  await page.getByRole('button', { name: 'Make Changes' }).click({ timeout: 30_000 });
  return household;
}

test('imported rows get suggested allocations from the household history, saved only once accepted', async ({ page }) => {
  const household = await editCurrentWindow(page);
  await page.getByRole('button', { name: 'Import Transactions' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Import Transactions' });
  const csv = [
    'Date,Description,Amount,Reference',
    `${addDays(household.start, 1)},Corner Grocer,-45.20,S-1`,
    `${addDays(household.start, 2)},Landlord,"-1,500.00",S-2`,
    `${addDays(household.start, 3)},Mystery Shop,-9.99,S-3`,
  ].join('\n');
  await dialog.getByLabel('Pasted text').fill(csv);
  await dialog.getByRole('button', { name: 'Read Text' }).click();
  await dialog.getByRole('button', { name: 'Add 3 Rows' }).click();

  const grocer = rowWithDescription(page, 'Corner Grocer');
  await expect(grocer.getByText('Suggested')).toBeVisible();
  await expect(grocer).toContainText('Groceries');
  await expect(rowWithDescription(page, 'Landlord')).toContainText('Rent');
  await expect(rowWithDescription(page, 'Mystery Shop').getByText('Suggested')).toHaveCount(0);

  // Accept one by hand, then the rest at once.
  await grocer.getByRole('button', { name: 'Accept suggestion Groceries for Corner Grocer' }).click();
  await expect(grocer.locator('.ant-select-content')).toHaveText('Groceries');
  await page.getByRole('button', { name: 'Accept all suggestions (1)' }).click();
  await expect(rowWithDescription(page, 'Landlord').locator('.ant-select-content')).toHaveText('Rent');
  await expect(page.getByText('Suggested', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Transactions saved.', { exact: true }).first()).toBeVisible();
  const saved = await household.api<{ description: string; allocation_id: number | null }[]>(
    'GET',
    `/transactions?bank_account_id=${household.chequingId}&budget_id=${household.budgetId}`,
  );
  expect(saved.map((row) => [row.description, row.allocation_id]).sort()).toEqual(
    [
      ['Corner Grocer', household.allocationId('Groceries')],
      ['Corner Grocer big shop', household.allocationId('Groceries')],
      ['Landlord', household.allocationId('Rent')],
      ['Mystery Shop', null],
    ].sort(),
  );
});

test('a typed row gets a suggestion once typing pauses; leaving it unaccepted saves no allocation', async ({ page }) => {
  const household = await editCurrentWindow(page);
  await page.getByRole('button', { name: 'Add New Transaction' }).click();
  await page.getByLabel('Description').last().fill('Landlord');
  const row = rowWithDescription(page, 'Landlord');
  await expect(row.getByText('Suggested')).toBeVisible();
  await expect(row).toContainText('Rent');
  await row.getByLabel('Withdrawn').fill('10');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Transactions saved.', { exact: true }).first()).toBeVisible();
  const saved = await household.api<{ description: string; allocation_id: number | null }[]>(
    'GET',
    `/transactions?bank_account_id=${household.chequingId}&budget_id=${household.budgetId}`,
  );
  expect(saved.find((t) => t.description === 'Landlord')?.allocation_id).toBeNull();
});
