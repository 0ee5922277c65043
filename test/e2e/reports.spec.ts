import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { apiFor } from './support/api';
import { createHousehold, signIn, type E2eUser } from './support/households';
import { chooseOption } from './support/dialogs';

/**
 * The monthly review: each report opens with a chart (an SVG drawn from the data) beside its table, both agree,
 * the options change both, a period opens its budget and the CSV downloads.
 */

interface Household {
  user: E2eUser;
  budgets: { jan: number; feb: number; mar: number };
}

type Budget = { id: number; lock_version: number; allocations: Array<{ id: number; name: string }> };

/**
 * Three months of 2026. Chequing opens at 1,000.00 and the salary (3,000.00) arrives on the 1st of each month.
 * Spending: Rent 1,000.00 every month; Groceries 450.00 (Jan), 520.00 (Feb), 380.00 (Mar); Savings 300.00 (Jan and
 * Feb, moved by a transfer into the Savings account, so net worth does not see it).
 * Net change: Jan 1,550.00, Feb 1,480.00, Mar 1,620.00 → net worth 2,550.00, 4,030.00, 5,650.00.
 */
async function prepareHousehold(): Promise<Household> {
  const user = await createHousehold();
  const api = await apiFor(user);
  const food = await api('POST', '/allocation_categories', { name: 'Food' });
  const home = await api('POST', '/allocation_categories', { name: 'Home' });
  const saving = await api('POST', '/allocation_categories', { name: 'Saving' });
  const jan = await api<Budget>('POST', '/budgets', { start_date: '2026-01-01' });
  const chequing = await api('POST', '/bank_accounts', { name: 'Chequing', account_type: 'normal', account_category: 'current', opening_balance: 100000 });
  const savings = await api('POST', '/bank_accounts', { name: 'Savings', account_type: 'normal', account_category: 'asset', opening_balance: 0 });
  const filledJan = await api<Budget>('PUT', `/budgets/${jan.id}`, {
    lock_version: jan.lock_version,
    incomes: [{ name: 'Salary', amount: 300000, bank_account_id: chequing.id }],
    allocations: [
      { name: 'Rent', amount: 100000, allocation_category_id: home.id, allocation_class: 'need' },
      { name: 'Groceries', amount: 50000, allocation_category_id: food.id, allocation_class: 'want' },
      { name: 'Emergency', amount: 30000, allocation_category_id: saving.id, allocation_class: 'savings' },
    ],
  });
  const feb = await api<Budget>('PUT', `/budgets/${jan.id}/copy`);
  const mar = await api<Budget>('PUT', `/budgets/${feb.id}/copy`);
  const allocation = (budget: Budget, name: string) => budget.allocations.find((line) => line.name === name)!.id;

  const month = async (budget: Budget, monthNumber: string, groceries: number, saved: number) => {
    // A save without a version is held against the window this session last read: read it first, as a client does.
    await api('GET', `/transactions?bank_account_id=${chequing.id}&budget_id=${budget.id}`);
    await api('POST', '/transactions', {
      bank_account_id: chequing.id,
      budget_id: budget.id,
      transactions: [
        { transaction_date: `2026-${monthNumber}-01`, description: 'Salary', deposit_amount: 300000 },
        { transaction_date: `2026-${monthNumber}-02`, description: 'Landlord', withdrawal_amount: 100000, allocation_id: allocation(budget, 'Rent') },
        { transaction_date: `2026-${monthNumber}-10`, description: 'Grocer', withdrawal_amount: groceries, allocation_id: allocation(budget, 'Groceries') },
      ],
    });
    if (saved > 0) {
      await api('POST', `/bank_accounts/${chequing.id}/transfer`, {
        to: savings.id,
        amount: saved,
        description: 'Rainy day',
        date: `2026-${monthNumber}-20`,
        budget_id: budget.id,
        from_allocation: allocation(budget, 'Emergency'),
      });
    }
  };
  await month(filledJan, '01', 45000, 30000);
  await month(feb, '02', 52000, 30000);
  await month(mar, '03', 38000, 0);
  return { user, budgets: { jan: jan.id, feb: feb.id, mar: mar.id } };
}

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';
const chart = (page: Page) => page.locator('.ec-report-chart');
const table = (page: Page, name: string) => page.getByRole('region', { name });
const tableRows = (page: Page, name: string) => table(page, name).locator('tbody tr.ant-table-row');

