import { expect, type Locator } from '@playwright/test';

/** A dialog once it is open and its opening animation is over (clicks during the zoom can miss). */
export async function settled(dialog: Locator): Promise<Locator> {
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/ant-zoom/);
  return dialog;
}
