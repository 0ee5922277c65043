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
