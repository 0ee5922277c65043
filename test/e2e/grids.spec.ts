import { expect, test, type Page } from '@playwright/test';
import { apiFor } from './support/api';
import { settled } from './support/dialogs';
import { createDemoHousehold, signIn } from './support/households';

/**
 * The editing grids (issue 30) at 1280 and 375px: a 300-allocation budget in edit mode, a conflict that keeps
 * the person's edits, Cancel that asks, a refusal shown at its row, limits as one types, the fields of an
 * income and an allocation edited at both widths, and a comment read in view mode at both.
 */

const allocationsTable = (page: Page) => page.getByRole('table', { name: 'Allocations' });

async function openBudget(page: Page, allocationsPerBudget?: number) {
  const { user, demo: household } = await createDemoHousehold(allocationsPerBudget ? { allocationsPerBudget } : {});
  await signIn(page, user);
  await page.goto(`/#/budgets/${household.currentBudgetId}`);
  await expect(allocationsTable(page).locator('tbody tr').first()).toBeVisible();
  return { api: await apiFor(user), budgetId: household.currentBudgetId, sinkFundId: household.sinkFundAccountId };
}

/** Nothing on the page scrolls sideways. */
const fitsTheWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a 300-allocation budget: every row becomes editable, a change is saved, the mode is shown', { tag: '@phone' }, async ({ page }) => {
  const { api, budgetId } = await openBudget(page, 300);
  await expect(page.locator('.ec-mode-tag')).toHaveText('Viewing');
  await page.getByRole('button', { name: 'Make Changes' }).click();
  await expect(page.locator('.ec-mode-tag')).toHaveText('Editing');
  const amounts = allocationsTable(page).locator('input[aria-label$=" amount"]');
  await expect(amounts).toHaveCount(300);
  const input = amounts.nth(150);
  const label = await input.getAttribute('aria-label');
  await input.fill('123.45');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  // Back in view mode once saved. Not the "Budget saved." message: on a loaded machine the 300 rows' repaint can
  // keep the page busy past the message's ten seconds, and the check below reads what was stored.
  await expect(page.locator('.ec-mode-tag')).toHaveText('Viewing');
  const saved = await api<{ allocations: { name: string; amount: number }[] }>('GET', `/budgets/${budgetId}`);
  expect(saved.allocations.find((row) => `${row.name} amount` === label)?.amount).toBe(12345);
  expect(await fitsTheWidth(page)).toBe(true);
});

