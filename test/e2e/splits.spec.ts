import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays, today } from '../../src/shared/dates';
import { apiFor } from './support/api';
import { createHousehold, signIn } from './support/households';
import { chooseOption, settled } from './support/dialogs';

/**
 * Issue 44: one supermarket receipt split three ways from the transactions window (groceries, household goods and
 * a birthday present), at 1280 and at 375 px; the budget's spent and the spent dialog show the parts.
 */
async function prepareHousehold() {
  const user = await createHousehold();
  const api = await apiFor(user);
  const food = await api('POST', '/allocation_categories', { name: 'Food' });
  const home = await api('POST', '/allocation_categories', { name: 'Home' });
  const start = `${today().slice(0, 8)}01`;
  const budget = await api<{ id: number; lock_version: number }>('POST', '/budgets', { start_date: start });
  const chequing = await api('POST', '/bank_accounts', { name: 'Chequing', account_type: 'normal', account_category: 'current', opening_balance: 100000 });
  const settings = await api<{ lock_version: number }>('GET', '/settings');
  await api('POST', '/settings', { family_type: 'single', wife: 'Alice', husband: 'Bob', single_person: 'Me', primary_budget_account_id: chequing.id, lock_version: settings.lock_version });
  await api('PUT', `/budgets/${budget.id}`, {
    lock_version: budget.lock_version,
    incomes: [{ name: 'Salary', amount: 500000, bank_account_id: chequing.id }],
    allocations: [
      { name: 'Groceries', amount: 60000, allocation_category_id: food.id },
      { name: 'Household goods', amount: 10000, allocation_category_id: home.id },
      { name: 'Gifts', amount: 5000, allocation_category_id: home.id },
    ],
  });
  await api('POST', '/transactions', {
    bank_account_id: chequing.id,
    budget_id: budget.id,
    transactions: [{ transaction_date: addDays(start, 1), description: 'Supermarket', withdrawal_amount: 10000, deposit_amount: 0 }],
  });
  return { user, api, budgetId: budget.id };
}

const rowWithDescription = (page: Page, description: string): Locator =>
  page.locator('.ec-transactions-table tbody tr').filter({ has: page.locator(`input[aria-label="Description"][value="${description}"]`) });

async function typeAmount(field: Locator, amount: string) {
  await field.fill(amount);
  await field.blur();
}

test('a receipt split three ways from the window; the budget and its spent dialog show the parts', { tag: '@phone' }, async ({ page }, testInfo) => {
  const household = await prepareHousehold();
  await signIn(page, household.user);
  await page.goto('/#/transactions');
  await expect(page.getByText('Supermarket', { exact: true })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Make Changes' }).click();
  await rowWithDescription(page, 'Supermarket').getByRole('button', { name: 'Split Supermarket' }).click();
  const parts = page.getByRole('table', { name: 'Parts of Supermarket' });
  await expect(parts.getByLabel('Amount of part 1 of Supermarket')).toHaveValue('100.00');
  await chooseOption(page, parts.getByRole('combobox', { name: 'Allocation of part 1 of Supermarket' }), 'Groceries', 'groc');
  await typeAmount(parts.getByLabel('Amount of part 1 of Supermarket'), '60');
  await expect(page.getByRole('status').filter({ hasText: 'Not split' })).toHaveText('Not split: 40.00');

  // Each new part is proposed with what the others leave; the keyboard adds one as well as the mouse.
  await page.getByRole('button', { name: 'Add a part to Supermarket' }).click();
  await expect(parts.getByLabel('Amount of part 2 of Supermarket')).toHaveValue('40.00');
  await typeAmount(parts.getByLabel('Amount of part 2 of Supermarket'), '25');
  await chooseOption(page, parts.getByRole('combobox', { name: 'Allocation of part 2 of Supermarket' }), 'Household goods', 'house');
  await page.getByRole('button', { name: 'Add a part to Supermarket' }).focus();
  await page.keyboard.press('Enter');
  await expect(parts.getByLabel('Amount of part 3 of Supermarket')).toHaveValue('15.00');
  await chooseOption(page, parts.getByRole('combobox', { name: 'Allocation of part 3 of Supermarket' }), 'Gifts', 'gift');
  await parts.getByLabel('Memo of part 3 of Supermarket').fill('birthday present');
  await expect(page.getByRole('status').filter({ hasText: 'The parts add up to the amount.' })).toBeVisible();
  if (testInfo.project.name === 'phone') {
    // Nothing wider than the screen while the parts are open.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Transactions saved.', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Make Changes' })).toBeVisible();
  // View mode shows the parts under the row.
  const shown = page.getByRole('table', { name: 'Parts of Supermarket' }).getByRole('row').filter({ hasText: /Split \(\d\/3\)/ });
  await expect(shown).toHaveCount(3);
  await expect(shown.nth(2)).toContainText('Gifts');
  await expect(shown.nth(2)).toContainText('birthday present');
  await expect(shown.nth(2)).toContainText('15.00');

  await page.goto(`/#/budgets/${household.budgetId}`);
  const allocations = page.getByRole('table', { name: 'Allocations' });
  for (const [name, spent] of [
    ['Groceries', '60.00'],
    ['Household goods', '25.00'],
    ['Gifts', '15.00'],
  ]) {
    const line = allocations.getByRole('row').filter({ has: page.getByRole('button', { name: `Transactions for ${name}` }) }).first();
    await expect(line).toContainText(spent);
  }
  const budget = await household.api<{ allocations: Array<{ name: string; spent: number }> }>('GET', `/budgets/${household.budgetId}`);
  expect(budget.allocations.map((a) => [a.name, a.spent]).sort()).toEqual([
    ['Gifts', 1500],
    ['Groceries', 6000],
    ['Household goods', 2500],
  ]);
  await allocations.getByRole('button', { name: 'Transactions for Gifts' }).first().click();
  const dialog = await settled(page.getByRole('dialog', { name: 'Transactions for Gifts' }));
  await expect(dialog.getByText('(part of a split: birthday present)')).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: 'Supermarket' })).toContainText('15.00');
});
