import { expect, test, type Locator, type Page } from '@playwright/test';
import { addDays, addMonths, budgetEndDate, budgetName, today } from '../../src/shared/dates';
import { apiFor } from './support/api';
import { createHousehold, signIn, type E2eUser } from './support/households';
import { chooseOption } from './support/dialogs';

/**
 * A household plans a holiday across two months: creates the event, links an allocation of last month's budget
 * and one of this month's, records the spending on both, and follows Actual and Difference.
 */

interface Household {
  user: E2eUser;
  chequingId: number;
  lastMonth: { id: number; name: string };
  thisMonth: { id: number; name: string };
  holidayStart: string;
}

/** Travel (the Settings default for special events) and Food; last month's and this month's budgets, each with a travel line. */
async function prepareHousehold(): Promise<Household> {
  const user = await createHousehold();
  const api = await apiFor(user);
  const travel = await api('POST', '/allocation_categories', { name: 'Travel' });
  const food = await api('POST', '/allocation_categories', { name: 'Food' });
  const thisStart = `${today().slice(0, 8)}01`;
  const lastStart = addMonths(thisStart, -1);
  const last = await api<{ id: number; lock_version: number }>('POST', '/budgets', { start_date: lastStart });
  const current = await api<{ id: number; lock_version: number }>('POST', '/budgets', { start_date: thisStart });
  const chequing = await api('POST', '/bank_accounts', { name: 'Chequing', opening_balance: 500000 });
  const settings = await api<{ lock_version: number }>('GET', '/settings');
  await api('POST', '/settings', {
    family_type: 'couple',
    husband: 'Bob',
    wife: 'Alice',
    single_person: 'Me',
    primary_budget_account_id: chequing.id,
    default_allocation_category_id_for_special_events: travel.id,
    lock_version: settings.lock_version,
  });
  const groceries = { name: 'Groceries', amount: 40000, allocation_category_id: food.id };
  await api('PUT', `/budgets/${last.id}`, { lock_version: last.lock_version, allocations: [{ name: 'Flights', amount: 90000, allocation_category_id: travel.id }, groceries] });
  await api('PUT', `/budgets/${current.id}`, { lock_version: current.lock_version, allocations: [{ name: 'Hotel', amount: 60000, allocation_category_id: travel.id }, groceries] });
  return {
    user,
    chequingId: chequing.id,
    lastMonth: { id: last.id, name: budgetName(lastStart, budgetEndDate(lastStart)) },
    thisMonth: { id: current.id, name: budgetName(thisStart, budgetEndDate(thisStart)) },
    holidayStart: addDays(lastStart, 20),
  };
}

const message = (page: Page, text: string) => page.locator('.ec-message-text', { hasText: text });

/** antd dialogs zoom in: a click during the animation can miss, so wait until it has settled. */
async function dialogTitled(page: Page, title: string): Promise<Locator> {
  const dialog = page.getByRole('dialog').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/ant-zoom/);
  return dialog;
}


const figure = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });

/** Records one paid withdrawal on the transactions screen of that budget, allocated to `allocation`. */
async function recordSpending(page: Page, household: Household, budgetId: number, description: string, amount: string, allocation: string) {
  await page.goto(`/#/transactions?bank_account_id=${household.chequingId}&budget_id=${budgetId}`);
  await page.getByRole('button', { name: 'Make Changes' }).click();
  await page.getByRole('button', { name: 'Add New Transaction' }).click();
  const row = page.locator('.ec-transactions-table tbody tr').filter({ has: page.locator('input[aria-label="Description"][value=""]') });
  await row.getByLabel('Withdrawn').fill(amount);
  await chooseOption(page, row.getByRole('combobox', { name: 'Allocation' }), allocation);
  await row.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(message(page, 'Transactions saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Make Changes' })).toBeVisible();
}

