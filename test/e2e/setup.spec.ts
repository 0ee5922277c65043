import { expect, test, type Locator, type Page } from '@playwright/test';
import { createHousehold, signIn } from './support/households';
import { chooseOption } from './support/dialogs';

/** An antd dialog by its title, once it has finished animating in. */
async function dialogTitled(page: Page, title: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The message bar (and toast) text after a save. */
const message = (page: Page, text: string) => page.locator('.ec-message-text', { hasText: text });

async function addNamed(page: Page, thing: string, name: string) {
  await page.getByRole('button', { name: `Add ${thing}` }).click();
  const dialog = await dialogTitled(page, `Add ${thing}`);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Name').press('Enter');
  await expect(message(page, `${thing} saved.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
}


test('a new household sets itself up and sees its names in the budget summary', async ({ page }) => {
  // A whole household's setup is many dialogs; on a busy machine it outlasts the default minute.
  test.setTimeout(180_000);
  const user = await createHousehold();
  await signIn(page, user);

  // Financial institution first: the guided start's checklist shows the way.
  await page.goto('/#/setup/institutions');
  const guide = page.getByRole('complementary', { name: 'Guided start' });
  await expect(guide.getByRole('link', { name: 'Add your bank (Financial Institutions)' })).toBeVisible();
  await addNamed(page, 'Institution', 'First Bank');

  // Two bank accounts, one of them a credit card.
  await page.goto('/#/setup/bank-accounts');
  await page.getByRole('button', { name: 'Add Bank Account' }).click();
  let dialog = await dialogTitled(page, 'Add Bank Account');
  await expect(dialog.getByLabel('Statement Day')).toHaveCount(0);
  await dialog.getByLabel('Name').fill('Chequing');
  await chooseOption(page, dialog.getByLabel('Financial Institution'), 'First Bank');
  await dialog.getByLabel('Opening Balance').fill('1,250.50');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(message(page, 'Bank Account saved.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Add Bank Account' }).click();
  dialog = await dialogTitled(page, 'Add Bank Account');
  await dialog.getByLabel('Name').fill('Visa');
  await dialog.getByText('Credit Card', { exact: true }).click();
  await dialog.getByText('Liability', { exact: true }).click();
  await dialog.getByLabel('Statement Day').fill('32');
  await dialog.getByLabel('Payment Due Day').fill('25');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Statement Day must be a day of the month (1–31)')).toBeVisible();
  await dialog.getByLabel('Statement Day').fill('5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(message(page, 'Bank Account saved.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: 'Visa', exact: true })).toBeVisible();

  // What was saved comes back: the opening balance in cents, the institution, the credit card's days.
  await page.getByRole('button', { name: 'Edit Chequing' }).click();
  dialog = await dialogTitled(page, 'Edit Bank Account: Chequing');
  await expect(dialog.getByLabel('Opening Balance')).toHaveValue('1250.50');
  await expect(dialog.getByText('First Bank')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Edit Visa' }).click();
  dialog = await dialogTitled(page, 'Edit Bank Account: Visa');
  await expect(dialog.getByLabel('Statement Day')).toHaveValue('5');
  await expect(dialog.getByLabel('Payment Due Day')).toHaveValue('25');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Three allocation categories; the server refuses a duplicate and the dialog says why.
  await page.goto('/#/setup/allocation-categories');
  for (const name of ['Housing', 'Food', 'Fun']) await addNamed(page, 'Allocation Category', name);
  await page.getByRole('button', { name: 'Add Allocation Category' }).click();
  dialog = await dialogTitled(page, 'Add Allocation Category');
  await dialog.getByLabel('Name').fill('food');
  await dialog.getByLabel('Name').press('Enter');
  await expect(dialog.getByText('Allocation Category already exists.')).toBeVisible();
  await expect(message(page, 'Allocation Category not saved. Allocation Category already exists.')).toBeVisible();
  // The refused name is still an edit: Escape asks before dropping it.
  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog').filter({ hasText: 'Close without saving?' });
  await question.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();

  // Settings: a couple with their names.
  await page.goto('/#/setup/settings');
  await chooseOption(page, page.getByLabel('Primary Budget Account'), 'Chequing');
  await chooseOption(page, page.getByLabel('Default Allocation Category for Special Events'), 'Fun');
  await page.getByText('Couple', { exact: true }).click();
  await page.getByLabel("Second Partner's Name").fill('Bob');
  await page.getByLabel("First Partner's Name").fill('Alice');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(message(page, 'Settings saved.')).toBeVisible();
  // The accounts are in: the guided start ticks its first step and points at the budget.
  await expect(guide.locator('li').first()).toContainText('(done)');
  await expect(guide.getByRole('link', { name: 'Add your first budget' })).toBeVisible();

  // A budget's summary splits the discretionary money between Alice and Bob.
  await page.goto('/#/budgets');
  await page.getByRole('button', { name: 'Add New Budget' }).click();
  dialog = await dialogTitled(page, 'Add New Budget');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'View' }).first().click();
  await expect(page.getByText("Alice's Discretionary Amount")).toBeVisible();
  await expect(page.getByText("Bob's Discretionary Amount")).toBeVisible();
});
