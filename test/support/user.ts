import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';

// jsdom's getComputedStyle walks every CSS rule antd injects, so style-based checks (pointer-events before
// each click, visibility in role queries) cost seconds per call. Suites that import this module query pages
// whose closed dialogs leave the DOM, so their role queries need no visibility filter.
configure({ defaultHidden: true });

/** A person at the keyboard and mouse, without the style checks that make antd tests crawl in jsdom. */
export const setupUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/**
 * Presses the dialog's Cancel and answers the "Close without saving?" it asks (Yes / No), after checking that the
 * question names what would be lost. Resolves once the question is gone.
 */
export async function cancelAndAnswer(user: ReturnType<typeof setupUser>, dialog: HTMLElement, answer: 'Yes' | 'No', changesTo: string) {
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  // A Yes/No question carries its title twice (the visible one and one for screen readers).
  const [title] = await screen.findAllByText('Close without saving?', { selector: '.ant-modal-confirm-title' });
  const question = title.closest('.ant-modal') as HTMLElement;
  expect(question).toHaveTextContent(`You have unsaved changes to ${changesTo}. Close and lose them?`);
  await user.click(within(question).getByRole('button', { name: answer }));
  await waitFor(() => expect(screen.queryByText('Close without saving?')).not.toBeInTheDocument());
}
