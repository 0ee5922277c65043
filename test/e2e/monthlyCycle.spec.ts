import { expect, test, type Locator, type Page } from '@playwright/test';
import { today } from '../../src/shared/dates';
import { apiFor } from './support/api';
import { chooseOption, settled } from './support/dialogs';
import { createHousehold, signIn } from './support/households';

/**
 * The monthly cycle as a new household lives it (issue 16): the budget planned, the month's transactions
 * recorded by hand, the budget closed; at 1280px and at 375px, with no table column cut off on the way.
 */

/** Header cells of `table` whose right edge is past what its scroll box (or the window) shows. */
async function clippedHeaders(table: Locator): Promise<string[]> {
  return table.evaluate((element) => {
    const box = (element.parentElement ?? element).getBoundingClientRect();
    const right = Math.min(box.right, document.documentElement.clientWidth);
    return [...element.querySelectorAll('thead th')]
      .filter((cell) => {
        const rect = cell.getBoundingClientRect();
        return rect.width > 0 && rect.right > right + 1;
      })
      .map((cell) => cell.textContent ?? '');
  });
}

const rowWith = (scope: Locator, text: string) => scope.getByRole('row').filter({ hasText: text });
/** New rows go to the end of the window. */
const newRow = (page: Page) => page.locator('.ec-transactions-table tbody tr').last();

