import { expect, test, type Page } from '@playwright/test';
import { today } from '../../src/shared/dates';
import { apiFor } from './support/api';
import { createHousehold, signIn } from './support/households';
import { chooseOption } from './support/dialogs';

/**
 * A household saves for the car and a holiday inside one savings account: it opens the account as a sink fund,
 * adds the two envelopes, assigns two deposits to them in the transactions window, moves money between them and
 * from Unassigned Money, and sees every balance move while envelopes plus Unassigned Money stay the account's balance.
 */

const message = (page: Page, text: string) => page.locator('.ec-message-text', { hasText: text }).first();
const figure = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const envelopeRow = (page: Page, name: string) => page.locator(`tr[data-envelope="${name}"]`);


async function expectFigures(page: Page, balance: string, unassigned: string, envelopes: Record<string, string>, inEnvelopes: string) {
  await expect(figure(page, 'Sink Fund Account Balance')).toHaveText(balance);
  await expect(figure(page, 'Unassigned Money')).toHaveText(unassigned);
  for (const [name, amount] of Object.entries(envelopes)) await expect(envelopeRow(page, name).locator('td').nth(1)).toHaveText(amount);
  await expect(figure(page, 'How the balance adds up')).toHaveText(
    `Envelopes ${inEnvelopes} + Unassigned Money ${unassigned} = Sink Fund Account Balance ${balance}`,
  );
}

async function transferMoney(page: Page, from: string, to: string, amount: string) {
  await page.getByRole('button', { name: 'Transfer Money' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transfer Money' });
  await expect(dialog).toBeVisible();
  await chooseOption(page, dialog.getByRole('combobox', { name: 'From' }), from);
  await chooseOption(page, dialog.getByRole('combobox', { name: 'To' }), to);
  await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByRole('button', { name: 'Transfer' }).click();
  await expect(message(page, 'Transfer completed.')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a savings account split into envelopes: fund them, move money, and every balance adds up', async ({ page }) => {
  test.setTimeout(180_000);
  const user = await createHousehold();
  const api = await apiFor(user);
  // The transactions window needs a category and a budget covering today.
  await api('POST', '/allocation_categories', { name: 'Savings' });
  await api('POST', '/budgets', { start_date: `${today().slice(0, 8)}01` });
  await signIn(page, user);

  // The account itself, as a person opens it in Setup.
  await page.goto('/#/setup/bank-accounts');
  await page.getByRole('button', { name: 'Add Bank Account' }).click();
  const accountDialog = page.getByRole('dialog', { name: 'Add Bank Account' });
  await expect(accountDialog).toBeVisible();
  await accountDialog.getByLabel('Name').fill('Rainy Day Savings');
  await accountDialog.getByText('Sink Fund', { exact: true }).click();
  await accountDialog.getByLabel('Opening Balance').fill('1,000.00');
  await accountDialog.getByRole('button', { name: 'Save' }).click();
  await expect(message(page, 'Bank Account saved.')).toBeVisible();

  // Two envelopes.
  await page.goto('/#/sink-funds');
  await expect(page.getByRole('combobox', { name: 'Sink Fund Account' })).toBeVisible({ timeout: 30_000 });
  await expectFigures(page, '1,000.00', '1,000.00', {}, '0.00');
  await page.getByRole('button', { name: 'Make Changes' }).click();
  for (const [name, target] of [
    ['Car', '500'],
    ['Holiday', '1,000'],
  ]) {
    await page.getByRole('button', { name: 'Add Envelope' }).click();
    await page.getByLabel('Envelope name').last().fill(name);
    await page.getByLabel(`Target for ${name}`).fill(target);
  }
  await expect(figure(page, 'Total Target')).toHaveText('1,500.00');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(message(page, 'Sink fund saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Make Changes' })).toBeVisible();
  await expectFigures(page, '1,000.00', '1,000.00', { Car: '0.00', Holiday: '0.00' }, '0.00');

  // Two deposits, each assigned to its envelope in the transactions window.
  await page.getByRole('link', { name: 'View Transactions' }).click();
  await expect(page.getByRole('button', { name: 'Make Changes' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Make Changes' }).click();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  for (const [description, amount, envelope] of [
    ['Car savings', '300', 'Car'],
    ['Holiday savings', '200', 'Holiday'],
  ]) {
    await page.getByRole('button', { name: 'Add New Transaction' }).click();
    const row = page.locator('.ec-transactions-table tbody tr').last();
    await row.getByLabel('Description').fill(description);
    await row.getByLabel('Deposited').fill(amount);
    await chooseOption(page, row.getByRole('combobox', { name: 'Sink Fund Allocation' }), envelope);
  }
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(message(page, 'Transactions saved.')).toBeVisible();

  // The envelopes moved at once; Unassigned Money did not.
  await page.goBack();
  await expect(page).toHaveURL(/#\/sink-funds\?bank_account_id=\d+/);
  await expectFigures(page, '1,500.00', '1,000.00', { Car: '300.00', Holiday: '200.00' }, '500.00');
  await expect(envelopeRow(page, 'Car').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');

  // Between two envelopes, then from Unassigned Money into one.
  await transferMoney(page, 'Car', 'Holiday', '100');
  await expectFigures(page, '1,500.00', '1,000.00', { Car: '200.00', Holiday: '300.00' }, '500.00');
  await transferMoney(page, 'Unassigned Money', 'Car', '250');
  await expectFigures(page, '1,500.00', '750.00', { Car: '450.00', Holiday: '300.00' }, '750.00');
  await expect(envelopeRow(page, 'Car').locator('td').nth(3)).toHaveText('-50.00');

  // The car envelope's balance opens the rows behind it: the deposit and both moves.
  await page.getByRole('button', { name: 'Transactions for Car' }).click();
  const list = page.getByRole('dialog', { name: 'Transactions for Car' });
  await expect(list.getByText('Car savings')).toBeVisible();
  await expect(list.getByText('Internal Allocation Transfer')).toHaveCount(2);
  await expect(list.locator('tfoot')).toContainText('450.00');
});
