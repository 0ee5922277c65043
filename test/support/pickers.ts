import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Picks an option of an antd Select as a person does: a click on the field, then on the option in the list that
 * click opened. `field` is the select's combobox or its accessible name.
 */
export async function chooseOption(user: UserEvent, field: HTMLElement | string, option: string): Promise<void> {
  const combobox = typeof field === 'string' ? screen.getByRole('combobox', { name: field }) : field;
  await user.click(combobox);
  await user.click(await within(await openOptionList(combobox)).findByTitle(option));
}

/**
 * The option list the combobox has open. antd keeps every list it has opened in the page (hidden, or sliding out
 * for a moment) and gives every select the same id under test, so neither an option's title nor the combobox's
 * `aria-controls` says whose option it is: the list is the one open while the combobox says it is expanded.
 */
export function openOptionList(combobox: HTMLElement): Promise<HTMLElement> {
  return waitFor(() => {
    if (combobox.getAttribute('aria-expanded') !== 'true') throw new Error('The select is not open');
    const open = document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden):not(.ant-slide-up-leave)');
    if (open.length !== 1) throw new Error(`${open.length} option lists are open`);
    return open[0];
  });
}
