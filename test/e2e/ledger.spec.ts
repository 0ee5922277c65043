import { expect, test, type Locator, type Page } from '@playwright/test';
import { addMonths, formatFullDate, formatShortDate, today } from '../../src/shared/dates';
import { apiFor, type Api } from './support/api';
import { chooseOption, settled } from './support/dialogs';
import { createHousehold, signIn, type E2eUser } from './support/households';

/**
 * Issue 28, as a new household lives it: accounts first (the card entered as the amount owed), then a budget
 * starting on the 1st of the month, entries dated before today, a transfer to the card, an envelope spend, a
 * reconcile, a close and a reopen; after each stage every screen (Account Balances, the transactions window, the
 * sink fund, the Net Worth report and Home) shows the same figures.
 *
 * Everyday 5,000.00 − Groceries 120.00 − the card payment 450.00 = 4,430.00, reconciled to a statement of 4,411.66;
 * Visa owes 450.00, paid off: 0.00; Savings 10,000.00 − Flights 250.00 from the Holiday envelope (1,000.00 put in
 * it) = 9,750.00, of which Holiday 750.00 and Unassigned Money 9,000.00. Net worth 14,180.00, then 14,161.66.
 */

const budgetStart = (todayDate: string) => (todayDate.endsWith('-01') ? addMonths(todayDate, -1) : `${todayDate.slice(0, 8)}01`);

const message = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const group = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const accountRow = (page: Page, name: string): Locator => page.locator('.ec-balances-group tr.ant-table-row').filter({ has: page.getByRole('link', { name, exact: true }) });
const currentBalance = (page: Page, name: string) => accountRow(page, name).locator('td').last();
const figure = (page: Page, label: string) => page.getByLabel(label, { exact: true });


interface Household {
  user: E2eUser;
  api: Api;
  ids: Record<'Everyday' | 'Visa' | 'Savings', number>;
  budgetId: number;
  start: string;
}

/** "Everyday" and "Savings" through the API, "Visa" on the Bank Accounts page, as the amount owed. */
async function setUpAccounts(page: Page, user: E2eUser, api: Api): Promise<Omit<Household, 'budgetId' | 'start'>> {
  await api('POST', '/allocation_categories', { name: 'Food' });
  const everyday = await api('POST', '/bank_accounts', { name: 'Everyday', account_type: 'normal', account_category: 'current', opening_balance: 500_000 });
  const savings = await api('POST', '/bank_accounts', { name: 'Savings', account_type: 'sink_fund', account_category: 'asset', opening_balance: 1_000_000 });

  await page.goto('/#/setup/bank-accounts');
  await page.getByRole('button', { name: 'Add Bank Account' }).click();
  const dialog = await settled(page.getByRole('dialog', { name: 'Add Bank Account' }));
  await dialog.getByLabel('Name').fill('Visa');
  await dialog.getByText('Credit Card', { exact: true }).click();
  // Debts read as debts: the form asks what is owed, as a positive number, and says how it counts.
  await expect(dialog.getByLabel('Opening Balance')).toHaveCount(0);
  await expect(dialog.getByText('What you owe, as a positive number: it is stored and shown as a negative balance.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Amount owed' }).fill('450');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: 'Visa', exact: true })).toBeVisible();
  const accounts = await api<Array<{ id: number; name: string; opening_balance: number }>>('GET', '/bank_accounts');
  const visa = accounts.find((account) => account.name === 'Visa')!;
  expect(visa.opening_balance).toBe(-45_000);
  return { user, api, ids: { Everyday: everyday.id, Visa: visa.id, Savings: savings.id } };
}

/**
 * Accounts first (the app's "Getting started" order), then the budget; or the budget first, as the demo household
 * does. Then the month's entries before today, the transfer to the card and the envelope spend.
 */
