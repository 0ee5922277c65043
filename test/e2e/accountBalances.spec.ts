import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays, budgetEndDate, formatShortDate, today } from '../../src/shared/dates';
import { apiFor } from './support/api';
import { createHousehold, signIn } from './support/households';

/**
 * Checking every account against the bank: record transactions, read the balances and net worth, see that each
 * account's current balance is the one its transactions page shows, then adjust one account and find the
 * adjustment in its transactions and in Net Worth.
 */

const ACCOUNTS = ['Chequing', 'Savings', 'Car', 'Visa', 'Car Loan'];

/**
 * One account of each group. Savings is set up first, as a new household does: with no budget yet it opens on the
 * last day of last month, the day before this month's budget (made next) starts, the other accounts' opening date too.
 */
async function prepareHousehold() {
  const user = await createHousehold();
  const api = await apiFor(user);
  await api('POST', '/allocation_categories', { name: 'Food' });
  const ids: Record<string, number> = {};
  ids.Savings = (await api('POST', '/bank_accounts', { name: 'Savings', account_type: 'normal', account_category: 'asset', opening_balance: 50_000 })).id;
  const start = `${today().slice(0, 8)}01`;
  const budget = await api('POST', '/budgets', { start_date: start });
  for (const [name, fields] of [
    ['Chequing', { account_category: 'current', opening_balance: 100_000 }],
    ['Car', { account_category: 'asset', is_cash: false, opening_balance: 1_200_000 }],
    ['Visa', { account_type: 'credit_card', account_category: 'liability', opening_balance: 0 }],
    ['Car Loan', { account_category: 'liability', is_cash: false, opening_balance: -800_000 }],
  ] as const) {
    ids[name] = (await api('POST', '/bank_accounts', { name, account_type: 'normal', ...fields })).id;
  }
  const settings = await api<{ lock_version: number }>('GET', '/settings');
  await api('POST', '/settings', { family_type: 'single', wife: 'W', husband: 'H', single_person: 'Me', primary_budget_account_id: ids.Chequing, lock_version: settings.lock_version });
  // The card's charge comes in through the API; the chequing one is typed in on the page below.
  await api('POST', '/transactions', {
    bank_account_id: ids.Visa,
    budget_id: budget.id,
    window_lock_version: 0,
    transactions: [{ transaction_date: today(), description: 'Bookshop', withdrawal_amount: 2_550 }],
  });
  // Interest on the 1st, after Savings' opening date: it counts, though it was entered after the account was set up.
  await api('POST', '/transactions', {
    bank_account_id: ids.Savings,
    budget_id: budget.id,
    window_lock_version: 0,
    transactions: [{ transaction_date: start, description: 'Interest', withdrawal_amount: 0, deposit_amount: 2_000 }],
  });
  return { user, budgetId: budget.id, ids, start };
}

const message = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const group = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const accountRow = (page: Page, name: string): Locator => page.locator('.ec-balances-group tr.ant-table-row').filter({ has: page.getByRole('link', { name, exact: true }) });
const currentBalance = (page: Page, name: string) => accountRow(page, name).locator('td').last();

test('balances and net worth agree with the transactions pages, and an adjustment shows in both', { tag: '@phone' }, async ({ page }) => {
  const household = await prepareHousehold();
  const { start } = household;
  await signIn(page, household.user);

  // Record a purchase on Chequing, as a person does on the transactions page.
  await page.goto(`/#/transactions?bank_account_id=${household.ids.Chequing}&budget_id=${household.budgetId}`);
  await page.getByRole('button', { name: 'Make Changes' }).click({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Add New Transaction' }).click();
  await page.getByLabel('Description', { exact: true }).last().fill('Corner Grocer');
  await page.getByLabel(/^Withdrawn/).last().fill('45.20');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(message(page, 'Transactions saved.')).toBeVisible();
  await expect(page.getByLabel('Current Bank Balance', { exact: true })).toHaveText('954.80');

  await page.goto('/#/account-balances');
  await expect(currentBalance(page, 'Chequing')).toHaveText('954.80', { timeout: 30_000 });
  const nextClosing = `Balance At: ${formatShortDate(budgetEndDate(start))}`;
  await expect(group(page, 'Current Accounts').getByRole('columnheader', { name: nextClosing })).toBeVisible();
  const wide = (page.viewportSize()?.width ?? 0) > 600;
  if (wide) {
    await expect(group(page, 'Credit Cards').getByRole('columnheader', { name: `Balance At: ${formatShortDate(addDays(start, -1))}` })).toBeVisible();
    await expect(accountRow(page, 'Visa')).toContainText('Credit Card');
    await expect(group(page, 'Cash Assets').getByRole('columnheader', { name: `Balance At: ${formatShortDate(addDays(start, -1))}` })).toBeVisible();
  } else {
    // A phone shows three columns and the page does not scroll sideways.
    await expect(group(page, 'Current Accounts').getByRole('columnheader')).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  const expected = { Chequing: '954.80', Savings: '520.00', Car: '12,000.00', Visa: '-25.50', 'Car Loan': '-8,000.00' };
  for (const [name, balance] of Object.entries(expected)) await expect(currentBalance(page, name)).toHaveText(balance);
  await expect(currentBalance(page, 'Visa').locator('.ec-money--negative')).toHaveCSS('font-weight', '700');
  await expect(page.getByLabel('Total Assets', { exact: true })).toHaveText('13,474.80');
  await expect(page.getByLabel('Total Liabilities', { exact: true })).toHaveText('-8,025.50');
  await expect(page.getByLabel('Net Worth', { exact: true })).toHaveText('5,449.30');

  // Every account's current balance is the Current Bank Balance of its transactions page (its name leads there).
  for (const name of ACCOUNTS) {
    const balance = await currentBalance(page, name).textContent();
    await accountRow(page, name).getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`bank_account_id=${household.ids[name]}&budget_id=${household.budgetId}`));
    await expect(page.getByLabel('Current Bank Balance', { exact: true })).toHaveText(balance ?? '');
    await page.goBack();
    await expect(currentBalance(page, name)).toHaveText(balance ?? '');
  }

  // The bank says 950.00: adjust Chequing only.
  await page.getByRole('button', { name: 'Adjust Account Balances' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Adjust Account Balances' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('New Account Balance: Chequing').fill('950');
  await expect(dialog.getByLabel('Difference: Chequing')).toHaveText('-4.80');
  await expect(dialog.getByText('1 account to adjust.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(message(page, 'Balances adjusted.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(currentBalance(page, 'Chequing')).toHaveText('950.00');
  await expect(currentBalance(page, 'Savings')).toHaveText('520.00');
  await expect(page.getByLabel('Net Worth', { exact: true })).toHaveText('5,444.50');

  await accountRow(page, 'Chequing').getByRole('link', { name: 'Chequing', exact: true }).click();
  await expect(page.getByText('Manual Adjustment', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Current Bank Balance', { exact: true })).toHaveText('950.00');
});
