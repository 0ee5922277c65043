import { expect, test } from '@playwright/test';
import { signIn } from './support/households';
import { prepareWeeklyHousehold } from './support/weeklyHousehold';

interface BudgetRead {
  lock_version: number;
  allocations: { name: string; amount: number; spent: number }[];
}

test('cover an overspent allocation from another one, seeing the figures move, saved as one budget change', async ({ page }) => {
  test.setTimeout(120_000);
  const household = await prepareWeeklyHousehold();
  const before = await household.api<BudgetRead>('GET', `/budgets/${household.budgetId}`);
  await signIn(page, household.user);
  await page.goto(`/#/budgets/${household.budgetId}`);

  await expect(page.getByRole('button', { name: 'Cover Rent' })).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Cover Groceries' }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Cover Groceries' });
  await expect(dialog).toContainText('Groceries is overspent by 100.00.');
  await expect(dialog.getByLabel('Take from')).toHaveValue(String(household.allocationId('Rent')));
  await dialog.getByLabel('Take from').selectOption({ label: 'Fun (200.00 available)' });
  await dialog.getByLabel('Amount to move').fill('60');
  await expect(dialog.getByLabel('After the move')).toHaveText('Groceries remaining-40.00Fun remaining140.00Unallocated700.00');
  await dialog.getByLabel('Amount to move').fill('100');
  await expect(dialog.getByLabel('After the move')).toHaveText('Groceries remaining0.00Fun remaining100.00Unallocated700.00');
  await dialog.getByRole('button', { name: 'Move Money' }).click();
  await expect(page.getByText('Budget saved.', { exact: true }).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cover Groceries' })).toHaveCount(0);

  const after = await household.api<BudgetRead>('GET', `/budgets/${household.budgetId}`);
  const amount = (budget: BudgetRead, name: string) => budget.allocations.find((line) => line.name === name)!.amount;
  expect([amount(after, 'Groceries'), amount(after, 'Fun'), amount(after, 'Rent')]).toEqual([70000, 10000, 150000]);
  expect(after.lock_version).toBe(before.lock_version + 1);
});
