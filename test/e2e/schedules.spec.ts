import { expect, test, type Locator, type Page } from '@playwright/test';
import { addMonths, budgetEndDate, budgetName, formatShortDate, addDays } from '../../src/shared/dates';
import { occurrencesBetween } from '../../src/shared/schedules/occurrences';
import { chooseOption, settled } from './support/dialogs';
import { signIn } from './support/households';
import { prepareWeeklyHousehold } from './support/weeklyHousehold';

/**
 * Bills that repeat (issue 45), as a household meets them: the rent and a weekly bill scheduled in Setup ›
 * Scheduled, seen as upcoming in the account, the rent paid by a bank file (matched, not doubled, and named as
 * matched before the rows are added), the weekly one confirmed, and the next month's budget proposing both.
 */

// A household with two budgets, five screens and a save: most of a minute on a busy two-core machine.
test.describe.configure({ timeout: 180_000 });

const message = (page: Page, text: string) => page.locator('.ec-message-text', { hasText: text });
const rowWith = (scope: Locator, text: string) => scope.getByRole('row').filter({ hasText: text });
const money = (cents: number) => (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });

/** `GET /transactions`: the window's rows. */
type Window = Array<{ description: string; withdrawal_amount: number; allocation_id: number | null; bank_ref: string | null }>;

/** An antd select of the dialog by its label: its box is what a person clicks. */
const select = (dialog: Locator, label: string) => dialog.locator('.ant-select', { has: dialog.page().getByRole('combobox', { name: label }) });

