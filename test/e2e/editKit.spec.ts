import { expect, test, type Page } from '@playwright/test';
import { today } from '../../src/shared/dates';
import { apiFor, type Api } from './support/api';
import { settled } from './support/dialogs';
import { createDemoHousehold, createHousehold, signIn } from './support/households';

/**
 * The edit-mode kit (issue 30) in the transactions window, at 1280 and 375px: after a conflict Reload keeps the
 * person's edits on top of the other session's save, Cancel asks, a row that cannot be saved is marked at the
 * row, and on a phone the Deposited column shows every amount in full without sideways scrolling.
 */

interface StoredRow {
  id: number;
  transaction_date: string;
  description: string;
  withdrawal_amount: number;
  deposit_amount: number;
  status: string;
}

interface Window {
  api: Api;
  query: string;
}

const start = `${today().slice(0, 8)}01`;
const day = (n: number) => `${start.slice(0, 8)}${String(n).padStart(2, '0')}`;

/** A household with a chequing account holding three rows in this month's budget. */
async function openWindow(page: Page): Promise<Window> {
  const user = await createHousehold();
  const api = await apiFor(user);
  await api('POST', '/allocation_categories', { name: 'Food' });
  const budget = await api('POST', '/budgets', { start_date: start });
  const chequing = await api('POST', '/bank_accounts', { name: 'Chequing', account_type: 'normal', account_category: 'current', opening_balance: 100000 });
  const settings = await api<{ lock_version: number }>('GET', '/settings');
  await api('POST', '/settings', { family_type: 'couple', wife: 'Alice', husband: 'Bob', single_person: 'Me', primary_budget_account_id: chequing.id, lock_version: settings.lock_version });
  const row = (date: string, description: string, withdrawal: number, deposit: number) => ({
    id: null,
    transaction_date: date,
    description,
    withdrawal_amount: withdrawal,
    deposit_amount: deposit,
    allocation_id: null,
    sink_fund_allocation_id: null,
    status: 'paid',
    bank_ref: null,
    is_manual_adjustment: false,
  });
  await api('POST', '/transactions', {
    bank_account_id: chequing.id,
    budget_id: budget.id,
    transactions: [row(day(1), 'Pay cheque', 0, 320000), row(day(2), 'Rent', 150000, 0), row(day(3), 'Coffee', 450, 0)],
  });
  const query = `bank_account_id=${chequing.id}&budget_id=${budget.id}`;
  await signIn(page, user);
  await page.goto(`/#/transactions?${query}`);
  await expect(page.locator('.ec-transactions-table tbody tr').first()).toBeVisible();
  return { api, query };
}

const descriptions = (page: Page) => page.locator('.ec-transactions-table input[aria-label="Description"]');
const descriptionValues = (page: Page) => descriptions(page).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
const descriptionOf = async (page: Page, value: string) => descriptions(page).nth((await descriptionValues(page)).indexOf(value));

test('after a conflict the transactions window keeps the edits on top of the other change, then saves', async ({ page }) => {
  const { api, query } = await openWindow(page);
  await page.getByRole('button', { name: 'Make Changes' }).click();
  await (await descriptionOf(page, 'Coffee')).fill('Coffee (mine)');

  // Someone else (another session) saves the window meanwhile: Rent renamed, and Coffee too (a row both changed:
  // only then is the person asked; a change to other rows alone is taken in and saved over quietly).
  const stored = await api<StoredRow[]>('GET', `/transactions?${query}`);
  const [accountId, budgetId] = query.match(/\d+/g)!.map(Number);
  await api('POST', '/transactions', {
    bank_account_id: accountId,
    budget_id: budgetId,
    transactions: stored.map(({ id, transaction_date, description, withdrawal_amount, deposit_amount, status }) => ({
      id,
      transaction_date,
      description: description === 'Rent' ? 'Rent (theirs)' : description === 'Coffee' ? 'Coffee (theirs)' : description,
      withdrawal_amount,
      deposit_amount,
      status,
    })),
  });

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect.poll(() => descriptionValues(page)).toEqual(expect.arrayContaining(['Coffee (mine)', 'Rent (theirs)', 'Pay cheque']));
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Transactions saved.')).toBeVisible();
  const saved = await api<StoredRow[]>('GET', `/transactions?${query}`);
  expect(saved.map((row) => row.description).sort()).toEqual(['Coffee (mine)', 'Pay cheque', 'Rent (theirs)']);
});

test('Cancel in the transactions window asks "Discard your changes?" when there are edits, and only then', async ({ page }) => {
  await openWindow(page);
  await page.getByRole('button', { name: 'Make Changes' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Make Changes' })).toBeVisible();

  await page.getByRole('button', { name: 'Make Changes' }).click();
  const coffee = await descriptionOf(page, 'Coffee');
  await coffee.fill('Tea');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await (await settled(page.getByRole('dialog', { name: 'Discard your changes?' }))).getByRole('button', { name: 'No' }).click();
  await expect(coffee).toHaveValue('Tea');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await (await settled(page.getByRole('dialog', { name: 'Discard your changes?' }))).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('button', { name: 'Make Changes' })).toBeVisible();
  await expect(page.locator('.ec-transactions-table').getByText('Tea', { exact: true })).toHaveCount(0);
});

test('a row that cannot be saved is marked at the row, said once, and its field takes the focus', async ({ page }) => {
  await openWindow(page);
  await page.getByRole('button', { name: 'Make Changes' }).click();
  const rent = (await descriptionOf(page, 'Rent')).locator('xpath=ancestor::tr[1]');
  const date = rent.getByLabel('Date');
  // The same day a year earlier: outside this budget's window.
  await date.fill(`${Number(start.slice(0, 4)) - 1}${start.slice(4, 8)}15`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Transactions not saved.' });
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('1 row needs fixing before saving');
  await expect(page.locator('.ec-transactions-table tr.ec-row--refused')).toHaveCount(1);
  await expect(rent).toHaveClass(/ec-row--refused/);
  await expect(date).toBeFocused();
});

// The demo household's window: its names ("Northwind Traders - salary") are what pushed Deposited out of view.
test('the Deposited column shows every amount in full and nothing scrolls sideways', { tag: '@phone' }, async ({ page }) => {
  const { user, demo } = await createDemoHousehold();
  await signIn(page, user);
  await page.goto(`/#/transactions?bank_account_id=${demo.primaryAccountId}&budget_id=${demo.currentBudgetId}`);
  const deposits = page.locator('.ec-transactions-table tbody td.ec-col-deposited').filter({ hasText: /\d,\d{3}\.\d{2}/ });
  await expect(deposits.first()).toBeVisible();
  const layout = await page.evaluate(() => {
    const wrap = document.querySelector('.ec-transactions-table-wrap') as HTMLElement;
    const right = wrap.getBoundingClientRect().right;
    const cells = [...document.querySelectorAll<HTMLElement>('.ec-transactions-table td.ec-col-deposited, .ec-transactions-table th.ec-num')];
    return {
      clipped: cells.filter((cell) => cell.scrollWidth > cell.clientWidth || cell.getBoundingClientRect().right > right + 0.5).map((cell) => cell.textContent),
      wrapScrolls: wrap.scrollWidth > wrap.clientWidth,
      pageScrolls: document.documentElement.scrollWidth > window.innerWidth,
    };
  });
  expect(layout).toEqual({ clipped: [], wrapScrolls: false, pageScrolls: false });
});