async function setUp(page: Page, user: E2eUser, order: 'accounts first' | 'budget first'): Promise<Household> {
  const api = await apiFor(user);
  const start = budgetStart(today());
  const newBudget = () => api('POST', '/budgets', { start_date: start });
  const earlyBudget = order === 'budget first' ? await newBudget() : undefined;
  const household = await setUpAccounts(page, user, api);
  const budget = earlyBudget ?? (await newBudget());
  const { ids } = household;
  await api('POST', '/transactions', {
    bank_account_id: ids.Everyday,
    budget_id: budget.id,
    transactions: [{ transaction_date: start, description: 'Groceries', withdrawal_amount: 12_000 }],
  });
  await api('POST', `/bank_accounts/${ids.Everyday}/transfer`, { to: ids.Visa, amount: 45_000, description: 'Card payment', date: start, budget_id: budget.id });
  const fund = await api<{ sink_fund_allocations: Array<{ id: number; name: string }> }>('PUT', `/sink_funds/${ids.Savings}`, {
    sink_fund_allocations: [{ name: 'Holiday', target: 200_000 }],
  });
  const holiday = fund.sink_fund_allocations.find((envelope) => envelope.name === 'Holiday')!.id;
  await api('POST', '/transactions', {
    bank_account_id: ids.Savings,
    budget_id: budget.id,
    transactions: [{ transaction_date: start, description: 'Flights', withdrawal_amount: 25_000, sink_fund_allocation_id: holiday }],
  });
  // After the window save: a window save's list is the whole window, so it would delete the move's two rows.
  await api('POST', `/sink_funds/${ids.Savings}/transfer_allocation`, { existing_allocation_id: 0, new_allocation_id: holiday, amount: 100_000 });
  return { ...household, budgetId: budget.id, start };
}

/** Every screen's figures for the three accounts: Account Balances, each transactions window, the sink fund, Net Worth, Home. */
async function expectEveryScreen(page: Page, household: Household, balances: Record<'Everyday' | 'Visa' | 'Savings', string>, netWorth: string) {
  await page.goto('/#/account-balances');
  // What the API wrote behind the page's back (the budget, the entries, a close): read afresh, as a new visit would.
  await page.reload();
  await expect(accountRow(page, 'Everyday')).toBeVisible({ timeout: 30_000 });
  // A new card is a credit card, not a loan.
  await expect(group(page, 'Credit Cards').getByRole('link', { name: 'Visa', exact: true })).toBeVisible();
  await expect(group(page, 'Loans').getByText('Visa')).toHaveCount(0);
  for (const [name, balance] of Object.entries(balances)) await expect.soft(currentBalance(page, name), `Account Balances: ${name}`).toHaveText(balance);
  await expect.soft(figure(page, 'Net Worth'), 'Account Balances: Net Worth').toHaveText(netWorth);

  for (const [name, balance] of Object.entries(balances)) {
    await page.goto(`/#/transactions?bank_account_id=${household.ids[name as keyof Household['ids']]}&budget_id=${household.budgetId}`);
    await expect.soft(figure(page, 'Current Bank Balance'), `Transactions window: ${name}`).toHaveText(balance, { timeout: 30_000 });
  }

  await page.goto(`/#/sink-funds?bank_account_id=${household.ids.Savings}`);
  await expect.soft(figure(page, 'Sink Fund Account Balance'), 'Sink fund balance').toHaveText(balances.Savings, { timeout: 30_000 });
  await expect.soft(figure(page, 'Unassigned Money'), 'Unassigned Money').toHaveText('9,000.00');
  await expect.soft(page.locator('tr[data-envelope="Holiday"] td').nth(1), 'Holiday envelope').toHaveText('750.00');

  await page.goto('/#/reports/net-worth');
  const rows = page.getByRole('region', { name: 'Net worth by period' }).locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await expect.soft(rows.last().locator('td').last(), 'Net Worth report: latest period').toHaveText(netWorth);

  await page.goto('/#/');
  // The app never dates a row of its own in the future: the latest is today's reconcile or envelope move.
  await expect.soft(page.locator('.ec-home-last-update'), 'Home: last transaction entered').toContainText(formatFullDate(today()), { timeout: 30_000 });
}