async function addSchedule(page: Page, fields: { description: string; amount: string; category: string; allocation: string; often: 'Every month' | 'Every week'; start: string }) {
  await page.getByRole('button', { name: 'Add Schedule' }).click();
  const dialog = await settled(page.getByRole('dialog').filter({ hasText: 'Add Schedule' }));
  await dialog.getByLabel('Description').fill(fields.description);
  await dialog.getByLabel('Amount').fill(fields.amount);
  await chooseOption(page, select(dialog, 'Bank Account'), 'Chequing');
  await chooseOption(page, select(dialog, 'Allocation Category'), fields.category);
  await dialog.getByLabel('Allocation', { exact: true }).fill(fields.allocation);
  if (fields.often !== 'Every month') await chooseOption(page, select(dialog, 'How Often'), fields.often);
  await dialog.getByLabel('Start Date').fill(fields.start);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(message(page, 'Schedule saved.')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('schedule the rent and a weekly bill, see them upcoming, import the rent, confirm the weekly one, copy the budget', { tag: '@phone' }, async ({ page }) => {
  const household = await prepareWeeklyHousehold();
  const { start } = household;
  const end = budgetEndDate(start);
  const nextStart = addMonths(start, 1);
  const nextEnd = budgetEndDate(nextStart);
  const cleaning = { frequency: 'weekly' as const, interval: 1, start_date: start, day_of_month: null, end_date: null, count: null };
  await signIn(page, household.user);

  // Setup › Scheduled: the rent on the 1st (50.00 more than this month's line) and a window cleaner every week.
  await page.goto('/#/setup/scheduled');
  await addSchedule(page, { description: 'Rent', amount: '1550', category: 'Home', allocation: 'Rent', often: 'Every month', start });
  await addSchedule(page, { description: 'Window cleaner', amount: '40', category: 'Food', allocation: 'Fun', often: 'Every week', start });
  const schedules = page.getByRole('region', { name: 'Scheduled' }).locator('.ant-table').last();
  await expect(rowWith(schedules, 'Rent')).toContainText('-1,550.00');
  await expect(rowWith(schedules, 'Window cleaner')).toContainText('-40.00');

  // Upcoming in the account's window, not in its balance.
  await page.goto(`/#/transactions?bank_account_id=${household.chequingId}&budget_id=${household.budgetId}`);
  const upcoming = page.getByRole('region', { name: 'Upcoming scheduled transactions' });
  await expect(rowWith(upcoming, 'Rent')).toContainText('-1,550.00');
  await expect(rowWith(upcoming, 'Window cleaner').first()).toContainText('-40.00');
  const cleanings = occurrencesBetween(cleaning, start, end);
  await expect(rowWith(upcoming, 'Window cleaner')).toHaveCount(cleanings.length);

  // A bank file holding the rent: the preview names the bill it pays before anything is added.
  await page.getByRole('button', { name: 'Make Changes' }).click({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Import Transactions' }).click();
  const importing = await settled(page.getByRole('dialog').filter({ hasText: 'Import Transactions' }));
  const paidOn = addDays(start, 1);
  const csv = ['Date,Description,Amount', `${paidOn},RENT PAYMENT FLAT 4,-1550.00`, `${paidOn},Corner Bakery,-6.40`].join('\n');
  await importing.getByLabel('Bank file').setInputFiles({ name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const matches = importing.getByRole('region', { name: 'Scheduled bills in this file' });
  await expect(matches).toContainText('1 row of this file pays a scheduled bill');
  await expect(matches).toContainText(`'RENT PAYMENT FLAT 4' is Rent of ${formatShortDate(start)}`);
  await importing.getByRole('button', { name: 'Add 2 Rows' }).click();
  await expect(importing).toBeHidden();
  await expect(page.getByText('2 rows read: 2 added, 0 outside the budget period, 0 duplicates, 1 scheduled bill matched.')).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Transactions saved.', { exact: true }).first()).toBeVisible();

  // Matched, not doubled: one rent row (the bank's, on the rent's line), and the rent no longer upcoming.
  await expect(rowWith(upcoming, 'Window cleaner').first()).toBeVisible();
  await expect(rowWith(upcoming, 'Rent')).toHaveCount(0);
  const window = await household.api<Window>('GET', `/transactions?bank_account_id=${household.chequingId}&budget_id=${household.budgetId}`);
  const rents = window.filter((row) => row.withdrawal_amount === 155_000);
  expect(rents).toEqual([expect.objectContaining({ description: 'RENT PAYMENT FLAT 4', allocation_id: household.allocationId('Rent') })]);

  // The weekly one, confirmed where bills wait: entered once, dated its day.
  await page.goto('/#/setup/scheduled');
  const waiting = page.getByRole('region', { name: 'Bills waiting for you' });
  await waiting.getByRole('button', { name: `Enter now Window cleaner of ${start}` }).click();
  await expect(message(page, 'Transaction entered.')).toBeVisible();
  await expect(waiting.getByRole('button', { name: `Enter now Window cleaner of ${start}` })).toHaveCount(0);
  await expect(waiting.getByRole('button', { name: /^Enter now Rent/ })).toHaveCount(0);
  const entered = await household.api<Window>('GET', `/transactions?bank_account_id=${household.chequingId}&budget_id=${household.budgetId}`);
  expect(entered.filter((row) => row.description === 'Window cleaner')).toEqual([
    expect.objectContaining({ withdrawal_amount: 4_000, allocation_id: household.allocationId('Fun'), bank_ref: expect.stringMatching(/^SCH-/) }),
  ]);

  // This month's budget: what the bills still take, per allocation (the rent is paid, one cleaning entered).
  await page.goto(`/#/budgets/${household.budgetId}`);
  const allocations = page.getByRole('table', { name: 'Allocations' });
  const stillToCome = cleanings.filter((date) => date > start).length * 4_000;
  await expect(rowWith(allocations, 'Fun')).toContainText(`${money(stillToCome)} scheduled`);
  await expect(rowWith(allocations, 'Rent')).not.toContainText('scheduled');

  // Copy: next month proposes each scheduled line's total for its days.
  await page.goto('/#/budgets');
  await rowWith(page.locator('.ec-budget-list'), budgetName(start, end)).getByRole('button', { name: 'Copy' }).click();
  const question = await settled(page.getByRole('dialog').filter({ hasText: 'Copy Budget?' }));
  await question.getByRole('button', { name: 'Yes' }).click();
  await expect(message(page, 'Budget copied.')).toBeVisible();
  const next = rowWith(page.locator('.ec-budget-list'), budgetName(nextStart, nextEnd));
  await next.getByRole('button', { name: 'View' }).click();
  await expect(page.getByRole('heading', { name: `Budget: ${budgetName(nextStart, nextEnd)}`, exact: true })).toBeVisible();
  const proposed = page.getByRole('table', { name: 'Allocations' });
  await expect(rowWith(proposed, 'Rent').first()).toContainText('1,550.00');
  await expect(rowWith(proposed, 'Fun').first()).toContainText(money(occurrencesBetween(cleaning, nextStart, nextEnd).length * 4_000));
  await expect(rowWith(proposed, 'Groceries').first()).toContainText('600.00');
});
