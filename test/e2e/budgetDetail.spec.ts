import { expect, test, type Page } from '@playwright/test';
import { apiFor } from './support/api';
import { createHousehold, signIn } from './support/households';

/**
 * A long budget as a person reads it: what must stay in view while it scrolls, and names that stay readable
 * on a phone. The household goes in through the API.
 */

const NAMES = ['Groceries and household supplies', 'Dining out with friends', 'Children school activities', 'Car insurance and registration'];

async function longBudget(): Promise<{ user: Awaited<ReturnType<typeof createHousehold>>; budgetId: number }> {
  const user = await createHousehold();
  const api = await apiFor(user);
  const categories = await Promise.all(['Food', 'Home', 'Transport', 'Family'].map((name) => api('POST', '/allocation_categories', { name })));
  const budget = await api<{ id: number; lock_version: number }>('POST', '/budgets', { start_date: '2031-03-01' });
  const allocations = Array.from({ length: 48 }, (_, i) => ({
    id: 0,
    name: i < NAMES.length ? NAMES[i] : `Allocation number ${String(i).padStart(2, '0')}`,
    amount: 10000 + i * 100,
    allocation_category_id: categories[i % categories.length].id,
  }));
  await api('PUT', `/budgets/${budget.id}`, { lock_version: budget.lock_version, incomes: [{ id: 0, name: 'Salary', amount: 900000 }], allocations });
  const settings = await api<{ lock_version?: number }>('GET', '/settings').catch(() => null);
  await api('POST', '/settings', { family_type: 'couple', wife: 'Alice', husband: 'Bob', single_person: 'Me', ...(settings?.lock_version !== undefined ? { lock_version: settings.lock_version } : {}) });
  return { user, budgetId: budget.id };
}

const inViewport = (page: Page, box: { y: number; height: number } | null) => {
  const height = page.viewportSize()!.height;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
};

test('a long budget keeps its column headings, "Unallocated" and the split in view; names are readable on a phone', { tag: '@phone' }, async ({ page }, testInfo) => {
  const { user, budgetId } = await longBudget();
  await signIn(page, user);
  await page.goto(`/#/budgets/${budgetId}`);
  const allocations = page.getByRole('table', { name: 'Allocations' });
  await expect(allocations.getByText('Allocation number 20')).toBeAttached();

  // Half way down the allocations.
  await allocations.getByText('Allocation number 24').scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 200);
  const figures = page.getByRole('group', { name: 'Unallocated and discretionary split' });
  await expect(figures).toContainText('Unallocated:');
  await expect(figures).toContainText('Alice:');
  await expect(figures).toContainText('Bob:');
  expect(inViewport(page, await figures.boundingBox())).toBe(true);
  const heading = allocations.getByRole('columnheader', { name: 'Remaining' });
  const headingBox = await heading.boundingBox();
  const toolbarBox = await page.locator('header.ec-toolbar').boundingBox();
  // Right under the toolbar, not scrolled away above it.
  expect(headingBox!.y).toBeGreaterThanOrEqual(toolbarBox!.y + toolbarBox!.height - 1);
  expect(headingBox!.y).toBeLessThan(toolbarBox!.y + toolbarBox!.height + 60);

  // Figures follow the typing, as the table's own "Unallocated" does.
  await page.getByRole('button', { name: 'Make Changes' }).click();
  const unallocated = await allocations.getByText('Unallocated:').textContent();
  expect(unallocated).not.toBeNull();
  await expect(figures).toContainText(unallocated!.replace('Unallocated: ', ''));

  if (testInfo.project.name === 'phone') {
    for (const name of NAMES) {
      const input = allocations.getByLabel('Allocation name').and(page.locator(`[value="${name}"]`));
      // The whole name fits in its field: nothing cut off.
      expect(await input.evaluate((element: HTMLInputElement) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    await page.getByRole('button', { name: 'Cancel' }).click();
    for (const name of NAMES) {
      const cell = allocations.getByRole('rowheader', { name, exact: true });
      expect(await cell.evaluate((element) => element.scrollWidth <= element.clientWidth && element.getBoundingClientRect().height < 40)).toBe(true);
    }
  }
});
