import { expect, test, type Locator, type Page } from '@playwright/test';
import { today } from '../../src/shared/dates';
import { apiFor, type Api } from './support/api';
import { settled } from './support/dialogs';
import { createHousehold, signIn } from './support/households';

/**
 * Issue 16's keyboard and phone points, in the browser at 1280px and 375px: every form dialog opens with the focus
 * in its first field (so a person types at once) and gives it back to its opener on closing; the transactions
 * window is edited on a phone without sideways scrolling, each row a card with Deposited in view.
 */

interface Household {
  api: Api;
  budgetId: number;
  chequingId: number;
  sinkFundId: number;
  eventId: number;
}

async function prepareHousehold(page: Page): Promise<Household> {
  const user = await createHousehold();
  const api = await apiFor(user);
  const food = await api('POST', '/allocation_categories', { name: 'Food' });
  const budget = await api<{ id: number; lock_version: number }>('POST', '/budgets', { start_date: `${today().slice(0, 8)}01` });
  const chequing = await api('POST', '/bank_accounts', { name: 'Chequing', account_type: 'normal', account_category: 'current', opening_balance: 100000 });
  await api('POST', '/bank_accounts', { name: 'Savings', account_type: 'normal', account_category: 'asset', opening_balance: 50000 });
  const sinkFund = await api('POST', '/bank_accounts', { name: 'Rainy Day', account_type: 'sink_fund', account_category: 'asset', opening_balance: 20000 });
  const settings = await api<{ lock_version: number }>('GET', '/settings');
  await api('POST', '/settings', { family_type: 'couple', wife: 'Alice', husband: 'Bob', single_person: 'Me', primary_budget_account_id: chequing.id, lock_version: settings.lock_version });
  await api('PUT', `/budgets/${budget.id}`, {
    lock_version: budget.lock_version,
    incomes: [{ name: 'Salary', amount: 250000, bank_account_id: chequing.id }],
    allocations: [{ name: 'Groceries', amount: 60000, allocation_category_id: food.id }],
  });
  const event = await api('POST', '/special_events', { name: 'Wedding' });
  await signIn(page, user);
  return { api, budgetId: budget.id, chequingId: chequing.id, sinkFundId: sinkFund.id, eventId: event.id };
}

/** Opens a dialog with its button and checks where the focus is once it has settled; Escape closes it and the focus goes back. */
async function expectFirstFieldFocused(page: Page, opener: Locator, title: string, firstField: (dialog: Locator) => Locator) {
  await opener.click({ timeout: 30_000 });
  const dialog = await settled(page.getByRole('dialog', { name: title }));
  await expect(firstField(dialog), `${title}: focus in the first field`).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener, `${title}: focus back on its opener`).toBeFocused();
}

test('every form dialog opens with the focus in its first field', async ({ page }) => {
  test.setTimeout(240_000);
  const household = await prepareHousehold(page);
  const button = (name: string) => page.getByRole('button', { name, exact: true });

  await page.goto('/#/setup/bank-accounts');
  await expectFirstFieldFocused(page, button('Add Bank Account'), 'Add Bank Account', (dialog) => dialog.getByLabel('Name'));
  await page.goto('/#/setup/allocation-categories');
  await expectFirstFieldFocused(page, button('Add Allocation Category'), 'Add Allocation Category', (dialog) => dialog.getByLabel('Name'));
  await page.goto('/#/setup/members');
  await expectFirstFieldFocused(page, button('Add Member'), 'Add Member', (dialog) => dialog.getByLabel('Name'));

  await page.goto('/#/budgets');
  await expectFirstFieldFocused(page, button('Add New Budget'), 'Add New Budget', (dialog) => dialog.getByLabel('Start Date'));

  await page.goto(`/#/transactions?bank_account_id=${household.chequingId}&budget_id=${household.budgetId}`);
  await expectFirstFieldFocused(page, button('Transfer'), 'Bank Account Transfer', (dialog) => dialog.getByRole('combobox', { name: 'From', exact: true }));
  await button('Make Changes').click();
  await expectFirstFieldFocused(page, button('Import Transactions'), 'Import Transactions', (dialog) => dialog.getByLabel('Bank file'));
  await button('Cancel').click();

  await page.goto(`/#/sink-funds?bank_account_id=${household.sinkFundId}`);
  await expectFirstFieldFocused(page, button('Transfer Money'), 'Transfer Money', (dialog) => dialog.getByRole('combobox', { name: 'From', exact: true }));

  await page.goto('/#/account-balances');
  await expect(button('Adjust Account Balances')).toBeEnabled({ timeout: 30_000 });
  await expectFirstFieldFocused(page, button('Adjust Account Balances'), 'Adjust Account Balances', (dialog) => dialog.getByLabel(/^New Account Balance/).first());

  await page.goto('/#/special-events');
  await expectFirstFieldFocused(page, button('Add Special Event'), 'Add Special Event', (dialog) => dialog.getByLabel('Name'));
  await page.goto(`/#/special-events/${household.eventId}`);
  await expectFirstFieldFocused(page, button('Adjust Allocations'), 'Adjust Allocations: Wedding', (dialog) => dialog.getByRole('combobox', { name: 'Budget', exact: true }));
});

