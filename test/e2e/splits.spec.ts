import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays, today } from '../../src/shared/dates';
import { apiFor } from './support/api';
import { createHousehold, signIn, signInBackToQuickAdd } from './support/households';
import { chooseOption, settled } from './support/dialogs';

/**
 * Issue 44: one supermarket receipt split three ways from the transactions window (groceries, household goods and
 * a birthday present), at 1280 and at 375 px; the budget's spent and the spent dialog show the parts; an imported
 * row split in the import preview; Find Transactions and Category Spending show the parts.
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
  return { user, api, budgetId: budget.id, chequingId: chequing.id as number, start };
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

test('a receipt split three ways in Quick Add; the budget shows the parts', { tag: '@phone' }, async ({ page }) => {
  const household = await prepareHousehold();
  await signIn(page, household.user);
  await page.goto('/#/quick-add');
  await expect(page.getByText('Record one transaction')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await page.getByLabel('Description').fill('Corner Shop');
  await page.getByLabel('Amount', { exact: true }).fill('40');
  await page.getByLabel('Amount', { exact: true }).blur();
  await page.getByRole('button', { name: 'Split' }).click();
  const parts = page.getByRole('group', { name: 'Parts' });
  await expect(parts.getByLabel('Amount of part 1')).toHaveValue('40.00');
  await parts.getByLabel('Amount of part 1').fill('20');
  await parts.getByLabel('Amount of part 1').blur();
  await chooseOption(page, parts.getByRole('combobox', { name: 'Allocation of part 1' }), 'Groceries', 'groc');
  await parts.getByRole('button', { name: 'Add part' }).click();
  await expect(parts.getByLabel('Amount of part 2')).toHaveValue('20.00');
  await parts.getByLabel('Amount of part 2').fill('12');
  await parts.getByLabel('Amount of part 2').blur();
  await chooseOption(page, parts.getByRole('combobox', { name: 'Allocation of part 2' }), 'Household goods', 'house');
  await parts.getByRole('button', { name: 'Add part' }).click();
  await expect(parts.getByLabel('Amount of part 3')).toHaveValue('8.00');
  await chooseOption(page, parts.getByRole('combobox', { name: 'Allocation of part 3' }), 'Gifts', 'gift');
  await expect(parts.getByRole('status')).toHaveText('The parts add up to the amount.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Description')).toHaveValue('');

  const budget = await household.api<{ allocations: Array<{ name: string; spent: number }> }>('GET', `/budgets/${household.budgetId}`);
  expect(budget.allocations.map((a) => [a.name, a.spent]).sort()).toEqual([
    ['Gifts', 800],
    ['Groceries', 2000],
    ['Household goods', 1200],
  ]);
  await page.goto(`/#/budgets/${household.budgetId}`);
  const allocations = page.getByRole('table', { name: 'Allocations' });
  await expect(allocations.getByRole('row').filter({ has: page.getByRole('button', { name: 'Transactions for Household goods' }) }).first()).toContainText('12.00');
});

test('an imported row split in the preview before it is added, then saved', { tag: '@phone' }, async ({ page }, testInfo) => {
  const household = await prepareHousehold();
  await signIn(page, household.user);
  await page.goto('/#/transactions');
  await expect(page.getByText('Supermarket', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Make Changes' }).click();
  await page.getByRole('button', { name: 'Import Transactions' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Import Transactions' });
  await dialog.getByLabel('Pasted text').fill(['Date,Description,Amount', `${addDays(household.start, 2)},Market Hall,-80.00`, `${addDays(household.start, 3)},Bus fare,-2.50`].join('\n'));
  await dialog.getByRole('button', { name: 'Read Text' }).click();

  // The keyboard opens the split as well as the mouse.
  await dialog.getByRole('button', { name: 'Split Market Hall' }).focus();
  await page.keyboard.press('Enter');
  const parts = dialog.getByRole('table', { name: 'Parts of Market Hall' });
  await expect(parts.getByLabel('Amount of part 1 of Market Hall')).toHaveValue('80.00');
  await chooseOption(page, parts.getByRole('combobox', { name: 'Allocation of part 1 of Market Hall' }), 'Groceries', 'groc');
  await typeAmount(parts.getByLabel('Amount of part 1 of Market Hall'), '50');
  await expect(dialog.getByRole('status').filter({ hasText: 'Not split' })).toHaveText('Not split: 30.00');
  await expect(dialog.getByRole('button', { name: 'Make the parts add up first' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Add a part to Market Hall' }).click();
  await expect(parts.getByLabel('Amount of part 2 of Market Hall')).toHaveValue('30.00');
  await chooseOption(page, parts.getByRole('combobox', { name: 'Allocation of part 2 of Market Hall' }), 'Gifts', 'gift');
  await parts.getByLabel('Memo of part 2 of Market Hall').fill('flowers');
  await expect(dialog.getByRole('status').filter({ hasText: 'The parts add up to the amount.' })).toBeVisible();
  if (testInfo.project.name === 'phone') {
    const body = dialog.locator('.ant-modal-body');
    expect(await body.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  }
  await dialog.getByRole('button', { name: 'Add 2 Rows' }).click();
  await expect(dialog).toBeHidden();
  // In the window the row arrives split.
  await expect(page.getByRole('table', { name: 'Parts of Market Hall' }).getByLabel('Memo of part 2 of Market Hall')).toHaveValue('flowers');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Transactions saved.', { exact: true }).first()).toBeVisible();
  const shown = page.getByRole('table', { name: 'Parts of Market Hall' }).getByRole('row').filter({ hasText: /Split \(\d\/2\)/ });
  await expect(shown).toHaveCount(2);
  await expect(shown.nth(1)).toContainText('Gifts');
  await expect(shown.nth(1)).toContainText('flowers');

  const budget = await household.api<{ allocations: Array<{ name: string; spent: number }> }>('GET', `/budgets/${household.budgetId}`);
  expect(budget.allocations.map((a) => [a.name, a.spent]).sort()).toEqual([
    ['Gifts', 3000],
    ['Groceries', 5000],
    ['Household goods', 0],
  ]);
});

test('Find Transactions and Category Spending show a receipt split three ways by its parts', { tag: '@phone' }, async ({ page }, testInfo) => {
  const household = await prepareHousehold();
  const saved = await household.api<Array<Record<string, unknown>>>('GET', `/transactions?bank_account_id=${household.chequingId}&budget_id=${household.budgetId}`);
  const budget = await household.api<{ allocations: Array<{ id: number; name: string }> }>('GET', `/budgets/${household.budgetId}`);
  const id = (name: string) => budget.allocations.find((a) => a.name === name)!.id;
  await household.api('POST', '/transactions', {
    bank_account_id: household.chequingId,
    budget_id: household.budgetId,
    transactions: [
      {
        ...saved[0],
        splits: [
          { amount: -6000, allocation_id: id('Groceries'), memo: null },
          { amount: -2500, allocation_id: id('Household goods'), memo: 'light bulbs' },
          { amount: -1500, allocation_id: id('Gifts'), memo: 'birthday present' },
        ],
      },
    ],
  });
  await signIn(page, household.user);

  await page.goto('/#/transactions/find');
  const search = page.getByRole('searchbox', { name: 'Description, amount or reference' });
  await search.fill('birthday', { timeout: 30_000 });
  await search.press('Enter');
  await expect(page.getByText('1 transaction found')).toBeVisible();
  const parts = page.getByRole('list', { name: 'Parts of Supermarket' }).getByRole('listitem');
  await expect(parts).toHaveCount(3);
  await expect(parts.nth(0)).toHaveText(/Split \(1\/3\) Groceries\s*-60\.00/);
  await expect(parts.nth(1)).toHaveText(/Split \(2\/3\) Household goods · light bulbs\s*-25\.00/);
  await expect(parts.nth(2)).toHaveText(/Split \(3\/3\) Gifts · birthday present\s*-15\.00/);
  if (testInfo.project.name === 'phone') {
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }

  // Category Spending: Food holds the groceries part, Home the household goods and the present.
  await page.goto('/#/reports/category-spending');
  const rows = page.getByRole('region', { name: 'Budgeted and spent by period' }).locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1, { timeout: 30_000 });
  // Period, budgeted, spent, difference.
  await expect(rows.first().locator('td')).toHaveText([/\d{4}/, '600.00', '60.00', '540.00']);
  await chooseOption(page, 'Category', 'Home');
  await expect(rows.first().locator('td')).toHaveText([/\d{4}/, '150.00', '40.00', '110.00']);
});

test('a receipt split three ways on the light Quick Add page for phones', { tag: '@phone' }, async ({ page }) => {
  const household = await prepareHousehold();
  await signIn(page, household.user);
  await page.goto('/quick-add');
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled({ timeout: 30_000 });
  await page.getByLabel('Description').fill('Corner Shop');
  await page.getByLabel('Amount').fill('40');
  await page.getByLabel(/^Allocation/).selectOption({ label: 'Groceries' });
  await page.getByRole('button', { name: 'Split', exact: true }).click();
  const parts = page.getByRole('group', { name: 'Parts' });
  // The first part holds the whole amount and the allocation chosen so far.
  await expect(parts.getByLabel('Amount of part 1')).toHaveValue('40.00');
  await expect(parts.getByLabel('Allocation of part 1')).toHaveValue(/\d+/);
  await parts.getByLabel('Amount of part 1').fill('20');
  await expect(page.getByText('Not split: 20.00')).toBeVisible();
  // Refused until the parts add up.
  await page.getByRole('button', { name: 'Add part' }).click();
  await expect(parts.getByLabel('Amount of part 2')).toHaveValue('20.00');
  await parts.getByLabel('Amount of part 2').fill('12');
  await parts.getByLabel('Allocation of part 2').selectOption({ label: 'Household goods' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('Not saved. The parts are 8.00 short of the amount.');
  // The keyboard adds a part as well as the mouse.
  await page.getByRole('button', { name: 'Add part' }).focus();
  await page.keyboard.press('Enter');
  await expect(parts.getByLabel('Amount of part 3')).toHaveValue('8.00');
  await parts.getByLabel('Allocation of part 3').selectOption({ label: 'Gifts' });
  await parts.getByLabel('Memo of part 3').fill('birthday present');
  await expect(page.getByText('The parts add up to the amount.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: Corner Shop 40.00 withdrawn.')).toBeVisible();
  await expect(parts).toBeHidden();

  const budget = await household.api<{ allocations: Array<{ name: string; spent: number }> }>('GET', `/budgets/${household.budgetId}`);
  expect(budget.allocations.map((a) => [a.name, a.spent]).sort()).toEqual([
    ['Gifts', 800],
    ['Groceries', 2000],
    ['Household goods', 1200],
  ]);
  const rows = await household.api<Array<{ description: string; splits?: Array<{ amount: number; memo: string | null }> }>>(
    'GET',
    `/transactions?bank_account_id=${household.chequingId}&budget_id=${household.budgetId}`,
  );
  expect(rows.find((row) => row.description === 'Corner Shop')!.splits!.map((p) => [p.amount, p.memo])).toEqual([
    [-2000, null],
    [-1200, null],
    [-800, 'birthday present'],
  ]);
});

test('a split entry whose save meets an expired session comes back split on the light page after signing in', { tag: '@phone' }, async ({ page }) => {
  const household = await prepareHousehold();
  const { allocations } = await household.api<{ allocations: Array<{ id: number; name: string }> }>('GET', `/budgets/${household.budgetId}`);
  const allocationId = (name: string) => allocations.find((a) => a.name === name)!.id;
  await signIn(page, household.user);
  await page.goto('/quick-add');
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled({ timeout: 30_000 });
  await page.getByLabel('Description').fill('Market stall');
  await page.getByLabel('Amount').fill('30');
  await page.getByRole('button', { name: 'Split', exact: true }).click();
  const parts = page.getByRole('group', { name: 'Parts' });
  await parts.getByLabel('Amount of part 1').fill('18');
  await parts.getByLabel('Allocation of part 1').selectOption({ label: 'Groceries' });
  await page.getByRole('button', { name: 'Add part' }).click();
  await parts.getByLabel('Allocation of part 2').selectOption({ label: 'Gifts' });
  await parts.getByLabel('Memo of part 2').fill('flowers');
  await expect(page.getByText('The parts add up to the amount.')).toBeVisible();
  // The session runs out before Save.
  await page.evaluate(() => window.localStorage.setItem('access-token', 'expired'));
  await page.getByRole('button', { name: 'Save' }).click();

  await signInBackToQuickAdd(page, household.user);
  await expect(page.getByText('Your entry is kept: check it and save it again.')).toBeVisible();
  await expect(parts.getByLabel('Amount of part 1')).toHaveValue('18.00');
  await expect(parts.getByLabel('Allocation of part 1')).toHaveValue(String(allocationId('Groceries')));
  await expect(parts.getByLabel('Amount of part 2')).toHaveValue('12.00');
  await expect(parts.getByLabel('Memo of part 2')).toHaveValue('flowers');
  await expect(page.getByText('The parts add up to the amount.')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: Market stall 30.00 withdrawn.')).toBeVisible();

  const rows = await household.api<Array<{ description: string; splits?: Array<{ amount: number; memo: string | null; allocation_id: number | null }> }>>(
    'GET',
    `/transactions?bank_account_id=${household.chequingId}&budget_id=${household.budgetId}`,
  );
  expect(rows.find((row) => row.description === 'Market stall')!.splits!.map((p) => [p.amount, p.memo, p.allocation_id])).toEqual([
    [-1800, null, allocationId('Groceries')],
    [-1200, 'flowers', allocationId('Gifts')],
  ]);
});
