import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { E2E_PORT } from './support/env';
import { createHousehold, signIn, type E2eUser } from './support/households';
import { startOwnServer, type OwnServer } from './support/ownServer';
import { apiFor } from './support/api';
import { today } from '../../src/shared/dates';

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';
const toolbar = (page: Page) => page.locator('header.ec-toolbar h1');
const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** The menu as a person reaches it: always there on a wide screen, behind the menu button on a phone. */
async function openMenu(page: Page, testInfo: TestInfo) {
  if (isPhone(testInfo)) await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu(page)).toBeVisible();
  return menu(page);
}

/** The page heading: in the toolbar on wide screens, on its own row on a phone. */
async function expectHeading(page: Page, testInfo: TestInfo, heading: string) {
  if (isPhone(testInfo)) {
    await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
    await expect(toolbar(page)).toHaveText('EveryCent V3');
  } else {
    await expect(toolbar(page)).toHaveText(`EveryCent V3 -- ${heading}`);
  }
}

test.describe('first run', () => {
  let server: OwnServer;

  test.beforeAll(async () => {
    // An empty install of its own per project, away from the shared e2e database.
    server = await startOwnServer(E2E_PORT + 100 + (isPhone(test.info()) ? 2 : 1));
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('an install without users offers "Create your household", which signs in', async ({ page }, testInfo) => {
    await page.goto(`${server.baseUrl}/#/login`);
    await expect(page.getByRole('heading', { name: 'Create your household' })).toBeVisible();
    await page.getByLabel('Household name').fill('The First Family');
    await page.getByLabel('Your name').fill('Ann');
    await page.getByLabel('Email').fill('ann@example.com');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await page.getByRole('button', { name: 'Create household' }).click();
    await expect(page.getByText('Password must be at least 10 characters')).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill('first family password');
    await page.getByLabel('Confirm password').fill('first family passwort');
    await page.getByRole('button', { name: 'Create household' }).click();
    await expect(page.getByText("Password confirmation doesn't match Password")).toBeVisible();

    await page.getByLabel('Confirm password').fill('first family password');
    await page.getByRole('button', { name: 'Create household' }).click();
    await page.waitForURL(/#\/$/);
    await expectHeading(page, testInfo, 'Home');
    await expect(page.getByText('Last transaction entered:')).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('householdName'))).toBe('The First Family');

    // Once someone exists, the same install shows the login card instead.
    await (await openMenu(page, testInfo)).getByRole('link', { name: 'Log out' }).click();
    await page.waitForURL(/#\/login$/);
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Create your household' })).toHaveCount(0);
  });
});

test.describe('signing in and out', () => {
  let user: E2eUser;

  test.beforeAll(async () => {
    user = await createHousehold();
  });

  test('sign in opens home, which says a new household has no transactions yet', async ({ page }, testInfo) => {
    await signIn(page, user);
    await expectHeading(page, testInfo, 'Home');
    await expect(page.getByText('Last transaction entered:')).toBeVisible();
    await expect(page.locator('.ec-home-last-update')).toContainText('None yet: no transactions have been entered.');
    const stored = await page.evaluate(() => ['access-token', 'client', 'expiry', 'token-type', 'uid', 'householdName'].map((key) => window.localStorage.getItem(key)));
    expect(stored.every(Boolean)).toBe(true);
    expect(stored[5]).toBe(user.householdName);
  });

  test('a wrong password shows the server message in the red bar', async ({ page }) => {
    await page.goto('/#/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page.getByRole('alert')).toHaveText(/Invalid login credentials\. Please try again\./);
    await expect(page).toHaveURL(/#\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('access-token'))).toBeNull();
  });

  test('the guard sends a visitor without a session to the login page with "Not logged in"', async ({ page }) => {
    await page.goto('/#/budgets');
    await expect(page.getByRole('alert')).toHaveText(/Not logged in/);
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  });

  test('log out ends the session: storage cleared, guarded pages send back to login', async ({ page }, testInfo) => {
    await signIn(page, user);
    const token = await page.evaluate(() => window.localStorage.getItem('access-token'));
    await (await openMenu(page, testInfo)).getByRole('link', { name: 'Log out' }).click();
    await page.waitForURL(/#\/login$/);
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    // The server forgot the session too.
    const status = await page.evaluate(
      async (accessToken) => (await fetch('/auth/validate_token', { headers: { 'access-token': accessToken ?? '', client: 'x', uid: 'x' } })).status,
      token,
    );
    expect(status).toBe(401);
    await page.goto('/#/transactions');
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('the menu reaches every area; on a phone it is an overlay that closes after navigating', { tag: '@phone' }, async ({ page }, testInfo) => {
    await signIn(page, user);
    if (isPhone(testInfo)) await expect(menu(page)).toBeHidden();

    for (const [entry, path, heading] of [
      ['Sink Funds', '/sink-funds', 'Sink Funds'],
      ['Net Worth Report', '/reports/net-worth', 'Net Worth Report'],
      ['Budgets', '/budgets', 'Budgets'],
      ['Home', '/', 'Home'],
    ] as const) {
      await (await openMenu(page, testInfo)).getByRole('link', { name: entry, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`#${path.replace(/\//g, '\\/')}$`));
      await expectHeading(page, testInfo, heading);
      if (isPhone(testInfo)) await expect(menu(page)).toBeHidden();
      else await expect(menu(page)).toBeVisible();
    }
  });
});

test.describe('the first load with a session stored', () => {
  test("index.html's head start asks for the first screen's data and chunks before the app's code; the app takes those answers", async ({ page }) => {
    const user = await createHousehold();
    const api = await apiFor(user);
    const budget = await api<{ id: number }>('POST', '/budgets', { start_date: `${today().slice(0, 8)}01` });
    await signIn(page, user);
    const refusedByPolicy: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) refusedByPolicy.push(message.text());
    });
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));

    // A new page load (not a hash change within the page).
    await page.goto('about:blank');
    await page.goto('/#/budgets/current');
    await expect(page.getByRole('table', { name: 'Allocations' })).toBeVisible({ timeout: 30_000 });
    expect(page.url()).toMatch(new RegExp(`#/budgets/${budget.id}$`));
    // Each asked once: by the head start, and answered to the app from there.
    for (const path of ['/auth/validate_token', '/budgets/current', `/budgets/${budget.id}`]) expect(asked.filter((p) => p === path), path).toHaveLength(1);
    const early = await page.evaluate(() => {
      const answers = (window as unknown as { everycentEarlyAnswers?: Map<string, unknown> }).everycentEarlyAnswers;
      return answers ? answers.size : null;
    });
    expect(early, 'the head start ran, and the app took every early answer').toBe(0);
    const preloaded = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => new URL(link.href).pathname));
    expect(preloaded).toEqual(expect.arrayContaining([expect.stringMatching(/^\/router\.[0-9a-f]{8}\.js$/), expect.stringMatching(/^\/react-router\.[0-9a-f]{8}\.js$/)]));
    expect(refusedByPolicy).toEqual([]);
  });
});
