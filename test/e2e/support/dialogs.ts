import { expect, type Locator, type Page } from '@playwright/test';

/** A dialog once it is open and its opening animation is over (clicks during the zoom can miss). */
export async function settled(dialog: Locator): Promise<Locator> {
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/ant-zoom/);
  return dialog;
}

/**
 * The open option list of a select, once it has slid in: an option clicked while it slides can miss. The list of
 * the select chosen just before may still be sliding out: it is not the one.
 */
export async function settledOptions(page: Page): Promise<Locator> {
  const list = page.locator('.ant-select-dropdown:visible:not(.ant-slide-up-leave)');
  await expect(list).not.toHaveClass(/ant-slide-up-(enter|appear)/);
  return list;
}

/**
 * Picks an option of an antd select as a person does: a click on the field (and `search` typed, to narrow the
 * list), then on the option in the list that opened, which is then gone (until it has slid out, its options would
 * also match the next select's). `field` is the select's combobox, or its accessible name (then the select's box
 * is clicked: its input has no width while the placeholder shows).
 */
export async function chooseOption(page: Page, field: Locator | string, option: string, search?: string): Promise<void> {
  const target = typeof field === 'string' ? page.locator('.ant-select', { has: page.getByRole('combobox', { name: field }) }) : field;
  await target.click();
  if (search) await page.keyboard.type(search);
  await (await settledOptions(page)).locator('.ant-select-item-option', { hasText: option }).first().click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}
