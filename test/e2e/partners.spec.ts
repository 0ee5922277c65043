import { randomBytes } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { connectDatabase } from '../../server/db/connect';
import { addUser } from '../../server/services/households';
import { today } from '../../src/shared/dates';
import { apiFor, type Api } from './support/api';
import { settled } from './support/dialogs';
import { E2E_DATABASE_FILE } from './support/env';
import { type E2eUser, signIn } from './support/households';

interface Budget {
  id: number;
  name: string;
  lock_version: number;
  incomes: { id: number; name: string; owner: string }[];
  allocations: { id: number; name: string; amount: number }[];
}

/** Ana and Ben, two members of one household, each with their own sign-in (as `user:add` makes them). */
async function createCouple(): Promise<{ ana: E2eUser; ben: E2eUser }> {
  const householdName = `Partners ${randomBytes(3).toString('hex')}`;
  const database = connectDatabase(`sqlite:${E2E_DATABASE_FILE}`);
  try {
    const member = async (name: string): Promise<E2eUser> => {
      const email = `${name.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;
      const password = `${name} password 123`;
      const { householdId } = await addUser(database.db, { householdName, email, password, name });
      return { email, password, householdName, householdId };
    };
    return { ana: await member('Ana'), ben: await member('Ben') };
  } finally {
    await database.destroy();
  }
}

/**
 * This month's budget: Ana's salary 3,000.00 and Ben's wage 1,000.00 (both still "shared"), Rent 1,500.00 and
 * Groceries 400.00, so 2,100.00 is left to split; the settings name the couple, 50/50.
 */
async function prepareBudget(api: Api): Promise<Budget> {
  const home = await api('POST', '/allocation_categories', { name: 'Home' });
  const settings = await api<{ lock_version: number }>('GET', '/settings');
  await api('POST', '/settings', { family_type: 'couple', wife: 'Ana', husband: 'Ben', single_person: 'Me', split_rule: 'even', lock_version: settings.lock_version });
  const created = await api<Budget>('POST', '/budgets', { start_date: `${today().slice(0, 8)}01` });
  return api<Budget>('PUT', `/budgets/${created.id}`, {
    lock_version: created.lock_version,
    incomes: [
      { name: 'Salary', amount: 300000 },
      { name: 'Wage', amount: 100000 },
    ],
    allocations: [
      { name: 'Rent', amount: 150000, allocation_category_id: home.id },
      { name: 'Groceries', amount: 40000, allocation_category_id: home.id },
    ],
  });
}

async function signedInPage(browser: Browser, user: E2eUser, phone: boolean): Promise<Page> {
  const context = await browser.newContext(phone ? { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true } : { viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

const allocations = (page: Page) => page.getByRole('table', { name: 'Allocations' });
const incomes = (page: Page) => page.getByRole('table', { name: 'Incomes' });
const share = (page: Page, name: string) => page.getByRole('table', { name: 'Discretionary Summary' }).getByRole('row', { name: new RegExp(`^${name}'s Discretionary Amount`) });

async function changeAmount(page: Page, line: string, amount: string) {
  await page.getByRole('button', { name: 'Make Changes' }).click();
  await allocations(page).getByLabel(`${line} amount`).fill(amount);
  await page.getByRole('button', { name: 'Save Changes' }).click();
}

test('two partners side by side: each sees the other\'s changes in Activity, undoes one, and the split follows the setting', { tag: '@phone' }, async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const phone = testInfo.project.name === 'phone';
  const { ana, ben } = await createCouple();
  const budget = await prepareBudget(await apiFor(ana));
  const anaPage = await signedInPage(browser, ana, phone);
  const benPage = await signedInPage(browser, ben, phone);
  const budgetUrl = `/#/budgets/${budget.id}`;

  // Ana saves a change; the message that confirms it offers "Undo".
  await anaPage.goto(budgetUrl);
  await changeAmount(anaPage, 'Groceries', '450');
  const saved = anaPage.getByRole('status').filter({ hasText: 'Budget saved.' });
  await expect(saved.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect(allocations(anaPage).getByRole('row', { name: /^Groceries/ })).toContainText('450.00');

  // Ben sees it in Activity, in Ana's words, and undoes it from there.
  const anasChange = `Ana saved ${budget.name}: Groceries 400.00 → 450.00`;
  await benPage.goto('/#/activity');
  const entry = benPage.getByRole('listitem', { name: anasChange });
  await expect(entry).toBeVisible({ timeout: 20_000 });
  await entry.getByRole('button', { name: `Undo: ${anasChange}` }).click();
  const question = await settled(benPage.getByRole('dialog', { name: 'Undo this change?' }));
  await question.getByRole('button', { name: 'Yes' }).click();
  await expect(benPage.getByText('Change undone.', { exact: true })).toBeVisible();
  await expect(benPage.getByRole('listitem', { name: "Ben undid Ana's change: Groceries 450.00 → 400.00" })).toBeVisible();
  await expect(entry).toContainText('undone');

  // Ana sees Groceries back at 400.00 (and Ben's undo in her Activity).
  await anaPage.reload();
  await expect(allocations(anaPage).getByRole('row', { name: /^Groceries/ })).toContainText('400.00');

  // Ana changes Rent and takes it back at once from the message.
  await changeAmount(anaPage, 'Rent', '1400');
  await anaPage.getByRole('status').filter({ hasText: 'Budget saved.' }).getByRole('button', { name: 'Undo' }).click();
  await expect(anaPage.getByText('Change undone.', { exact: true })).toBeVisible();
  await expect(allocations(anaPage).getByRole('row', { name: /^Rent/ })).toContainText('1,500.00');

  // An undo that something newer touched is refused, naming what: Ana saves, Ben saves on top, Ana tries hers.
  await changeAmount(anaPage, 'Groceries', '420');
  await expect(anaPage.getByText('Budget saved.', { exact: true })).toBeVisible();
  await benPage.goto(budgetUrl);
  await changeAmount(benPage, 'Groceries', '430');
  await expect(benPage.getByText('Budget saved.', { exact: true })).toBeVisible();
  await anaPage.goto('/#/activity');
  const anasSecond = `Ana saved ${budget.name}: Groceries 400.00 → 420.00`;
  await anaPage.getByRole('button', { name: `Undo: ${anasSecond}` }).click();
  await (await settled(anaPage.getByRole('dialog', { name: 'Undo this change?' }))).getByRole('button', { name: 'Yes' }).click();
  const refused = anaPage.getByRole('alert').filter({ hasText: 'Not undone.' }).first();
  await expect(refused).toContainText(`since then, Ben saved ${budget.name}: Groceries 420.00 → 430.00`);

  // The split: Ana marks whose each income is (still 50/50)...
  await anaPage.goto(budgetUrl);
  await anaPage.reload(); // Ben saved since she last read the budget
  await anaPage.getByRole('button', { name: 'Make Changes' }).click();
  // On a phone, whose an income is sits under the row's "More fields" while editing.
  if (phone) for (const name of ['Salary', 'Wage']) await incomes(anaPage).getByRole('button', { name: `More fields: ${name}` }).click();
  await incomes(anaPage).getByLabel('Whose: Salary').selectOption({ label: "Ana's" });
  await incomes(anaPage).getByLabel('Whose: Wage').selectOption({ label: "Ben's" });
  await anaPage.getByRole('button', { name: 'Save Changes' }).click();
  await expect(anaPage.getByText('Budget saved.', { exact: true })).toBeVisible();
  if (phone) {
    await expect(incomes(anaPage).getByRole('rowheader', { name: "Salary Ana's" })).toBeVisible();
    await expect(incomes(anaPage).getByRole('rowheader', { name: "Wage Ben's" })).toBeVisible();
  } else {
    await expect(incomes(anaPage).getByRole('row', { name: /^Salary/ })).toContainText("Ana's");
    await expect(incomes(anaPage).getByRole('row', { name: /^Wage/ })).toContainText("Ben's");
  }
  // 4,000.00 of income − Rent 1,500.00 − Groceries 430.00 (Ben's save over Ana's) = 2,070.00 to split.
  await expect(share(anaPage, 'Ana')).toContainText('1,035.00');
  await expect(share(anaPage, 'Ben')).toContainText('1,035.00');

  // ...then Ben switches the split to "by income" and Ana's summary follows: 3 : 1.
  await benPage.goto('/#/setup/settings');
  await benPage.getByText('By income', { exact: true }).click();
  await benPage.getByRole('button', { name: 'Save Settings' }).click();
  await expect(benPage.getByText('Settings saved.', { exact: true })).toBeVisible();
  await anaPage.reload();
  await expect(share(anaPage, 'Ana')).toContainText('1,552.50');
  await expect(share(anaPage, 'Ben')).toContainText('517.50');
  await anaPage.context().close();
  await benPage.context().close();
});

test('roles: Ana, the owner, cannot leave alone and makes Ben an owner; Ben leaves and is signed out', async ({ browser }, testInfo) => {
  test.setTimeout(240_000);
  const phone = testInfo.project.name === 'phone';
  const { ana, ben } = await createCouple();
  const anaPage = await signedInPage(browser, ana, phone);
  const benPage = await signedInPage(browser, ben, phone);
  const people = (page: Page) => page.getByRole('table', { name: 'Household members' });
  const answerYes = async (page: Page, title: string) => (await settled(page.getByRole('dialog', { name: title }))).getByRole('button', { name: 'Yes' }).click();

  // Ben, a member, sees the roles and can only leave.
  await benPage.goto('/#/setup/members');
  // The first visit loads the setup screens' code: slow on a busy machine.
  await expect(people(benPage).getByRole('row', { name: /^Ana/ })).toContainText('Owner', { timeout: 60_000 });
  await expect(people(benPage).getByRole('row', { name: /^Ben/ })).toContainText('Member');
  await expect(benPage.getByRole('button', { name: 'Leave household' })).toBeVisible();
  await expect(benPage.getByRole('button', { name: 'Add Member' })).toHaveCount(0);
  await expect(benPage.getByRole('button', { name: 'Remove Ana' })).toHaveCount(0);

  // Ana, the only owner, is told why she cannot leave; she makes Ben an owner.
  await anaPage.goto('/#/setup/members');
  await expect(people(anaPage).getByRole('row', { name: /^Ana/ })).toContainText('Owner', { timeout: 60_000 });
  await anaPage.getByRole('button', { name: 'Leave household' }).click();
  await answerYes(anaPage, 'Leave household?');
  await expect(anaPage.getByRole('alert').filter({ hasText: 'You did not leave.' }).first()).toContainText('You are the only owner.');
  await anaPage.getByRole('button', { name: 'Make Ben an owner' }).click();
  await answerYes(anaPage, 'Make Ben an owner?');
  await expect(anaPage.getByRole('button', { name: 'Make Ben a member' })).toBeVisible();

  // Ben leaves: this device is signed out, and Ana's list no longer has him.
  await benPage.getByRole('button', { name: 'Leave household' }).click();
  await answerYes(benPage, 'Leave household?');
  await expect(benPage).toHaveURL(/#\/login$/);
  await anaPage.reload();
  await expect(people(anaPage).getByRole('row', { name: /^Ana/ })).toBeVisible({ timeout: 60_000 });
  await expect(people(anaPage).getByRole('row', { name: /^Ben/ })).toHaveCount(0);
  await anaPage.context().close();
  await benPage.context().close();
});
