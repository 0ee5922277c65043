import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import type { DemoHousehold } from '../../server/demo/seed';
import { createDemoHousehold, signIn, type E2eUser } from './support/households';

/**
 * The monthly cycle with the keyboard alone, at desktop width: adjust the budget (Tab through a row, type),
 * save; a dialog that Escape cancels and Enter saves, giving the focus back to what opened it; record a
 * transaction; close the month. Nothing is clicked after signing in.
 */

test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const message = (page: Page, text: string) => page.locator('.ec-message-text', { hasText: text });

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails when it is not reachable that way. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 200 } = {}) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reachable with ${backwards ? 'Shift+Tab' : 'Tab'}`).toBeFocused({ timeout: 1 });
}

/** Through the menu as a keyboard user gets there: Tab to the entry, Enter. */
async function goByMenu(page: Page, entry: string) {
  const link = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: entry, exact: true });
  await link.focus();
  await page.keyboard.press('Enter');
}

let user: E2eUser;
let demo: DemoHousehold;

test.beforeAll(async () => {
  ({ user, demo } = await createDemoHousehold({ allocationsPerBudget: 10, pastBudgets: 2, futureBudgets: 1, windowTransactions: 4 }));
});

test('the monthly cycle with the keyboard alone', async ({ page }) => {
  await signIn(page, user);

  // 1. Adjust this month: Make Changes, Tab through the Groceries row, type its new amount, save.
  await goByMenu(page, 'Current Budget');
  const allocations = page.getByRole('table', { name: 'Allocations' });
  await expect(allocations.getByRole('rowheader', { name: 'Groceries', exact: true })).toBeVisible();
  const makeChanges = page.getByRole('button', { name: 'Make Changes' });
  await tabTo(page, makeChanges);
  await page.keyboard.press('Enter');
  const name = allocations.getByLabel('Allocation name').and(page.locator('[value="Groceries"]'));
  await tabTo(page, name);
  // Left to right along the row: name, amount, the spent list button, class, fixed, comment, delete.
  await page.keyboard.press('Tab');
  await expect(allocations.getByLabel('Groceries amount')).toBeFocused();
  await page.keyboard.type('1234.50');
  await page.keyboard.press('Tab');
  await expect(allocations.getByRole('button', { name: 'Transactions for Groceries' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', 'Class');
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', 'Fixed Amount?');
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', 'Allocation comment');
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', 'Delete Groceries');
  await tabTo(page, page.getByRole('button', { name: 'Save Changes' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(message(page, 'Budget saved.')).toBeVisible();
  await expect(allocations.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Groceries', exact: true }) })).toContainText('1,234.50');

  // The transactions behind a figure: Enter opens them, Escape closes, the focus is back on the button.
  const spent = allocations.getByRole('button', { name: 'Transactions for Groceries' });
  await tabTo(page, spent);
  await page.keyboard.press('Enter');
  const spentDialog = page.getByRole('dialog', { name: 'Transactions for Groceries' });
  await expect(spentDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(spentDialog).toBeHidden();
  await expect(spent).toBeFocused();

  // 2. Prepare the next months: the mass-edit dialog. Escape cancels (after "Close without saving?": Yes, the
  // focused answer), nothing saved; Enter saves.
  await goByMenu(page, 'Future Budgets');
  const grid = page.getByRole('table', { name: 'Future Budgets' });
  const opener = grid.getByRole('button', { name: 'Groceries', exact: true });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  let massEdit = page.getByRole('dialog', { name: 'Mass Edit Allocation' });
  await expect(massEdit).toBeVisible();
  const futureAmount = massEdit.getByLabel(/^Amount for /).first();
  await tabTo(page, futureAmount);
  await page.keyboard.type('999');
  await page.keyboard.press('Escape');
  const closeQuestion = page.getByRole('dialog').filter({ hasText: 'Close without saving?' });
  await expect(closeQuestion.getByRole('button', { name: 'Yes' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(massEdit).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(grid).not.toContainText('999.00');

  await page.keyboard.press('Enter');
  massEdit = page.getByRole('dialog', { name: 'Mass Edit Allocation' });
  await expect(massEdit).toBeVisible();
  await tabTo(page, massEdit.getByLabel(/^Amount for /).first());
  await page.keyboard.type('1300');
  await page.keyboard.press('Enter');
  await expect(message(page, 'Updates saved.')).toBeVisible();
  await expect(massEdit).toBeHidden();
  await expect(grid).toContainText('1,300.00');

  // 3. Record spending: a new row in the current budget's transactions, allocated by typing.
  await page.goto(`/#/transactions?bank_account_id=${demo.primaryAccountId}&budget_id=${demo.currentBudgetId}`);
  await tabTo(page, page.getByRole('button', { name: 'Make Changes' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Add New Transaction' }));
  await page.keyboard.press('Enter');
  const description = page.getByRole('textbox', { name: 'Description' }).and(page.locator('[value=""]'));
  await tabTo(page, description);
  await page.keyboard.type('Keyboard groceries');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Allocation' }).last()).toBeFocused();
  await page.keyboard.type('Groceries');
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option-active')).toContainText('Groceries');
  await page.keyboard.press('Enter');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await tabTo(page, page.getByLabel('Withdrawn: Keyboard groceries'), { limit: 5 });
  await page.keyboard.type('42.10');
  await tabTo(page, page.getByRole('button', { name: 'Save Changes' }), { backwards: true, limit: 400 });
  await page.keyboard.press('Enter');
  await expect(message(page, 'Transactions saved.')).toBeVisible();
  const recorded = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Keyboard groceries' }) });
  await expect(recorded).toContainText('42.10');
  await expect(recorded).toContainText('Groceries');

  // 4. Close the month: "Close" on the current budget, its question answered with Escape (No), then Enter (Yes).
  await goByMenu(page, 'Budgets');
  const close = page.getByRole('button', { name: 'Close', exact: true });
  await tabTo(page, close);
  await page.keyboard.press('Enter');
  const question = page.getByRole('dialog').filter({ hasText: 'Close Budget Period?' });
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(close).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Yes' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(message(page, 'Budget closed.')).toBeVisible();
});

// Issue 42: in a budget of 17 allocations it took 97 Tabs to reach one line. The toolbar's "Skip to allocations"
// (shown while it has the focus) takes the keyboard straight to the first allocation's amount.
test('editing a budget, the first allocation amount is a few Tabs from the top of the page', async ({ page }) => {
  await signIn(page, user);
  await goByMenu(page, 'Current Budget');
  const allocations = page.getByRole('table', { name: 'Allocations' });
  await expect(allocations.getByRole('rowheader', { name: 'Groceries', exact: true })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Make Changes' }));
  await page.keyboard.press('Enter');
  const skip = page.getByRole('button', { name: 'Skip to allocations' });
  const firstAmount = allocations.locator('tbody input[aria-label$=" amount"]').first();
  const firstName = await firstAmount.getAttribute('aria-label');

  // From Make Changes (now Save Changes) and from the top of the page: a few Tabs each, never the whole grid.
  await tabTo(page, skip, { limit: 4 });
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(firstAmount).toBeFocused();
  await page.getByRole('link', { name: 'Skip to content' }).focus();
  await page.keyboard.press('Enter');
  await tabTo(page, skip, { limit: 6 });
  await page.keyboard.press('Enter');
  await expect(firstAmount).toBeFocused();
  // The amount is selected: typing replaces it.
  await page.keyboard.type('432.10');
  await expect(page.getByLabel(firstName!, { exact: true })).toHaveValue('432.10');
});
