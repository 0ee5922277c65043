import { randomBytes } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { connectDatabase } from '../../server/db/connect';
import { addUser } from '../../server/services/households';
import { E2E_DATABASE_FILE } from './support/env';
import { type E2eUser, signIn } from './support/households';
import { prepareWeeklyHousehold, type WeeklyHousehold } from './support/weeklyHousehold';

/**
 * Issue 31 asks for "within 2 s": the change must be on the other screen by then, without a reload. A machine
 * far busier than CI (a load of 30 on two cores) may set EVERYCENT_E2E_LIVE_MS higher.
 */
const LIVE = { timeout: Number(process.env.EVERYCENT_E2E_LIVE_MS ?? 2_000) };

/** Ana, the household's second member, signed in on her own phone. */
async function addAna(household: WeeklyHousehold): Promise<E2eUser> {
  const database = connectDatabase(`sqlite:${E2E_DATABASE_FILE}`);
  try {
    const email = `ana-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'Ana password 123';
    await addUser(database.db, { householdName: household.user.householdName, email, password, name: 'Ana' });
    return { email, password, householdName: household.user.householdName, householdId: household.user.householdId };
  } finally {
    await database.destroy();
  }
}

async function signedInPage(browser: Browser, user: E2eUser, phone: boolean): Promise<Page> {
  const context = await browser.newContext(phone ? { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true } : { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

/** Ana records a purchase on the phone's Quick Add page. */
async function quickAddOnPhone(phone: Page, household: WeeklyHousehold, description: string, amount: string) {
  await phone.goto('/quick-add');
  await expect(phone.getByRole('button', { name: 'Save' })).toBeEnabled({ timeout: 30_000 });
  await phone.getByLabel('Description').fill(description);
  await phone.getByLabel(/^Allocation/).selectOption(String(household.allocationId('Groceries')));
  await phone.getByLabel('Amount').fill(amount);
  await phone.getByRole('button', { name: 'Save' }).click();
  await expect(phone.getByText(`Saved: ${description} ${amount} withdrawn.`)).toBeVisible();
}

const groceries = (page: Page) => page.getByRole('table', { name: 'Allocations' }).getByRole('row', { name: /^Groceries/ });

// The phone is always the partner's 375px phone; the screen watching is the project's width (1280 or 375).
test("a quick add on Ana's phone shows in the open budget (spent and remaining) and in Activity, without a reload", async ({ browser }, testInfo) => {
  test.setTimeout(240_000);
  const household = await prepareWeeklyHousehold();
  const ana = await addAna(household);
  const watcher = await signedInPage(browser, household.user, testInfo.project.name === 'phone');
  const phone = await signedInPage(browser, ana, true);

  await watcher.goto(`/#/budgets/${household.budgetId}`);
  // Groceries 600.00, 700.00 spent: 100.00 over.
  await expect(groceries(watcher)).toContainText('700.00', { timeout: 30_000 });
  await expect(groceries(watcher)).toContainText('-100.00');

  await quickAddOnPhone(phone, household, 'Bakery', '12.50');
  await expect(groceries(watcher)).toContainText('712.50', LIVE);
  await expect(groceries(watcher)).toContainText('-112.50', LIVE);

  // Activity open on the same screen (the app moves there without reloading), then Ana's next purchase.
  await watcher.goto('/#/activity');
  const entries = watcher.getByRole('listitem');
  await expect(entries.filter({ hasText: 'Ana added Bakery' }).first()).toBeVisible({ timeout: 60_000 });
  await quickAddOnPhone(phone, household, 'Butcher', '30.00');
  await expect(entries.filter({ hasText: 'Ana added Butcher' }).first()).toBeVisible(LIVE);
  await watcher.context().close();
  await phone.context().close();
});

test('a budget in edit mode keeps its edits, says "Ana changed this budget", and Reload keeps the edits on top', async ({ browser }, testInfo) => {
  test.setTimeout(240_000);
  const household = await prepareWeeklyHousehold();
  const ana = await addAna(household);
  const watcher = await signedInPage(browser, household.user, testInfo.project.name === 'phone');
  const phone = await signedInPage(browser, ana, true);

  await watcher.goto(`/#/budgets/${household.budgetId}`);
  await expect(groceries(watcher)).toContainText('700.00', { timeout: 30_000 });
  await watcher.getByRole('button', { name: 'Make Changes' }).click();
  const rent = watcher.getByRole('table', { name: 'Allocations' }).getByLabel('Rent amount');
  await rent.fill('1400');

  await quickAddOnPhone(phone, household, 'Market', '20.00');

  const notice = watcher.getByRole('alert').filter({ hasText: 'Ana changed this budget' });
  await expect(notice).toBeVisible(LIVE);
  await expect(notice).toContainText('your edits stay on top');
  await expect(rent).toHaveValue(/^1,?400(\.00)?$/);

  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(notice).toBeHidden();
  await expect(rent).toHaveValue(/^1,?400(\.00)?$/);
  await expect(groceries(watcher)).toContainText('720.00');
  await watcher.getByRole('button', { name: 'Save Changes' }).click();
  await expect(watcher.getByText('Budget saved.', { exact: true })).toBeVisible();
  await expect(watcher.getByRole('table', { name: 'Allocations' }).getByRole('row', { name: /^Rent/ })).toContainText('1,400.00');
  await watcher.context().close();
  await phone.context().close();
});
