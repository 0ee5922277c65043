import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { today } from '../../src/shared/dates';
import { apiFor } from './support/api';
import { settled } from './support/dialogs';
import { createHousehold, signIn } from './support/households';

/**
 * Switching in after the guided start (issue 46): a household that added its everyday account and planned its
 * first month brings its YNAB history. The account and one category group meet the household's own by name; the
 * other accounts and groups are created; the figures are the file's. The files are a real YNAB export kept beside
 * the repository (../shared/history/ynab, as test/server/history finds them), read here, never copied in.
 */

test.describe.configure({ timeout: 180_000 });

const FOLDER = [process.env.EVERYCENT_HISTORY_DIR, path.join(__dirname, '../../../shared/history/ynab'), '/work/shared/history/ynab'].find(
  (folder): folder is string => folder !== undefined && fs.existsSync(folder),
)!;
const PLAN = path.join(FOLDER, '3', 'Plan.csv');
const REGISTER = path.join(FOLDER, '3', 'Register.csv');

type Row = Record<string, string>;
const rowsOf = (file: string) => Papa.parse<Row>(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
/** This export writes "$1,234.56" and "-$1.05". */
const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
const money = (amount: number) => (amount < 0 ? '-' : '') + (Math.abs(amount) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });

/** Each account's balance as the file has it (every row of this export is cleared, or dated before its export). */
function fileBalances(): Record<string, number> {
  const balances: Record<string, number> = {};
  for (const row of rowsOf(REGISTER)) balances[row.Account] = (balances[row.Account] ?? 0) + cents(row.Inflow) - cents(row.Outflow);
  return balances;
}

const guideCard = (page: Page) => page.locator('section.ec-guide-card');

test('a household made through the guided start brings its YNAB history: one account and one group joined, the rest created', { tag: '@phone' }, async ({ page }) => {
  const user = await createHousehold();
  await signIn(page, user);

  // Guided start, step 1: the everyday account, as the bank shows it today.
  await guideCard(page).getByRole('link', { name: 'Add your accounts (Bank Accounts)' }).click();
  await page.getByRole('button', { name: 'Add Bank Account' }).click();
  const accountDialog = await settled(page.getByRole('dialog').filter({ hasText: 'Add Bank Account' }));
  await accountDialog.getByLabel('Name').fill('Everyday Checking');
  await accountDialog.getByLabel('Opening Balance').fill('1000');
  await accountDialog.getByRole('button', { name: 'Save' }).click();
  await expect(accountDialog).toBeHidden();
  // Step 2, planning the first month, made the household's categories and this month's budget (here as its API calls).
  const api = await apiFor(user);
  const homeBase = await api('POST', '/allocation_categories', { name: 'Home Base' });
  await api('POST', '/budgets', { start_date: `${today().slice(0, 8)}01` });

  await page.goto('/#/your-data');
  const history = page.locator('.your-data-card').filter({ hasText: 'Bring your history' });
  await expect(history).toBeVisible({ timeout: 60_000 });
  await history.getByLabel('Plan.csv').setInputFiles(PLAN);
  await history.getByLabel('Register.csv').setInputFiles(REGISTER);
  await history.getByRole('button', { name: 'Preview' }).click();

  const preview = history.getByLabel('Preview');
  const balances = fileBalances();
  const accounts = Object.keys(balances);
  await expect(preview).toContainText(`${accounts.length} accounts`);
  // Matched by name: the account and the group; the others are new.
  await expect(preview.getByRole('combobox', { name: 'Everyday Checking becomes' }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText('Everyday Checking');
  await expect(preview.getByRole('combobox', { name: 'Home Base becomes' }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText('Home Base');
  await expect(preview.getByRole('combobox', { name: 'Essentials becomes' }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText('A new category');
  await expect(preview.getByRole('combobox', { name: 'Coastline Visa becomes' }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText('A new account');

  await history.getByRole('button', { name: 'Import history' }).click();
  await expect(history.getByText(`${accounts.length - 1} new accounts (1 joined yours)`, { exact: false })).toBeVisible({ timeout: 60_000 });

  // The figures: the new accounts at the file's balances, the joined account where the person said it is today.
  const stored = await api<Array<{ name: string; current_balance: number }>>('GET', '/bank_accounts?include_current_balance=true&include_closed=true');
  const here = Object.fromEntries(stored.map((a) => [a.name, a.current_balance]));
  expect(here).toEqual({ ...balances, 'Everyday Checking': 100_000 });
  const categories = await api<Array<{ id: number; name: string }>>('GET', '/allocation_categories');
  expect(categories.filter((c) => c.name === 'Home Base')).toEqual([{ id: homeBase.id, name: 'Home Base' }]);

  // A month of the history as its budget shows it: the rent YNAB assigned in April, under the household's own group.
  const april = rowsOf(PLAN).find((row) => row.Month === 'Apr 2026' && row.Category === 'Apartment Rent')!;
  await page.goto('/#/budgets');
  await page.getByRole('row').filter({ hasText: 'Apr 01 - Apr 30, 2026' }).getByRole('button', { name: 'View' }).click();
  const allocations = page.getByRole('table', { name: 'Allocations' });
  await expect(allocations.getByRole('row').filter({ hasText: 'Apartment Rent' }).first()).toContainText(money(cents(april.Assigned)));
  await expect(allocations.getByRole('row').filter({ hasText: 'Home Base' }).first()).toBeVisible();
  await page.goto('/#/activity');
  await expect(page.getByText(/brought in history from YNAB/).first()).toBeVisible({ timeout: 30_000 });
});