test('a phone edits transactions as cards, without scrolling sideways; 1280px keeps every column', { tag: '@phone' }, async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const phone = testInfo.project.name === 'phone';
  const household = await prepareHousehold(page);
  await household.api('POST', '/transactions', {
    bank_account_id: household.chequingId,
    budget_id: household.budgetId,
    window_lock_version: 0,
    transactions: [
      { transaction_date: `${today().slice(0, 8)}01`, description: 'Salary from a long-named employer of the household', withdrawal_amount: 0, deposit_amount: 250000, status: 'paid' },
      { transaction_date: `${today().slice(0, 8)}01`, description: 'Corner Grocer', withdrawal_amount: 4520, deposit_amount: 0, status: 'paid' },
    ],
  });
  await page.goto(`/#/transactions?bank_account_id=${household.chequingId}&budget_id=${household.budgetId}`);
  await page.getByRole('button', { name: 'Make Changes' }).click({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Add New Transaction' }).click();
  const table = page.locator('.ec-transactions-table');
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(3);

  // Nothing wider than the screen: neither the page nor the table's own box scrolls sideways.
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= document.scrollingElement!.clientWidth)).toBe(true);
  expect(await table.locator('..').evaluate((wrap) => wrap.scrollWidth <= wrap.clientWidth + 1)).toBe(true);

  const salary = rows.first();
  for (const field of [salary.getByLabel('Date'), salary.getByLabel('Description'), salary.getByRole('combobox', { name: 'Allocation' }), salary.getByLabel(/^Withdrawn/), salary.getByLabel(/^Deposited/), salary.getByLabel('Paid?'), salary.getByRole('button', { name: /^Delete/ })]) {
    await field.scrollIntoViewIfNeeded();
    await expect(field).toBeInViewport({ ratio: 1 });
  }
  await expect(salary.getByLabel(/^Deposited/)).toHaveValue('2500.00');
  const box = async (locator: Locator) => (await locator.boundingBox())!;
  if (phone) {
    // A card: the fields stacked (date above description above allocation above the amounts), each named on screen.
    const [date, description, allocation, deposited] = await Promise.all([
      box(salary.getByLabel('Date')),
      box(salary.getByLabel('Description')),
      box(salary.getByRole('combobox', { name: 'Allocation' })),
      box(salary.getByLabel(/^Deposited/)),
    ]);
    expect(date.y).toBeLessThan(description.y);
    expect(description.y).toBeLessThan(allocation.y);
    expect(allocation.y).toBeLessThan(deposited.y);
    await expect(salary.locator('[data-label="Deposited"]')).toBeVisible();
    expect(await salary.locator('[data-label="Deposited"]').evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Deposited"');
  } else {
    // 1280px: the table as before, one line per row, every heading in view.
    await expect(table.locator('thead th', { hasText: 'Deposited' })).toBeInViewport();
    const [date, deposited] = await Promise.all([box(salary.getByLabel('Date')), box(salary.getByLabel(/^Deposited/))]);
    expect(Math.abs(date.y - deposited.y)).toBeLessThan(10);
  }
});
