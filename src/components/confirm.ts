import type { ConfirmOptions } from './confirmOptions';

export type { ConfirmOptions };

/**
 * Asks a yes/no question in a modal ("Yes" / "No") and resolves with the answer.
 * Escape, the close button and "No" all resolve false.
 * The modal is antd's, loaded on the first question: screens that ask only on a click need not carry antd.
 */
export async function confirm(options: ConfirmOptions): Promise<boolean> {
  const { confirmDialog } = await import(/* webpackChunkName: "confirm" */ './confirmDialog');
  return confirmDialog(options);
}
