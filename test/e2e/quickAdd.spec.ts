import { expect, test } from '@playwright/test';
import { createHousehold, signIn, signInBackToQuickAdd } from './support/households';
import { today } from '../../src/shared/dates';
import { prepareWeeklyHousehold } from './support/weeklyHousehold';

interface Row {
  description: string;
  withdrawal_amount: number;
  deposit_amount: number;
  allocation_id: number | null;
}

test('records a purchase on the Quick Add page and shows it in the transactions window', async ({ page }) => {
  const household = await prepareWeeklyHousehold();
  const select = (name: string) => page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name }) });
  await signIn(page, household.user);
  // The link on Home (the menu has one too).
  await page.getByRole('main').getByRole('link', { name: 'Quick Add' }).click({ timeout: 30_000 });
  await expect(page.getByText('Record one transaction')).toBeVisible({ timeout: 30_000 });
  await expect(select('Account')).toContainText('Chequing');

  await page.getByLabel('Description').fill('Corner Grocer');
  // Learned from last month: the Corner Grocer is groceries.
  await expect(page.getByText('Suggested from earlier transactions like this one.')).toBeVisible();
  await expect(select('Allocation')).toContainText('Groceries');
  await page.getByLabel('Amount', { exact: true }).fill('12.34');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: Corner Grocer 12.34 withdrawn.').first()).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue('');

  await page.goto(`/#/transactions?bank_account_id=${household.chequingId}&budget_id=${household.budgetId}`);
  const row = page.locator('.ec-transactions-table tbody tr').filter({ hasText: 'Corner Grocer' }).filter({ hasText: '12.34' });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await expect(row).toContainText('Groceries');
});