test('Cancel asks "Discard your changes?" when there are edits, and only then', async ({ page }) => {
  await openBudget(page);
  await page.getByRole('button', { name: 'Make Changes' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Make Changes' })).toBeVisible();

  await page.getByRole('button', { name: 'Make Changes' }).click();
  const first = allocationsTable(page).locator('input[aria-label$=" amount"]').first();
  await first.fill('77.00');
  await page.getByRole('button', { name: 'Cancel' }).click();
  const question = await settled(page.getByRole('dialog', { name: 'Discard your changes?' }));
  await question.getByRole('button', { name: 'No' }).click();
  await expect(first).toHaveValue('77.00');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await (await settled(page.getByRole('dialog', { name: 'Discard your changes?' }))).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('button', { name: 'Make Changes' })).toBeVisible();
  await expect(allocationsTable(page).getByText('77.00')).toHaveCount(0);
});

test('a refused save marks the row and the field, says so once, and an amount over the limit is marked as typed', async ({ page }) => {
  await openBudget(page);
  await page.getByRole('button', { name: 'Make Changes' }).click();
  const amount = allocationsTable(page).locator('input[aria-label$=" amount"]').first();
  await amount.fill('999999999999');
  // Marked at once, with the limit; the totals are not shown capped.
  await expect(page.getByText('Too large: the most an amount can be is 100,000,000.00')).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('100,000,000.01')).toHaveCount(0);
  await expect(page.locator('.ec-row--unallocated')).toContainText('over the limit');

  await page.getByRole('button', { name: 'Save Changes' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Budget not saved.' });
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('amount is too large.');
  await expect(allocationsTable(page).locator('tr.ec-row--refused')).toHaveCount(1);
  await expect(amount).toBeFocused();
  await expect(page.getByText('Budget not saved.')).toHaveCount(1);
});

test('after a conflict the budget and the envelopes keep the edits on top of the other change', async ({ page }) => {
  const { api, budgetId, sinkFundId } = await openBudget(page);
  await page.getByRole('button', { name: 'Make Changes' }).click();
  const amount = allocationsTable(page).locator('input[aria-label$=" amount"]').first();
  await amount.fill('432.10');
  // Someone else saves the budget meanwhile.
  const stored = await api<{ lock_version: number; incomes: { id: number; name: string; amount: number }[] }>('GET', `/budgets/${budgetId}`);
  const [first] = stored.incomes;
  await api('PUT', `/budgets/${budgetId}`, { lock_version: stored.lock_version, incomes: [{ id: first.id, name: first.name, amount: first.amount, comment: 'changed elsewhere' }] });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(amount).toHaveValue('432.10');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  // Back in view mode once saved. Not the "Budget saved." message: on a loaded machine the 300 rows' repaint can
  // keep the page busy past the message's ten seconds, and the check below reads what was stored.
  await expect(page.locator('.ec-mode-tag')).toHaveText('Viewing');
  const saved = await api<{ incomes: { comment: string | null }[]; allocations: { amount: number }[] }>('GET', `/budgets/${budgetId}`);
  expect(saved.incomes.some((income) => income.comment === 'changed elsewhere')).toBe(true);
  expect(saved.allocations.some((row) => row.amount === 43210)).toBe(true);

  await page.goto(`/#/sink-funds?bank_account_id=${sinkFundId}`);
  await page.getByRole('button', { name: 'Make Changes' }).click();
  const target = page.getByRole('table', { name: 'Sink Fund Allocations' }).getByLabel(/^Target for/).first();
  await target.fill('555.00');
  const fund = await api<{ lock_version: number; sink_fund_allocations: { id: number }[] }>('GET', `/sink_funds/${sinkFundId}`);
  await api('PUT', `/sink_funds/${sinkFundId}`, { lock_version: fund.lock_version, sink_fund_allocations: [{ id: fund.sink_fund_allocations[0].id, comment: 'elsewhere' }] });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(target).toHaveValue('555.00');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Sink fund saved.')).toBeVisible();
});

test('the fields of an income and an allocation are edited and saved, nothing scrolls sideways', { tag: '@phone' }, async ({ page }, testInfo) => {
  const { api, budgetId } = await openBudget(page);
  const phone = testInfo.project.name === 'phone';
  await page.getByRole('button', { name: 'Make Changes' }).click();
  const allocations = allocationsTable(page);
  const allocation = allocations.locator('tbody tr.ec-row--group + tr').first();
  const allocationName = await allocation.getByLabel('Allocation name').inputValue();
  // On a phone the class, fixed flag and comment are under the row's "More", on a line of their own.
  let allocationFields = allocation;
  if (phone) {
    await allocation.getByRole('button', { name: `More fields: ${allocationName}` }).click();
    allocationFields = allocations.getByRole('group', { name: `More fields of ${allocationName}` });
  }
  await allocationFields.getByLabel('Class').selectOption('savings');
  await allocationFields.getByLabel('Fixed Amount?').check();
  await allocationFields.getByLabel('Allocation comment').fill('Phone comment');
  await allocation.getByLabel(`${allocationName} amount`).fill('12.34');

  const incomes = page.getByRole('table', { name: 'Incomes' });
  const income = incomes.locator('tbody tr').first();
  const incomeName = await income.getByLabel('Income name').inputValue();
  let incomeFields = income;
  if (phone) {
    await income.getByRole('button', { name: `More fields: ${incomeName}` }).click();
    incomeFields = incomes.getByRole('group', { name: `More fields of ${incomeName}` });
  }
  await incomeFields.getByLabel(`Whose: ${incomeName}`).selectOption({ label: "Sam's" });
  await incomeFields.getByLabel('Income comment').fill('Income note');
  await income.getByLabel('Bank Account').selectOption({ label: 'Rainy Day Savings' });
  await income.getByLabel(`${incomeName} amount`).fill('4,321.00');
  expect(await fitsTheWidth(page)).toBe(true);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Budget saved.')).toBeVisible();

  type Saved = {
    incomes: { name: string; amount: number; comment: string | null; owner: string; bank_account_id: number | null }[];
    allocations: { name: string; amount: number; allocation_class: string; is_fixed_amount: boolean; comment: string | null }[];
  };
  const saved = await api<Saved>('GET', `/budgets/${budgetId}`);
  expect(saved.allocations.find((row) => row.name === allocationName)).toMatchObject({ amount: 1234, allocation_class: 'savings', is_fixed_amount: true, comment: 'Phone comment' });
  const accounts = await api<{ id: number; name: string }[]>('GET', '/bank_accounts');
  const savings = accounts.find((account) => account.name === 'Rainy Day Savings');
  expect(saved.incomes.find((row) => row.name === incomeName)).toMatchObject({ amount: 432100, comment: 'Income note', owner: 'wife', bank_account_id: savings?.id });

  // After a reload the page shows what was saved, in the same places.
  await page.reload();
  await page.getByRole('button', { name: 'Make Changes' }).click();
  const reloaded = allocationsTable(page).locator('tbody tr').filter({ has: page.locator(`input[value="${allocationName}"]`) });
  let reloadedFields = reloaded;
  if (phone) {
    await reloaded.getByRole('button', { name: `More fields: ${allocationName}` }).click();
    reloadedFields = allocationsTable(page).getByRole('group', { name: `More fields of ${allocationName}` });
  }
  await expect(reloaded.getByLabel(`${allocationName} amount`)).toHaveValue('12.34');
  await expect(reloadedFields.getByLabel('Class')).toHaveValue('savings');
  await expect(reloadedFields.getByLabel('Fixed Amount?')).toBeChecked();
  await expect(reloadedFields.getByLabel('Allocation comment')).toHaveValue('Phone comment');
  const reloadedIncome = page.getByRole('table', { name: 'Incomes' }).locator('tbody tr').first();
  let reloadedIncomeFields = reloadedIncome;
  if (phone) {
    await reloadedIncome.getByRole('button', { name: `More fields: ${incomeName}` }).click();
    reloadedIncomeFields = page.getByRole('table', { name: 'Incomes' }).getByRole('group', { name: `More fields of ${incomeName}` });
  }
  await expect(reloadedIncome.getByLabel('Bank Account')).toHaveValue(String(savings?.id));
  await expect(reloadedIncomeFields.getByLabel(`Whose: ${incomeName}`)).toHaveValue('wife');
  await expect(reloadedIncomeFields.getByLabel('Income comment')).toHaveValue('Income note');
  expect(await fitsTheWidth(page)).toBe(true);
});

test('in view mode a saved comment is readable, on a phone under "More fields", and nothing scrolls sideways', { tag: '@phone' }, async ({ page }, testInfo) => {
  const { api, budgetId } = await openBudget(page);
  const phone = testInfo.project.name === 'phone';
  const comment = 'Paid by standing order on the first working day of each month, unless the bank holiday moves it';
  const stored = await api<{ lock_version: number; allocations: { id: number; name: string; amount: number }[] }>('GET', `/budgets/${budgetId}`);
  const [saved] = stored.allocations;
  await api('PUT', `/budgets/${budgetId}`, { lock_version: stored.lock_version, allocations: [{ id: saved.id, name: saved.name, amount: saved.amount, comment }] });
  await page.reload();

  const allocations = allocationsTable(page);
  const row = allocations.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: saved.name, exact: true }) });
  await expect(page.getByRole('button', { name: 'Make Changes' })).toBeVisible();
  const toggle = row.getByRole('button', { name: `More fields: ${saved.name}` });
  if (phone) {
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const fields = allocations.getByRole('group', { name: `More fields of ${saved.name}` });
    await expect(fields.getByRole('term')).toHaveText(['Class', 'Fixed Amount?', 'Comment']);
    const shown = fields.getByRole('definition').last();
    await expect(shown).toHaveText(comment);
    // All of it on the screen: wrapped, not cut off at the table's edge.
    const box = await shown.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= page.viewportSize()!.width).toBe(true);
    expect(await shown.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  } else {
    await expect(row).toContainText(comment);
    await expect(toggle).toHaveCount(0);
  }
  expect(await fitsTheWidth(page)).toBe(true);
});
