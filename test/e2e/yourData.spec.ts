import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createDemoHousehold, createHousehold, signIn } from './support/households';

/** Settings › Your data (issue 34): the export downloads, and history from YNAB previewed, then imported. */

test.describe.configure({ timeout: 120_000 });

const fixture = (...parts: string[]) => path.join(__dirname, '../fixtures/history', ...parts);

test('the household export and the transactions spreadsheet download from Settings › Your data', async ({ page }) => {
  const { user } = await createDemoHousehold({ pastBudgets: 2, futureBudgets: 0 });
  await signIn(page, user);
  await page.goto('/#/setup/settings');
  await expect(page.getByRole('link', { name: /Your data: export, import/ })).toHaveAttribute('href', '#/your-data', { timeout: 30_000 });
  await page.goto('/#/your-data');
  await expect(page.getByRole('button', { name: 'Download everything (JSON)' })).toBeVisible({ timeout: 30_000 });

  const [exportFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download everything (JSON)' }).click()]);
  expect(exportFile.suggestedFilename()).toMatch(/-export-\d{4}-\d{2}-\d{2}\.json$/);
  const document = JSON.parse(fs.readFileSync((await exportFile.path())!, 'utf8')) as { format: string; version: number; household: { name: string }; transactions: unknown[] };
  expect(document).toMatchObject({ format: 'everycent-household', version: 1, household: { name: user.householdName } });
  expect(document.transactions.length).toBeGreaterThan(100);

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Transactions (CSV)' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(fs.readFileSync((await csv.path())!, 'utf8')).toMatch(/^\uFEFFDate,Account,Description,Withdrawal,Deposit,Budget,Category,Allocation,Envelope,Status,Bank Reference\r\n/);
});

test('YNAB history: the preview shows what will be created and what could not be mapped, then the import creates it', async ({ page }) => {
  const user = await createHousehold();
  await signIn(page, user);
  await page.goto('/#/your-data');
  const history = page.locator('.your-data-card').filter({ hasText: 'Bring your history' });
  await expect(history).toBeVisible({ timeout: 60_000 });
  await history.getByLabel('Plan.csv').setInputFiles(fixture('ynab/Plan.csv'));
  await history.getByLabel('Register.csv').setInputFiles(fixture('ynab/Register.csv'));
  await history.getByRole('button', { name: 'Preview' }).click();

  const preview = history.getByLabel('Preview');
  await expect(preview).toContainText('2 monthly budgets, 2 accounts and 11 transactions, 6 of them on an allocation.');
  await expect(preview.getByRole('row', { name: /^Bills/ })).toContainText('A new category');
  await expect(preview.getByRole('row', { name: /Jan 01 - Jan 31, 2026/ })).toContainText('1,740.00');
  await expect(preview.getByText('Could not be mapped (1)')).toBeVisible();
  await expect(preview.getByRole('row', { name: /Gym/ })).toContainText('Health: Gym');

  await history.getByRole('button', { name: 'Import history' }).click();
  await expect(history.getByText('Imported 2 budgets, 7 allocations, 2 new accounts (0 joined yours) and 11 transactions.')).toBeVisible();
  await page.goto('/#/budgets');
  await expect(page.getByText('Feb 01 - Feb 28, 2026').first()).toBeVisible({ timeout: 30_000 });
});

test('an export refused as not ours says so at its preview and offers no import', async ({ page }) => {
  const user = await createHousehold();
  await signIn(page, user);
  await page.goto('/#/your-data');
  const importCard = page.locator('.your-data-card').filter({ hasText: 'Import an EveryCent export' });
  await importCard.getByLabel('EveryCent export file').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": "world"}') });
  await importCard.getByRole('button', { name: 'Preview export' }).click();
  await expect(importCard.getByText('This file is not an EveryCent household export.')).toBeVisible();
  await expect(importCard.getByRole('button', { name: 'Import export' })).toHaveCount(0);
});

test('a member who is not an owner is told that only owners export and import, and offered neither', async ({ page }) => {
  const owner = await createHousehold();
  // A second person of the same household: a member.
  const member = await createHousehold(owner.householdName);
  await signIn(page, member);
  await page.goto('/#/your-data');
  await expect(page.getByText('Only an owner of the household can export it or import into it.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Download everything (JSON)' })).toHaveCount(0);
  await expect(page.getByLabel('EveryCent export file')).toHaveCount(0);
});
