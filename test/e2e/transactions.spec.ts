import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays, today } from '../../src/shared/dates';
import { apiFor, type Api } from './support/api';
import { createHousehold, signIn, type E2eUser } from './support/households';
import { chooseOption } from './support/dialogs';

/**
 * The weekly job: import the bank's CSV into the current budget, allocate every row, save, and see spent and
 * remaining move on the budget; then a transfer between two accounts and the reconciliation figures.
 */

interface Household {
  user: E2eUser;
  api: Api;
  budgetId: number;
  chequingId: number;
  savingsId: number;
  start: string;
}

/** Two categories, a chequing account (primary) and a savings account, and this month's budget with two allocations. */
async function prepareHousehold(): Promise<Household> {
  const user = await createHousehold();
  const api = await apiFor(user);
  const food = await api('POST', '/allocation_categories', { name: 'Food' });
  const home = await api('POST', '/allocation_categories', { name: 'Home' });
  // The budget starts on the first of this month so that "today" and the imported days fall inside it; it comes
  // before the accounts so that their checkpoint is the day before it starts.
  const start = `${today().slice(0, 8)}01`;
  const budget = await api<{ id: number; lock_version: number }>('POST', '/budgets', { start_date: start });
  const chequing = await api('POST', '/bank_accounts', { name: 'Chequing', account_type: 'normal', account_category: 'current', opening_balance: 100000 });
  const savings = await api('POST', '/bank_accounts', { name: 'Savings', account_type: 'normal', account_category: 'asset', opening_balance: 50000 });
  const settings = await api<{ lock_version: number }>('GET', '/settings');
  await api('POST', '/settings', { family_type: 'couple', wife: 'Alice', husband: 'Bob', single_person: 'Me', primary_budget_account_id: chequing.id, lock_version: settings.lock_version });
  await api('PUT', `/budgets/${budget.id}`, {
    lock_version: budget.lock_version,
    incomes: [{ name: 'Salary', amount: 500000, bank_account_id: chequing.id }],
    allocations: [
      { name: 'Groceries', amount: 60000, allocation_category_id: food.id },
      { name: 'Rent', amount: 150000, allocation_category_id: home.id },
    ],
  });
  return { user, api, budgetId: budget.id, chequingId: chequing.id, savingsId: savings.id, start };
}

const message = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const figure = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const rowWithDescription = (page: Page, description: string): Locator =>
  page.locator('.ec-transactions-table tbody tr').filter({ has: page.locator(`input[aria-label="Description"][value="${description}"]`) });

/** Picks an allocation by typing part of its name, as a person at the keyboard does. */
async function allocate(page: Page, row: Locator, search: string, name: string) {
  await chooseOption(page, row.getByRole('combobox', { name: 'Allocation' }), name, search);
  await expect(row.locator('.ant-select-content')).toHaveText(name);
}

test('import a bank CSV into the current budget, allocate, save, and see spent move', async ({ page }) => {
  const household = await prepareHousehold();
  const { start } = household;
  await signIn(page, household.user);

  await page.goto('/#/transactions');
  // The defaults (primary budget account, current budget) go into the URL. The first visit loads the page's code.
  await expect(page).toHaveURL(new RegExp(`bank_account_id=${household.chequingId}&budget_id=${household.budgetId}`), { timeout: 30_000 });
  await expect(page.getByText('No transactions in this period yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Make Changes' }).click();
  await page.getByRole('button', { name: 'Import Transactions' }).click();
  const importDialog = page.getByRole('dialog').filter({ hasText: 'Import Transactions' });
  await expect(importDialog).toBeVisible();
  const csv = [
    'Date,Description,Amount,Reference',
    `${addDays(start, 1)},Corner Grocer,-45.20,E2E-1`,
    `${addDays(start, 2)},Farmers Market,-30.00,E2E-2`,
    `${addDays(start, 3)},Landlord,"-1,500.00",E2E-3`,
    `${addDays(start, -1)},Last month,-9.99,E2E-0`,
  ].join('\n');
  await importDialog.getByLabel('Bank file').setInputFiles({ name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(importDialog.getByLabel('Date format')).toHaveValue('YYYY-MM-DD');
  await importDialog.getByRole('button', { name: 'Add 4 Rows' }).click();
  await expect(importDialog).toBeHidden();
  await expect(page.getByText('4 rows read: 3 added, 1 outside the budget period, 0 duplicates.')).toBeVisible();
  await expect(rowWithDescription(page, 'Last month')).toHaveClass(/ec-row--deleted/);

  await allocate(page, rowWithDescription(page, 'Corner Grocer'), 'groc', 'Groceries');
  await allocate(page, rowWithDescription(page, 'Farmers Market'), 'groc', 'Groceries');
  await allocate(page, rowWithDescription(page, 'Landlord'), 'rent', 'Rent');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(message(page, 'Transactions saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Make Changes' })).toBeVisible();
  await expect(page.locator('.ec-transactions-table tbody tr')).toHaveCount(3);

  // Reconciliation: 1,000.00 − 1,575.20; the budget still has (600 − 75.20) + (1,500 − 1,500) unspent.
  await expect(figure(page, 'Last Bank Balance')).toHaveText('1,000.00');
  await expect(figure(page, 'Transaction Total')).toHaveText('-1,575.20');
  await expect(figure(page, 'Current Bank Balance')).toHaveText('-575.20');
  await expect(figure(page, 'Current Budget Balance')).toHaveText('524.80');
  await expect(figure(page, 'Difference (Bank vs Budget)')).toHaveText('-1,100.00');

  // The budget's spent and remaining moved.
  const budget = await household.api<{ allocations: { name: string; spent: number }[] }>('GET', `/budgets/${household.budgetId}`);
  expect(budget.allocations.map((a) => [a.name, a.spent]).sort()).toEqual([
    ['Groceries', 7520],
    ['Rent', 150000],
  ]);
  await page.getByRole('link', { name: 'Go to Budget' }).click();
  const groceries = page.getByRole('row').filter({ hasText: 'Groceries' }).first();
  await expect(groceries).toContainText('75.20');
  await expect(groceries).toContainText('524.80');
});

test('transfer between two accounts', async ({ page }) => {
  const household = await prepareHousehold();
  await signIn(page, household.user);
  await page.goto(`/#/transactions?bank_account_id=${household.chequingId}&budget_id=${household.budgetId}`);
  await page.getByRole('button', { name: 'Transfer' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Bank Account Transfer' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'To', exact: true })).toBeVisible();
  await dialog.getByLabel('Description').fill('Rainy day');
  await dialog.getByLabel('Amount').fill('100');
  await expect(dialog.getByLabel('Resulting balances')).toContainText('Chequing after the transfer900.00');
  await expect(dialog.getByLabel('Resulting balances')).toContainText('Savings after the transfer600.00');
  await dialog.getByRole('button', { name: 'Transfer' }).click();
  await expect(message(page, 'Transfer completed.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(page.getByText('Withdrawal - Rainy day')).toBeVisible();
  await expect(figure(page, 'Current Bank Balance')).toHaveText('900.00');
  const accounts = await household.api<{ id: number; current_balance: number }[]>('GET', '/bank_accounts?include_current_balance=true');
  expect(accounts.find((a) => a.id === household.savingsId)?.current_balance).toBe(60000);

  await chooseOption(page, page.getByLabel('Bank Account'), 'Savings');
  await expect(page).toHaveURL(new RegExp(`bank_account_id=${household.savingsId}`));
  await expect(page.getByText('Deposit - Rainy day')).toBeVisible();
  await expect(figure(page, 'Current Bank Balance')).toHaveText('600.00');
});
