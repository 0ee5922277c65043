import { configure, screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import SetupArea from '../../../src/features/setup/SetupArea';
import { renderWithProviders, signedInState } from '../../support/render';

// antd's forms batch their watchers through MessageChannel, which jsdom lacks. A timer has the same
// "later, as a macrotask" meaning and keeps no handle open after the test.
if (typeof globalThis.MessageChannel === 'undefined') {
  class TimerMessageChannel {
    port1: { onmessage: ((event: { data: unknown }) => void) | null } = { onmessage: null };
    port2 = { postMessage: (data: unknown) => setTimeout(() => this.port1.onmessage?.({ data }), 0) };
  }
  (globalThis as unknown as { MessageChannel: unknown }).MessageChannel = TimerMessageChannel;
}

// jsdom's getComputedStyle walks every CSS rule antd injects, so style-based checks (pointer-events before
// each click, visibility in role queries) cost seconds per call. Closed dialogs leave the DOM, so role
// queries need no visibility filter here.
configure({ defaultHidden: true });
// Generous: antd's first render of a dialog is slow in jsdom, more so on a busy machine.
jest.setTimeout(90_000);

/** A person at the keyboard and mouse, without the style checks that make antd tests crawl in jsdom. */
export const setupUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

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

export const queryDialog = (title: string) => screen.queryAllByText(title, { selector: TITLES })[0] ?? null;