test('plan, record and close a month with every column in view', { tag: '@phone' }, async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const phone = testInfo.project.name === 'phone';
  const user = await createHousehold();
  const api = await apiFor(user);
  const food = await api('POST', '/allocation_categories', { name: 'Food' });
  const start = `${today().slice(0, 8)}01`;
  const budget = await api<{ id: number; lock_version: number }>('POST', '/budgets', { start_date: start });
  const chequing = await api('POST', '/bank_accounts', { name: 'Chequing', account_type: 'normal', account_category: 'current', opening_balance: 100000 });
  await api('POST', '/bank_accounts', { name: 'Visa', account_type: 'credit_card', account_category: 'liability', is_cash: false, opening_balance: -7000 });
  const settings = await api<{ lock_version: number }>('GET', '/settings');
  await api('POST', '/settings', { family_type: 'couple', wife: 'Alice', husband: 'Bob', single_person: 'Me', primary_budget_account_id: chequing.id, lock_version: settings.lock_version });
  await signIn(page, user);

  // Plan: the month's income and groceries.
  await api('PUT', `/budgets/${budget.id}`, {
    lock_version: budget.lock_version,
    incomes: [{ name: 'Salary', amount: 250000, bank_account_id: chequing.id }],
    allocations: [{ name: 'Groceries', amount: 60000, allocation_category_id: food.id }],
  });
  await page.goto(`/#/budgets/${budget.id}`);
  const allocations = page.getByRole('table', { name: 'Allocations' });
  await expect(allocations).toBeVisible({ timeout: 30_000 });
  expect(await clippedHeaders(allocations)).toEqual([]);

  // Record: a salary and a grocery bill typed by hand.
  await page.goto(`/#/transactions?bank_account_id=${chequing.id}&budget_id=${budget.id}`);
  await page.getByRole('button', { name: 'Make Changes' }).click({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Add New Transaction' }).click();
  await expect(newRow(page).getByLabel('Date')).toBeFocused();
  let row = newRow(page);
  await row.getByLabel('Description').fill('Salary');
  await row.getByLabel('Deposited').click();
  await page.keyboard.type('2500');
  await page.keyboard.press('Tab');
  await expect(row.getByLabel('Deposited')).toHaveValue('2500.00');

  await page.getByRole('button', { name: 'Add New Transaction' }).click();
  row = newRow(page);
  await row.getByLabel('Description').fill('Corner Grocer');
  await row.getByLabel('Withdrawn').click();
  await page.keyboard.type('12o');
  await page.keyboard.press('Tab');
  // Not an amount: counted as 0, and the field says so.
  await expect(page.getByText('“12o” is not an amount: counted as 0.00')).toBeVisible();
  const grocer = row;
  await grocer.getByLabel('Withdrawn').click();
  await page.keyboard.type('45.20');
  await expect(page.getByText('“12o” is not an amount: counted as 0.00')).toBeHidden();
  await chooseOption(page, grocer.getByRole('combobox', { name: 'Allocation' }), 'Groceries', 'groc');

  const transactions = page.locator('.ec-transactions-table');
  if (!phone) {
    // Editing at 1280px: Deposited, Paid? and Delete are on screen, none behind the summary card.
    expect(await clippedHeaders(transactions)).toEqual([]);
    expect(await transactions.locator('..').evaluate((wrap) => wrap.scrollWidth <= wrap.clientWidth + 1)).toBe(true);
    const description = grocer.getByLabel('Description');
    expect((await description.boundingBox())!.width).toBeGreaterThanOrEqual(200);
  }
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Transactions saved.', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Make Changes' })).toBeVisible();

  // Viewing, also on a phone: the salary's deposit is in view.
  expect(await clippedHeaders(transactions)).toEqual([]);
  const salary = rowWith(transactions, 'Salary');
  await expect(salary).toContainText('2,500.00');
  await expect(salary.getByText('2,500.00')).toBeInViewport();
  // A negative figure reads bold dark red.
  const negative = page.locator('.ec-transactions-summary .ec-money--negative').first();
  if ((await negative.count()) > 0) {
    await expect(negative).toHaveCSS('color', 'rgb(139, 0, 0)');
    await expect(negative).toHaveCSS('font-weight', '700');
  }

  // The spent dialog adds up to the row's Spent.
  await page.goto(`/#/budgets/${budget.id}`);
  const groceries = rowWith(allocations, 'Groceries').first();
  await expect(groceries.locator('.ec-spent')).toHaveText('45.20', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Transactions for Groceries' }).click();
  const spentDialog = await settled(page.getByRole('dialog').filter({ hasText: 'Transactions for Groceries' }));
  await expect(rowWith(spentDialog, 'Total')).toContainText('45.20');
  await expect(rowWith(spentDialog, 'Total').locator('.ec-money--negative')).toHaveCount(0);
  await spentDialog.getByRole('button', { name: 'Close' }).click();
  await expect(spentDialog).toBeHidden();

  // Bank accounts: every action in view; the card's negative balance bold dark red.
  await page.goto('/#/setup/bank-accounts');
  const visaRow = rowWith(page.locator('.ant-table'), 'Visa').first();
  await expect(visaRow.getByRole('button', { name: 'Delete Visa' })).toBeInViewport({ ratio: 1, timeout: 30_000 });
  await expect(rowWith(page.locator('.ant-table'), 'Chequing').first().getByRole('button', { name: 'Delete Chequing' })).toBeInViewport({ ratio: 1 });
  if (!phone) {
    const opening = visaRow.locator('.ec-money--negative');
    await expect(opening).toHaveText('-70.00');
    await expect(opening).toHaveCSS('color', 'rgb(139, 0, 0)');
    await expect(opening).toHaveCSS('font-weight', '700');
  }

  // Close the month; its transactions are then read-only, with the way back offered.
  await page.goto('/#/budgets');
  const list = page.locator('.ec-budget-list');
  await rowWith(list, 'Close').first().getByRole('button', { name: 'Close' }).click({ timeout: 30_000 });
  const question = await settled(page.getByRole('dialog').filter({ hasText: 'Close Budget Period?' }));
  await question.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Budget closed.', { exact: true }).first()).toBeVisible();
  await page.goto(`/#/transactions?bank_account_id=${chequing.id}&budget_id=${budget.id}`);
  await expect(page.getByText('This budget is closed, so its transactions cannot be changed.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Make Changes' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Transfer' })).toHaveCount(0);
  expect(await clippedHeaders(transactions)).toEqual([]);
});
