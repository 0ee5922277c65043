import { expect, test, type Page } from '@playwright/test';
import { addDays } from '../../src/shared/dates';
import { signIn } from './support/households';
import { prepareWeeklyHousehold, type WeeklyHousehold } from './support/weeklyHousehold';

/**
 * Real bank files in the import dialog (issue 29): a file that reads two ways makes the preview ask, with both
 * readings side by side; a Latin-1 file keeps its accents; a file with lines above its header imports.
 */

// Each test builds a household with two budgets and signs in; on a shared machine that alone can take most of a minute.
test.describe.configure({ timeout: 120_000 });

const dialog = (page: Page) => page.getByRole('dialog').filter({ hasText: 'Import Transactions' });
const rowWithDescription = (page: Page, description: string) =>
  page.locator('.ec-transactions-table tbody tr').filter({ has: page.locator(`input[aria-label="Description"][value="${description}"]`) });
const dotted = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
const american = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

async function openImport(page: Page, household: WeeklyHousehold, file: { name: string; buffer: Buffer }) {
  await signIn(page, household.user);
  await page.goto(`/#/transactions?bank_account_id=${household.chequingId}&budget_id=${household.budgetId}`);
  // The first visit loads the page's code.
  await page.getByRole('button', { name: 'Make Changes' }).click({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Import Transactions' }).click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByLabel('Bank file').setInputFiles({ name: file.name, mimeType: 'text/csv', buffer: file.buffer });
}

/** Clicks "Add N Rows" and waits for the import's summary and one of its rows in the window. */
async function addRows(page: Page, count: number, description: string) {
  await dialog(page).getByRole('button', { name: `Add ${count} Rows` }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByText(`${count} rows read: ${count} added, 0 outside the budget period, 0 duplicates.`)).toBeVisible();
  await expect(rowWithDescription(page, description)).toBeVisible();
}

test('a file whose dates read two ways makes the preview ask, with both readings side by side', async ({ page }) => {
  const household = await prepareWeeklyHousehold();
  // The 2nd to the 4th of this month: every day is 12 or less, so 03/02 could be the 3rd of February.
  const days = [1, 2, 3].map((n) => addDays(household.start, n));
  const csv = ['Date,Description,Amount', `${american(days[0])},Import Bakery,-4.50`, `${american(days[1])},Import Books,-20.00`, `${american(days[2])},Import Refund,7.25`].join('\n');
  await openImport(page, household, { name: 'us-bank.csv', buffer: Buffer.from(csv) });

  const question = dialog(page).getByRole('group', { name: /dates read two ways/ });
  await expect(question).toBeVisible();
  await expect(question.getByRole('region', { name: 'Day first (DD/MM/YYYY)' })).toBeVisible();
  await expect(question.getByRole('region', { name: 'Month first (MM/DD/YYYY)' })).toBeVisible();
  await expect(question.getByLabel('Totals: Month first (MM/DD/YYYY)')).toContainText('3 rows · deposits 7.25 · withdrawals 24.50');
  await expect(dialog(page).getByRole('button', { name: 'Answer the question above first' })).toBeDisabled();

  await question.getByRole('button', { name: 'Use: Month first (MM/DD/YYYY)' }).click();
  await expect(question).toBeHidden();
  await expect(dialog(page).getByLabel('Date format')).toHaveValue('MM/DD/YYYY');
  await addRows(page, 3, 'Import Books');
});

test('a Latin-1 file shows its accents', async ({ page }) => {
  const household = await prepareWeeklyHousehold();
  const csv = ['Datum;Buchungstext;Betrag', `${dotted(addDays(household.start, 1))};Café Müller Straße;-3,50`, `${dotted(addDays(household.start, 2))};Bäckerei Öhlschläger;-12,80`].join('\n');
  await openImport(page, household, { name: 'umsaetze.csv', buffer: Buffer.from(csv, 'latin1') });

  await expect(dialog(page).getByText(/Encoding: /)).not.toContainText('UTF-8');
  const preview = dialog(page).getByRole('table', { name: 'Preview' });
  await expect(preview).toContainText('Café Müller Straße');
  await expect(preview).toContainText('Bäckerei Öhlschläger');
  await expect(preview).not.toContainText('\ufffd');
  await dialog(page).getByRole('button', { name: 'Add 2 Rows' }).click();
  await expect(rowWithDescription(page, 'Café Müller Straße')).toBeVisible();
});

test('a file with lines above its header imports, leaving its balance line out', { tag: '@phone' }, async ({ page }) => {
  const household = await prepareWeeklyHousehold();
  const csv = [
    '"Kontonummer:";"DE12 1203 0000 1234 5678 90 / Girokonto";',
    '',
    `"Von:";"${dotted(household.start)}";`,
    '"Kontostand vom heute:";"1.234,56 EUR";',
    '',
    '"Buchungstag";"Wertstellung";"Buchungstext";"Auftraggeber / Begünstigter";"Verwendungszweck";"Betrag (EUR)";',
    `"${dotted(household.start)}";"${dotted(household.start)}";"Saldo Anterior";"";"";"1.000,00";`,
    `"${dotted(addDays(household.start, 1))}";"${dotted(addDays(household.start, 1))}";"Lastschrift";"Preamble Utility";"Strom";"-62,10";`,
    `"${dotted(addDays(household.start, 2))}";"${dotted(addDays(household.start, 2))}";"Gutschrift";"Preamble Employer";"Gehalt";"2.500,00";`,
  ].join('\n');
  await openImport(page, household, { name: 'dkb.csv', buffer: Buffer.from(csv) });

  await expect(dialog(page).getByLabel('Totals', { exact: true })).toContainText('2 rows · deposits 2,500.00 · withdrawals 62.10');
  await expect(dialog(page).getByText('Line 7: "Saldo Anterior" is a balance, not a transaction')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Add 2 Rows' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(rowWithDescription(page, 'Preamble Utility')).toBeVisible();
  await expect(rowWithDescription(page, 'Preamble Employer')).toBeVisible();
});

const compact = (date: string) => date.replace(/-/g, '');
const monthFirst = (date: string) => `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}/${date.slice(0, 4)}`;

/** The dialog fits the screen: nothing wider than it, and "Add" can be reached. */
async function expectDialogFits(page: Page) {
  const body = dialog(page).locator('.ant-modal-body');
  expect(await body.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  await dialog(page).getByRole('button', { name: /^Add \d+ Rows?$/ }).scrollIntoViewIfNeeded();
  await expect(dialog(page).getByRole('button', { name: /^Add \d+ Rows?$/ })).toBeInViewport();
}

test('a Dutch export without a header line keeps its first transaction and reads Af/Bij', { tag: '@phone' }, async ({ page }) => {
  const household = await prepareWeeklyHousehold();
  const [first, second, third] = [3, 2, 1].map((n) => compact(addDays(household.start, n)));
  const csv = [
    `"${first}","Headerless Bakery","NL91 INGB 0001 2345 67","","BA","Af","7,05","Betaalautomaat","BAKKERIJ DE KORF / UTRECHT 005 224504"`,
    `"${second}","Headerless Friend","NL91 INGB 0001 2345 67","4455667","GT","Bij","35,00","Internetbankieren","Naam: Mw J de Vries"`,
    `"${third}","Headerless Landlord","NL91 INGB 0001 2345 67","7654321","IC","Af","812,50","Incasso","Huur"`,
  ].join('\n');
  await openImport(page, household, { name: 'NL91INGB0001234567_01-03-2026_31-03-2026.csv', buffer: Buffer.from(csv) });

  const preview = dialog(page).getByRole('table', { name: 'Preview' });
  await expect(preview.locator('tbody tr').first()).toContainText('Headerless Bakery');
  await expect(dialog(page).getByLabel('Totals', { exact: true })).toContainText('3 rows · deposits 35.00 · withdrawals 819.55');
  await expect(dialog(page).getByLabel('Debit/credit column')).toHaveValue('5');
  await expect(dialog(page).getByRole('group')).toHaveCount(0);
  await expectDialogFits(page);
  await addRows(page, 3, 'Headerless Bakery');
});

test('a payment service export with Gross, Fee and Net imports the net, checked by its own balance, its memo line left out', { tag: '@phone' }, async ({ page }) => {
  const household = await prepareWeeklyHousehold();
  const header = '"Date","Time","TimeZone","Name","Type","Status","Currency","Gross","Fee","Net","From Email Address","To Email Address","Transaction ID","Balance","Balance Impact"';
  // Days after the 12th, so the dates read one way only.
  const line = (n: number, name: string, type: string, gross: string, fee: string, net: string, balance: string, impact: string) =>
    `"${monthFirst(addDays(household.start, n))}","10:00:00","PST","${name}","${type}","Completed","USD","${gross}","${fee}","${net}","a@example.com","b@example.com","TX${n}","${balance}","${impact}"`;
  const csv = [
    header,
    line(13, 'Net Buyer', 'Payment Received', '50.00', '-1.75', '48.25', '48.25', 'Credit'),
    line(14, 'Net Stream', 'Subscription Payment', '-9.99', '0.00', '-9.99', '38.26', 'Debit'),
    line(15, '', 'General Authorization', '-20.00', '0.00', '-20.00', '38.26', 'Memo'),
    line(16, 'Net Books', 'Express Checkout Payment', '-20.00', '0.00', '-20.00', '18.26', 'Debit'),
  ].join('\n');
  await openImport(page, household, { name: 'Download.CSV', buffer: Buffer.from(csv) });

  await expect(dialog(page).getByLabel('Totals', { exact: true })).toContainText('3 rows · deposits 48.25 · withdrawals 29.99');
  await expect(dialog(page).getByLabel('Amount column')).toHaveValue('9');
  await expect(dialog(page).getByLabel("The file's own balance")).toContainText('these amounts explain each of its 2 steps');
  await expect(dialog(page).getByText(/Line 4: a memo, it does not move the balance/)).toBeVisible();
  await expectDialogFits(page);
  await addRows(page, 3, 'Net Buyer');
  await expect(rowWithDescription(page, 'Net Buyer').getByLabel(/^Deposited/)).toHaveValue('48.25');
});
