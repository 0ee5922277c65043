import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { apiFor } from './support/api';
import { createHousehold, type E2eUser, signIn } from './support/households';

/**
 * Repeat visits (issue 35): the service worker keeps the app's code and pages, never an API answer. It is
 * registered after the first paint and takes charge of the open page once installed.
 */
async function controlledByWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

async function householdWithAccount(account: string): Promise<E2eUser> {
  const user = await createHousehold();
  const api = await apiFor(user);
  await api('POST', '/bank_accounts', { name: account, account_type: 'normal', account_category: 'asset', opening_balance: 12_345 });
  return user;
}

async function openBalances(page: Page, account: string): Promise<void> {
  await page.goto('/#/account-balances');
  await expect(page.getByText(account).first()).toBeVisible();
}

async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await page.reload();
}

test('a second visit opens the app without the network and says the server cannot be reached', async ({ page, context }) => {
  const user = await householdWithAccount('Everyday Account');
  await signIn(page, user);
  await openBalances(page, 'Everyday Account');
  await controlledByWorker(page);

  await goOffline(context, page);
  try {
    // The app's own page, run from its cached code (not the browser's error page): it cannot check the session,
    // says why and offers to try again; no figure is shown from a cache.
    await expect(page.getByRole('heading', { name: 'Could not check your sign-in' })).toBeVisible();
    await expect(page.getByText('Could not reach the server. Check your connection.').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page.getByText('Everyday Account')).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
  // Back online, the figures come from the server again.
  await page.reload();
  await expect(page.getByText('Everyday Account').first()).toBeVisible();
});

test('answers are never served from the cache: a change made in another session shows on reload', async ({ page }) => {
  const user = await householdWithAccount('Everyday Account');
  await signIn(page, user);
  await openBalances(page, 'Everyday Account');
  await controlledByWorker(page);
  await page.reload();
  await expect(page.getByText('Everyday Account').first()).toBeVisible();

  // Another session (a partner's phone) opens an account.
  const partner = await apiFor(user);
  await partner('POST', '/bank_accounts', { name: 'Holiday Fund', account_type: 'normal', account_category: 'asset', opening_balance: 50_000 });
  await page.reload();
  await expect(page.getByText('Holiday Fund').first()).toBeVisible();
});

test("signing out and in as someone else never shows the previous household's figures", async ({ page }) => {
  const first = await householdWithAccount('First Household Account');
  const second = await householdWithAccount('Second Household Account');
  await signIn(page, first);
  await openBalances(page, 'First Household Account');
  await controlledByWorker(page);

  await page.goto('/#/logout');
  await page.waitForURL(/#\/login/);
  await signIn(page, second);
  await openBalances(page, 'Second Household Account');
  await expect(page.getByText('First Household Account')).toHaveCount(0);
});

test('the light quick-add page still fills its form once the worker is in charge', async ({ page }) => {
  const user = await householdWithAccount('Everyday Account');
  await signIn(page, user);
  await controlledByWorker(page);
  await page.goto('/quick-add');
  await expect(page.locator('#qa-account option', { hasText: 'Everyday Account' })).toHaveCount(1, { timeout: 30_000 });
});
