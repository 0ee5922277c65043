import { screen, waitFor, within } from '@testing-library/react';
import BudgetsArea from '../../../src/features/budgets/BudgetsArea';
import { refusal } from '../../support/fetchMock';
import { recordMessages } from '../../support/messages';
import { renderWithProviders, signedInState } from '../../support/render';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../support/fetchMock';
import { accounts, budgetList, categories, householdSettings, sampleBudget } from './fixtures';
import type { Settings } from '../../../src/shared/schemas/setup';

// antd screens render slowly in jsdom on a busy machine; these tests wait for real UI flows.
jest.setTimeout(180_000);

/** Opens a page of the budgets area as the router mounts it; `pages` records every path the app went to. */
export function renderBudgets(url: string) {
  const rendered = renderWithProviders(<BudgetsArea />, {
    path: '/budgets/*',
    url,
    preloadedState: signedInState(),
    routes: [{ path: '/transactions', element: <h1>Transactions page</h1> }],
  });
  return { ...rendered, messages: recordMessages(rendered.store) };
}

/** Makes the screen a phone's (the product's one breakpoint, 600px); the returned function makes it a desktop's again. */
export function atPhoneWidth() {
  const desktop = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...desktop(query), matches: query === '(max-width: 600px)' })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = desktop;
  };
}

/** Answers an antd confirmation dialog. */
export async function answer(title: string, button: 'Yes' | 'No', user: { click: (element: Element) => Promise<void> }) {
  const dialog = await screen.findByRole('dialog', { name: title });
  await user.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).not.toBeInTheDocument());
}

/** A fetch-mock answer refusing the request the way the server does. */
export const refuse = (status: number, message: string) => () => refusal(status, [message]);

/** Budget 7 (the sample budget) opened and in edit mode; its save answers version 4. */
export async function editSampleBudget(settings: Partial<Settings> = {}) {
  const network = mockFetch({
    'GET /allocation_categories': categories,
    'GET /bank_accounts': accounts,
    'GET /settings': householdSettings(settings),
    'GET /budgets': budgetList,
    'GET /transactions/last_update': { transaction_date: '2026-01-05', has_transactions: true },
    'GET /budgets/7': sampleBudget(),
    'PUT /budgets/7': () => ({ body: sampleBudget({ lock_version: 4 }) }),
  });
  const user = userEvent.setup();
  const rendered = renderBudgets('/budgets/7');
  await screen.findByRole('heading', { name: 'Budget: Jan 01 - Jan 31, 2026' });
  await user.click(screen.getByRole('button', { name: 'Make Changes' }));
  await screen.findByRole('button', { name: 'Save Changes' });
  return { user, network, ...rendered };
}
