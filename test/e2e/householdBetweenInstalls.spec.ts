import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { connectDatabase } from '../../server/db/connect';
import { addUser, prepareUser } from '../../server/services/households';
import { E2E_DATABASE_FILE } from './support/env';
import { createDemoHousehold, createHousehold, type E2eUser, signIn } from './support/households';

/**
 * Switching in at any time (issue 46): a household's export moved into a fresh household, its name with it and
 * its partner invited (no password travels); and YNAB's scheduled rows previewed as the upcoming bills they become.
 */

test.describe.configure({ timeout: 180_000 });

/** A person in the household of that name (made when there is none), straight into the e2e server's database. */
async function addPerson(householdName: string, email: string, name: string, password: string): Promise<E2eUser> {
  const database = connectDatabase(`sqlite:${E2E_DATABASE_FILE}`);
  try {
    const { householdId } = await addUser(database.db, { householdName, email, password, name });
    return { email, password, householdName, householdId };
  } finally {
    await database.destroy();
  }
}

/**
 * A new household whose owner has `email`, as on a fresh install. The CLI's user:add refuses an email used in any
 * household of the install, so the rows go in directly (an email is unique only within a household, migration 0017).
 */
async function ownerOfFreshHousehold(householdName: string, email: string, name: string, password: string): Promise<E2eUser> {
  const database = connectDatabase(`sqlite:${E2E_DATABASE_FILE}`);
  try {
    const user = await prepareUser({ householdName, email, password, name });
    const householdId = await database.db.transaction().execute(async (trx) => {
      const household = await trx.insertInto('households').values({ name: householdName }).returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('users').values({ household_id: household.id, email: user.email, name, password_hash: user.passwordHash, role: 'owner' }).execute();
      return household.id;
    });
    return { email, password, householdName, householdId };
  } finally {
    await database.destroy();
  }
}

async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/#/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

test('an export moved into a fresh household: its name comes with it, the partner is invited and signs in with the temporary password', { tag: '@phone' }, async ({ page }) => {
  const { user: alex } = await createDemoHousehold({ pastBudgets: 1, futureBudgets: 0 });
  const samEmail = `sam-${randomBytes(4).toString('hex')}@example.com`;
  await addPerson(alex.householdName, samEmail, 'Sam', 'sams own password 1');

  await signIn(page, alex);
  await page.goto('/#/your-data');
  const exportButton = page.getByRole('button', { name: 'Download everything (JSON)' });
  await expect(exportButton).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
  const file = path.join(test.info().outputDir, 'household-export.json');
  await download.saveAs(file);

  // Alex again, on a fresh install's household (of another name, with another password): of the file's people, only Alex is here.
  const fresh = await ownerOfFreshHousehold(`Fresh ${randomBytes(3).toString('hex')}`, alex.email, 'Alex', 'alex new install 1');
  await page.evaluate(() => window.localStorage.clear());
  await signInAs(page, fresh.email, fresh.password);
  await page.waitForURL(/#\/$/);
  await page.goto('/#/your-data');
  const card = page.locator('.your-data-card').filter({ hasText: 'Import an EveryCent export' });
  await card.getByLabel('EveryCent export file').setInputFiles(file);
  await card.getByRole('button', { name: 'Preview export' }).click();

  const preview = card.getByLabel('Import preview');
  await expect(preview).toContainText(`This household will be named "${alex.householdName}" (now "${fresh.householdName}").`, { timeout: 30_000 });
  await expect(preview).toContainText(`Alex (${alex.email.toLowerCase()}): already a member here`);
  const invite = preview.getByRole('checkbox', { name: 'Invite Sam' });
  await expect(invite).toBeChecked();
  await expect(preview.getByRole('listitem').filter({ hasText: 'Sam' })).toContainText('will be invited');

  await card.getByRole('button', { name: 'Import export' }).click();
  const result = card.getByLabel('Import result');
  await expect(result).toContainText(`This household is now "${alex.householdName}".`, { timeout: 60_000 });
  const invited = result.getByRole('list', { name: 'Invited' }).getByRole('listitem').filter({ hasText: 'Sam' });
  await expect(invited).toContainText(samEmail);
  const temporary = (await invited.locator('code').textContent())!.trim();
  expect(temporary.length).toBeGreaterThanOrEqual(12);
  // Nothing wider than the screen, at either width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // Sam signs in with the temporary password, chooses their own, and is in the imported household.
  await page.evaluate(() => window.localStorage.clear());
  await signInAs(page, samEmail, temporary);
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Temporary password').fill(temporary);
  await page.getByLabel('New password', { exact: true }).fill('sams new password 2');
  await page.getByLabel('Confirm new password').fill('sams new password 2');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await page.goto('/#/setup/members');
  // Sam is "You" in the imported household's members, a member (the owner there makes them an owner here if they like).
  const members = page.getByRole('table', { name: 'Household members' });
  await expect(members.getByRole('row', { name: /^Sam You/ })).toContainText('Member', { timeout: 30_000 });
  await expect(members.getByRole('row', { name: /^Alex/ })).toContainText('Owner');
  const imported = await page.evaluate(() => window.localStorage.getItem('householdName'));
  expect(imported).toBe(alex.householdName);
});

test('YNAB history: the scheduled row is listed under Upcoming bills, not under Could not be mapped', { tag: '@phone' }, async ({ page }) => {
  const user = await createHousehold();
  await signIn(page, user);
  await page.goto('/#/your-data');
  const history = page.locator('.your-data-card').filter({ hasText: 'Bring your history' });
  await expect(history).toBeVisible({ timeout: 60_000 });
  const ynab4 = (name: string) => path.join(__dirname, '../fixtures/history/ynab4', `My Budget as of 2016-02-20 0915 PM-${name}`);
  await history.getByLabel('Plan.csv').setInputFiles(ynab4('Budget.csv'));
  await history.getByLabel('Register.csv').setInputFiles(ynab4('Register.csv'));
  await history.getByRole('button', { name: 'Preview', exact: true }).click();

  const preview = history.getByLabel('Preview', { exact: true });
  await expect(preview.getByText('Upcoming bills (1)')).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByRole('table', { name: 'Upcoming bills' }).getByRole('row', { name: /Insurer/ })).toContainText('-90.00');
  await expect(preview.getByText('Could not be mapped (1)')).toBeVisible();
  const unmapped = preview.locator('table').last();
  await expect(unmapped).toContainText('twelve');
  await expect(unmapped).not.toContainText('Insurer');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