test('the light page for phones sends to the login page without a session and back after it, and records a purchase', async ({ page }) => {
  const household = await prepareWeeklyHousehold();
  await page.goto('/quick-add');
  await page.waitForURL(/#\/login\?back=quick-add$/);
  await page.getByLabel('Email').fill(household.user.email);
  await page.getByLabel('Password', { exact: true }).fill(household.user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  // Signed in, straight back to the form it came from.
  await page.waitForURL(/\/quick-add$/);
  const manifest = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(await (await page.request.get(`/${manifest}`)).json()).toMatchObject({ start_url: '/quick-add', display: 'standalone' });
  await expect(page.getByLabel('Account')).toHaveValue(String(household.chequingId));
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await page.getByLabel('Description').fill('Landlord');
  await expect(page.getByText('Suggested from earlier transactions like this one.')).toBeVisible();
  await expect(page.getByLabel(/^Allocation/)).toHaveValue(String(household.allocationId('Rent')));
  await page.getByLabel('Amount').fill('7.50');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: Landlord 7.50 withdrawn.')).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue('');
  await expect(page.getByLabel('Amount')).toHaveValue('');

  // A refused save keeps what was typed.
  await page.getByLabel('Description').fill('Too early');
  await page.getByLabel('Amount').fill('1');
  await page.getByLabel('Date').fill('1999-01-01');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('Not saved. No budget covers Friday, January 1, 1999');
  await expect(page.getByLabel('Description')).toHaveValue('Too early');

  const rows = await household.api<Row[]>('GET', `/transactions?bank_account_id=${household.chequingId}&budget_id=${household.budgetId}`);
  expect(rows.filter((row) => row.description === 'Landlord').map((row) => [row.withdrawal_amount, row.deposit_amount, row.allocation_id])).toEqual([
    [750, 0, household.allocationId('Rent')],
  ]);
});

test("the light page offers a sink fund's envelopes instead of allocations and records the row in the one picked", async ({ page }) => {
  const household = await prepareWeeklyHousehold();
  const fund = await household.api<{ id: number }>('POST', '/bank_accounts', { name: 'Rainy Day', account_type: 'sink_fund', account_category: 'asset', opening_balance: 20000 });
  const read = await household.api<{ lock_version: number }>('GET', `/sink_funds/${fund.id}`);
  const saved = await household.api<{ sink_fund_allocations: { id: number; name: string }[] }>('PUT', `/sink_funds/${fund.id}`, {
    lock_version: read.lock_version,
    sink_fund_allocations: [{ name: 'Car', target: 50000 }, { name: 'Roof', target: 0 }],
  });
  const roof = saved.sink_fund_allocations.find((envelope) => envelope.name === 'Roof')!.id;
  await signIn(page, household.user);
  await page.goto('/quick-add');
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await expect(page.getByLabel(/^Sink Fund Allocation/)).toBeHidden();

  await page.getByLabel('Account').selectOption({ label: 'Rainy Day' });
  await expect(page.getByLabel(/^Allocation/)).toBeHidden();
  await page.getByLabel(/^Sink Fund Allocation/).selectOption({ label: 'Roof' });
  await page.getByLabel('Description').fill('Gutter repair');
  await page.getByLabel('Amount').fill('45');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: Gutter repair 45.00 withdrawn.')).toBeVisible();
  await expect(page.getByLabel(/^Sink Fund Allocation/)).toHaveValue('');

  const rows = await household.api<Array<Row & { sink_fund_allocation_id: number | null; transaction_date: string }>>(
    'GET',
    `/transactions?bank_account_id=${fund.id}&budget_id=${household.budgetId}`,
  );
  expect(rows.map((row) => [row.description, row.withdrawal_amount, row.allocation_id, row.sink_fund_allocation_id, row.transaction_date])).toEqual([
    ['Gutter repair', 4500, null, roof, today()],
  ]);
});

test('an entry whose save meets an expired session is back on the light page after signing in, ready to save', async ({ page }) => {
  const household = await prepareWeeklyHousehold();
  await signIn(page, household.user);
  await page.goto('/quick-add');
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await page.getByLabel('Description').fill('Bus pass');
  await page.getByLabel('Amount').fill('60');
  await page.getByLabel('Deposited').check();
  await page.getByLabel(/^Allocation/).selectOption({ label: 'Fun' });
  // The session runs out while the phone sat in a pocket.
  await page.evaluate(() => window.localStorage.setItem('access-token', 'expired'));
  await page.getByRole('button', { name: 'Save' }).click();

  await signInBackToQuickAdd(page, household.user);
  await expect(page.getByText('Your entry is kept: check it and save it again.')).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue('Bus pass');
  await expect(page.getByLabel('Amount')).toHaveValue('60');
  await expect(page.getByLabel('Deposited')).toBeChecked();
  await expect(page.getByLabel(/^Allocation/)).toHaveValue(String(household.allocationId('Fun')));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: Bus pass 60.00 deposited.')).toBeVisible();

  const rows = await household.api<Row[]>('GET', `/transactions?bank_account_id=${household.chequingId}&budget_id=${household.budgetId}`);
  expect(rows.filter((row) => row.description === 'Bus pass').map((row) => [row.withdrawal_amount, row.deposit_amount, row.allocation_id])).toEqual([
    [0, 6000, household.allocationId('Fun')],
  ]);
});

test('an entry kept through a sign-in comes back only to the person who typed it', async ({ page }) => {
  const household = await prepareWeeklyHousehold();
  const someoneElse = await createHousehold();
  await signIn(page, household.user);
  await page.goto('/quick-add');
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await page.getByLabel('Description').fill('Private present');
  await page.getByLabel('Amount').fill('75');
  await page.evaluate(() => window.localStorage.setItem('access-token', 'expired'));
  await page.getByRole('button', { name: 'Save' }).click();

  // Someone else signs in on this phone.
  await signInBackToQuickAdd(page, someoneElse);
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  await expect(page.getByLabel('Description')).toHaveValue('');
  await expect(page.getByLabel('Amount')).toHaveValue('');
  await expect(page.getByText('Your entry is kept: check it and save it again.')).toHaveCount(0);
  // Nor does it come back later to the person who typed it: it was left behind when someone else signed in.
  expect(await page.evaluate(() => window.sessionStorage.getItem('quickAddKeptEntry'))).toBeNull();
});

test('the light page keeps the allocation chosen when the account changes', async ({ page }) => {
  const household = await prepareWeeklyHousehold();
  const wallet = await household.api<{ id: number }>('POST', '/bank_accounts', { name: 'Wallet', account_type: 'normal', account_category: 'current', opening_balance: 0, opening_date: '2000-01-01' });
  await signIn(page, household.user);
  await page.goto('/quick-add');
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled({ timeout: 30_000 });
  await page.getByLabel(/^Allocation/).selectOption(String(household.allocationId('Fun')));
  await page.getByLabel('Account').selectOption(String(wallet.id));
  // Issue 42: it went back to "No allocation".
  await expect(page.getByLabel(/^Allocation/)).toHaveValue(String(household.allocationId('Fun')));
  await page.getByLabel('Account').selectOption(String(household.chequingId));
  await expect(page.getByLabel(/^Allocation/)).toHaveValue(String(household.allocationId('Fun')));
});
