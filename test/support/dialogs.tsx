import { screen } from '@testing-library/react';
// Role queries without the visibility filter (see support/user.ts): closed dialogs leave the DOM.
import './user';

const TITLES = '.ant-modal-title, .ant-modal-confirm-title';

/**
 * The open dialog (or Yes/No question) with this title. Found through its title text: role queries compute
 * accessible names through getComputedStyle and take seconds each under antd.
 */
export async function findDialog(title: string, { timeout }: { timeout?: number } = {}): Promise<HTMLElement> {
  // A Yes/No question carries its title twice (the visible one and one for screen readers).
  const [heading] = await screen.findAllByText(title, { selector: TITLES }, { timeout });
  const dialog = heading.closest<HTMLElement>('.ant-modal');
  if (!dialog) throw new Error(`"${title}" is not inside a dialog`);
  return dialog;
}

/** Presses the page's button of this label (e.g. 'Add Bank Account') and gives the dialog it opens, titled the same. */
export async function openDialog(user: { click: (element: Element) => Promise<void> }, label: string): Promise<HTMLElement> {
  await user.click(await screen.findByText(label, { selector: 'button *' }));
  return findDialog(label);
}

export const queryDialog = (title: string) => screen.queryAllByText(title, { selector: TITLES })[0] ?? null;