async function reconcileEveryday(page: Page, household: Household) {
  await page.goto(`/#/transactions?bank_account_id=${household.ids.Everyday}&budget_id=${household.budgetId}`);
  await page.getByRole('button', { name: 'Reconcile' }).click({ timeout: 30_000 });
  const dialog = await settled(page.getByRole('dialog', { name: 'Reconcile to a Statement' }));
  await expect(dialog.getByLabel('Statement closing date')).toHaveValue(today());
  await expect.soft(dialog.getByLabel('EveryCent balance'), 'Reconcile: the balance at the statement date').toHaveText('4,430.00');
  await expect.soft(dialog.getByRole('table', { name: 'Unreconciled rows' }), 'Reconcile: the rows up to the statement date').toContainText('Groceries');
  await dialog.getByLabel('Statement closing balance').fill('4,411.66');
  await expect.soft(dialog.getByLabel('Difference'), 'Reconcile: the difference').toHaveText('-18.34');
  await dialog.getByRole('button', { name: 'Reconcile' }).click();
  await expect(message(page, 'Account reconciled.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Manual Adjustment (statement of ${formatShortDate(today())})`)).toBeVisible();
  await expect(page.getByText(`Reconciled through ${formatShortDate(today())}`)).toBeVisible();
  await expect(figure(page, 'Current Bank Balance')).toHaveText('4,411.66');
}

/** The card from Account Balances: it owes nothing now, the statement agrees, and no row is written. */
async function reconcileVisaFromAccountBalances(page: Page) {
  await page.goto('/#/account-balances');
  await page.getByRole('button', { name: 'Reconcile to a Statement' }).click({ timeout: 30_000 });
  const dialog = await settled(page.getByRole('dialog', { name: 'Reconcile to a Statement' }));
  await chooseOption(page, dialog.getByLabel('Account'), 'Visa');
  await expect(dialog.getByLabel('Statement amount owed')).toBeVisible();
  await expect.soft(dialog.getByLabel('EveryCent balance'), 'Reconcile Visa: amount owed').toHaveText('0.00');
  await dialog.getByLabel('Statement amount owed').fill('0');
  await expect.soft(dialog.getByLabel('Difference'), 'Reconcile Visa: difference').toHaveText('0.00');
  await dialog.getByRole('button', { name: 'Reconcile' }).click();
  await expect(message(page, 'Account reconciled.')).toBeVisible();
  await expect(dialog).toBeHidden();
}

for (const order of ['accounts first', 'budget first'] as const) {
  test(`a new household, set up ${order}, sees one set of figures on every screen through a reconcile, a close and a reopen`, async ({ page }) => {
    // Many screens, each read several times; on a busy machine it outlasts the default minute.
    test.setTimeout(600_000);
    const user = await createHousehold();
    await signIn(page, user);
    const household = await setUp(page, user, order);

    const before = { Everyday: '4,430.00', Visa: '0.00', Savings: '9,750.00' };
    await expectEveryScreen(page, household, before, '14,180.00');

    await reconcileEveryday(page, household);
    await reconcileVisaFromAccountBalances(page);
    const reconciled = { Everyday: '4,411.66', Visa: '0.00', Savings: '9,750.00' };
    await expectEveryScreen(page, household, reconciled, '14,161.66');

    // Closing and reopening the month is an exact round trip: the same figures, still reconciled.
    await household.api('PUT', `/budgets/${household.budgetId}/close`);
    await household.api('POST', '/budgets/reopen_last_budget');
    await expectEveryScreen(page, household, reconciled, '14,161.66');
    await page.goto(`/#/transactions?bank_account_id=${household.ids.Everyday}&budget_id=${household.budgetId}`);
    await expect(page.getByText(`Reconciled through ${formatShortDate(today())}`)).toBeVisible({ timeout: 30_000 });
  });
}
