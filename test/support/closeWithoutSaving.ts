import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** A button by its text: role queries compute styles and take seconds each under antd in jsdom. */
function button(scope: HTMLElement, text: string): HTMLButtonElement {
  const found = [...scope.querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === text);
  if (!found) throw new Error(`no "${text}" button`);
  return found;
}

/**
 * Presses the dialog's Cancel and answers the "Close without saving?" it asks (Yes / No), after checking that the
 * question names what would be lost. Resolves once the question is gone.
 */
export async function cancelAndAnswer(user: UserEvent, dialog: HTMLElement, answer: 'Yes' | 'No', changesTo: string) {
  await user.click(button(dialog, 'Cancel'));
  // A Yes/No question carries its title twice (the visible one and one for screen readers).
  const [title] = await screen.findAllByText('Close without saving?', { selector: '.ant-modal-confirm-title' });
  const question = title.closest('.ant-modal') as HTMLElement;
  expect(question).toHaveTextContent(`You have unsaved changes to ${changesTo}. Close and lose them?`);
  await user.click(button(question, answer));
  await waitFor(() => expect(screen.queryByText('Close without saving?')).not.toBeInTheDocument());
}