async function tableText(rows: Locator): Promise<string[][]> {
  const count = await rows.count();
  const result: string[][] = [];
  for (let i = 0; i < count; i++) result.push(await rows.nth(i).locator('td').allTextContents());
  return result;
}


/**
 * Chart and table side by side on a wide screen; the chart above the table on a phone, neither wider than it. A
 * report whose table has too many columns to sit beside the chart (Needs vs Wants: ten) has it above on every screen.
 */
async function expectLayout(page: Page, testInfo: TestInfo, tableName: string, wideTable = false) {
  const chartBox = (await chart(page).boundingBox())!;
  const tableBox = (await table(page, tableName).boundingBox())!;
  if (wideTable && !isPhone(testInfo)) {
    expect(chartBox.y + chartBox.height).toBeLessThanOrEqual(tableBox.y);
  } else if (isPhone(testInfo)) {
    expect(chartBox.y + chartBox.height).toBeLessThanOrEqual(tableBox.y);
    expect(chartBox.width).toBeLessThanOrEqual(375);
    expect(tableBox.width).toBeLessThanOrEqual(375);
  } else {
    expect(chartBox.x + chartBox.width).toBeLessThanOrEqual(tableBox.x);
    expect(Math.abs(chartBox.y - tableBox.y)).toBeLessThan(2);
  }
  // The page itself never scrolls sideways (a wide table scrolls inside its own box).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** The tooltip the chart shows while the pointer is on the period's column or point. */
async function tooltipAt(page: Page, target: Locator): Promise<string> {
  await target.hover({ force: true });
  const tooltip = chart(page).locator('.recharts-tooltip-wrapper');
  await expect(tooltip).toBeVisible();
  return (await tooltip.textContent()) ?? '';
}

let household: Household;
test.beforeAll(async () => {
  household = await prepareHousehold();
});

test('net worth: a line per figure, the same figures in the table, a period range, a budget a click away, and the CSV', { tag: '@phone' }, async ({ page }, testInfo) => {
  await signIn(page, household.user);
  await page.goto('/#/reports/net-worth');
  const rows = tableRows(page, 'Net worth by period');
  await expect(rows).toHaveCount(3, { timeout: 30_000 });
  expect(await tableText(rows)).toEqual([
    ['Jan 2026', '1,550.00', '2,550.00'],
    ['Feb 2026', '1,480.00', '4,030.00'],
    ['Mar 2026', '1,620.00', '5,650.00'],
  ]);
  const points = chart(page).locator('.recharts-line-dots circle');
  await expect(points).toHaveCount(3);
  await expect(chart(page).locator('.recharts-line-dots rect')).toHaveCount(3);
  expect(await tooltipAt(page, points.nth(1))).toContain('Net Worth : 4,030.00');
  await expectLayout(page, testInfo, 'Net worth by period');

  await chooseOption(page, 'From', 'Feb 2026');
  await expect(page).toHaveURL(/#\/reports\/net-worth\?from=2026-02&to=2026-03$/);
  await expect(rows).toHaveCount(2);
  await expect(points).toHaveCount(2);
  expect(await tableText(rows)).toEqual([
    ['Feb 2026', '1,480.00', '4,030.00'],
    ['Mar 2026', '1,620.00', '5,650.00'],
  ]);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('net-worth-2026-02-to-2026-03.csv');
  expect(readFileSync(await download.path(), 'utf8')).toBe('\uFEFFPeriod,Net Change,Net Worth\r\n2026-02,1480.00,4030.00\r\n2026-03,1620.00,5650.00\r\n');

  // A point of the chart opens its budget.
  await points.nth(0).click({ force: true });
  await expect(page).toHaveURL(new RegExp(`#/budgets/${household.budgets.feb}$`));
});

test('category spending: choose a category, grouped columns of budgeted and spent agree with the table', { tag: '@phone' }, async ({ page }, testInfo) => {
  await signIn(page, household.user);
  await page.goto('/#/reports/category-spending');
  const rows = tableRows(page, 'Budgeted and spent by period');
  await expect(rows).toHaveCount(3, { timeout: 30_000 });
  // Categories by name: Food first.
  expect(await tableText(rows)).toEqual([
    ['Jan 2026', '500.00', '450.00', '50.00'],
    ['Feb 2026', '500.00', '520.00', '-20.00'],
    ['Mar 2026', '500.00', '380.00', '120.00'],
  ]);
  await expect(chart(page).locator('.recharts-bar-rectangle')).toHaveCount(6);

  await chooseOption(page, 'Category', 'Saving');
  await expect(page).toHaveURL(/category_id=\d+/);
  await expect(chart(page).locator('figcaption')).toContainText('Saving:');
  expect(await tableText(rows)).toEqual([
    ['Jan 2026', '300.00', '300.00', '0.00'],
    ['Feb 2026', '300.00', '300.00', '0.00'],
    ['Mar 2026', '300.00', '0.00', '300.00'],
  ]);
  // March spent nothing: its "spent" column has no height, so five columns are drawn.
  const columns = chart(page).locator('.recharts-bar-rectangle');
  await expect(columns).toHaveCount(5);
  const february = await tooltipAt(page, columns.nth(1));
  expect(february).toContain('Feb 2026');
  expect(february).toContain('Budgeted : 300.00');
  expect(february).toContain('Spent : 300.00');
  await expectLayout(page, testInfo, 'Budgeted and spent by period');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const text = readFileSync(await (await downloading).path(), 'utf8');
  expect(text.split('\r\n').slice(0, 2)).toEqual(['\uFEFFCategory,Period,Budgeted,Spent,Difference', 'Saving,2026-01,300.00,300.00,0.00']);

  // The period in the table opens the budget.
  await table(page, 'Budgeted and spent by period').getByRole('link', { name: 'Mar 2026' }).click();
  await expect(page).toHaveURL(new RegExp(`#/budgets/${household.budgets.mar}$`));
  await expect(page.getByRole('row').filter({ hasText: 'Emergency' }).first()).toBeVisible();
});

test('needs vs wants: budgeted and actual shares as 100 % columns with the 50/30/20 guide', { tag: '@phone' }, async ({ page }, testInfo) => {
  await signIn(page, household.user);
  await page.goto('/#/reports/needs-vs-wants');
  const budgeted = tableRows(page, 'Needs, wants and savings by period, budgeted');
  await expect(budgeted).toHaveCount(3, { timeout: 30_000 });
  // Budgeted: needs 1,000 and savings 300 of 3,000 → 33 % and 10 %, wants the remaining 57 %.
  const shares = async (rows: Locator) => (await tableText(rows)).map((cells) => [cells[0], ...cells.filter((cell) => cell.endsWith('%'))]);
  expect(await shares(budgeted)).toEqual([
    ['Jan 2026', '33 %', '57 %', '10 %'],
    ['Feb 2026', '33 %', '57 %', '10 %'],
    ['Mar 2026', '33 %', '57 %', '10 %'],
  ]);
  const labels = chart(page).locator('.recharts-label-list text');
  await expect(labels).toHaveCount(9);
  expect((await labels.allTextContents()).sort()).toEqual(['10', '10', '10', '33', '33', '33', '57', '57', '57']);
  await expect(chart(page).locator('.recharts-reference-line')).toHaveCount(2);
  await expectLayout(page, testInfo, 'Needs, wants and savings by period, budgeted', true);

  await page.getByText('Actual', { exact: true }).click();
  await expect(page).toHaveURL(/basis=actual/);
  // Actual: what was spent on needs, wants and savings, and what is not spent, apart (issue 42): Jan groceries
  // 450 of 3,000 (15 %), Feb 520 (17 %), Mar 380 (13 %); the rest of the income is Unspent.
  const actual = tableRows(page, 'Needs, wants and savings by period, actual');
  await expect(actual).toHaveCount(3);
  expect(await shares(actual)).toEqual([
    ['Jan 2026', '33 %', '15 %', '10 %', '42 %'],
    ['Feb 2026', '33 %', '17 %', '10 %', '40 %'],
    ['Mar 2026', '33 %', '13 %', '0 %', '54 %'],
  ]);
  // March saved nothing: its savings segment has no height and no label.
  await expect(labels).toHaveCount(11);
  expect((await labels.allTextContents()).sort()).toEqual(['10', '10', '13', '15', '17', '33', '33', '33', '40', '42', '54']);
  const march = await tooltipAt(page, chart(page).locator('.recharts-bar-rectangle').nth(2));
  expect(march).toContain('Mar 2026');
  expect(march).toContain('Wants : 13 %');
  expect(march).toContain('Unspent : 54 %');
});