test('plan a holiday across two budgets, link their allocations, record the spending and follow Actual and Difference', async ({ page }) => {
  // Four screens and two transaction saves; the default minute is short on a busy two-core machine.
  test.setTimeout(180_000);
  const household = await prepareHousehold();
  await signIn(page, household.user);

  await page.goto('/#/special-events');
  await page.getByRole('button', { name: 'Add Special Event' }).click({ timeout: 30_000 });
  const add = await dialogTitled(page, 'Add Special Event');
  await add.getByLabel('Name').fill('Summer holiday');
  await add.getByLabel('Budget Amount').fill('1,000');
  await add.getByLabel('Start Date').fill(household.holidayStart);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(message(page, 'Special Event saved.')).toBeVisible();
  await expect(add).toBeHidden();
  const listRow = page.getByRole('row').filter({ hasText: 'Summer holiday' });
  await expect(listRow).toContainText('0.001,000.00');

  await listRow.getByRole('button', { name: 'View Summer holiday' }).click();
  await expect(page.getByRole('heading', { name: 'Special Event: Summer holiday', exact: true })).toBeVisible();
  await expect(page.getByText('No allocations linked yet.', { exact: false })).toBeVisible();

  // The dialog opens on the budget of the start date (last month) and the Settings default category (Travel).
  await page.getByRole('button', { name: 'Adjust Allocations' }).click();
  const adjust = await dialogTitled(page, 'Adjust Allocations: Summer holiday');
  await expect(adjust.getByRole('combobox', { name: 'Budget' }).locator('..')).toContainText(household.lastMonth.name);
  const list = adjust.getByRole('table', { name: 'Budget allocations' });
  await expect(list.getByRole('checkbox', { name: 'Flights' })).toBeVisible();
  await expect(list.getByText('Groceries')).toHaveCount(0);
  await list.getByRole('checkbox', { name: 'Flights' }).check();
  await chooseOption(page, adjust.getByRole('combobox', { name: 'Budget' }), household.thisMonth.name);
  await list.getByRole('checkbox', { name: 'Hotel' }).check();
  await expect(adjust.getByRole('region', { name: 'Chosen allocations' })).toContainText('Chosen allocations (2)');
  await expect(figure(adjust, 'Actual')).toHaveText('0.00');
  await adjust.getByRole('button', { name: 'Save' }).click();
  await expect(message(page, 'Special Event saved.')).toBeVisible();
  await expect(adjust).toBeHidden();

  const allocations = page.getByRole('table', { name: 'Allocations' });
  await expect(allocations.getByRole('row').filter({ hasText: 'Flights' })).toContainText(household.lastMonth.name);
  await expect(allocations.getByRole('row').filter({ hasText: 'Hotel' })).toContainText(household.thisMonth.name);
  const eventPage = page.getByRole('region', { name: 'Special Event: Summer holiday' });
  await expect(figure(eventPage, 'Actual')).toHaveText('0.00');
  await expect(figure(eventPage, 'Difference')).toHaveText('1,000.00');

  await recordSpending(page, household, household.lastMonth.id, 'Airline tickets', '850', 'Flights');
  await recordSpending(page, household, household.thisMonth.id, 'Hotel booking', '700', 'Hotel');

  // Back on the list: 1,550.00 spent against 1,000.00, so 550.00 over, in red.
  await page.goto('/#/special-events');
  await expect(listRow).toContainText('1,550.00');
  await expect(listRow.locator('.ec-money--negative')).toHaveText('-550.00');

  await listRow.getByRole('button', { name: 'View Summer holiday' }).click();
  await expect(figure(eventPage, 'Actual')).toHaveText('1,550.00');
  await expect(figure(eventPage, 'Difference')).toHaveText('-550.00');
  await expect(eventPage.getByLabel('Actual against budget')).toContainText('155%');
  await expect(allocations.getByRole('row').filter({ hasText: 'Flights' })).toContainText('850.00');
  await expect(figure(allocations, 'Total Spent')).toHaveText('1,550.00');

  await page.getByRole('button', { name: 'Transactions for Hotel' }).click();
  const spent = await dialogTitled(page, 'Transactions for Hotel');
  // In the Spent figure's sign, as on the budget row: a withdrawal is positive spending.
  await expect(spent.getByRole('row').filter({ hasText: 'Hotel booking' }).getByRole('cell').last()).toHaveText('700.00');
  await spent.getByRole('button', { name: 'Close' }).click();
  await expect(spent).toBeHidden();

  // This month's budget names the event beside the hotel.
  await page.goto(`/#/budgets/${household.thisMonth.id}`);
  const hotelLine = page.getByRole('table', { name: 'Allocations' }).getByRole('row').filter({ hasText: 'Hotel' });
  await expect(hotelLine.locator('.ec-tag--event')).toHaveText('Summer holiday');
});
