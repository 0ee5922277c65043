import { screen } from '@testing-library/react';
import SetupArea from '../../../src/features/setup/SetupArea';
import { renderWithProviders, signedInState } from '../../support/render';
// Role queries without the visibility filter (see support/user.ts): closed dialogs leave the DOM.
import '../../support/user';

// Generous: antd's first render of a dialog is slow in jsdom, more so on a busy machine.
jest.setTimeout(90_000);

/**
 * Opens a setup page inside the setup area, as the router mounts it. `messages` collects every message bar
 * text shown, since a message expires after three seconds (and a slow test runner can take longer).
 */
export function renderSetupPage(url: string) {
  const rendered = renderWithProviders(<SetupArea />, { path: '/setup/*', url, preloadedState: signedInState() });
  const messages: string[] = [];
  rendered.store.subscribe(() => {
    const text = rendered.store.getState().messages.current?.text;
    if (text && messages.at(-1) !== text) messages.push(text);
  });
  return { ...rendered, messages };
}

const TITLES = '.ant-modal-title, .ant-modal-confirm-title';

/**
 * The open dialog (or Yes/No question) with this title. Found through its title text: role queries compute
 * accessible names through getComputedStyle and take seconds each under antd.
 */
export async function findDialog(title: string): Promise<HTMLElement> {
  // A Yes/No question carries its title twice (the visible one and one for screen readers).
  const [heading] = await screen.findAllByText(title, { selector: TITLES });
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
