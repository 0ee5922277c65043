import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GuideCard } from '../../../src/features/guide/GuideCard';
import GuidePage from '../../../src/features/guide/GuidePage';
import { mockFetch } from '../../support/fetchMock';
import { bankAccount } from '../../support/fixtures';
import { renderWithProviders, signedInState } from '../../support/render';

const budget = { id: 8, name: 'Apr 01 - Apr 30, 2026', start_date: '2026-04-01', end_date: '2026-04-30', status: 'open' };

/** A household as far as the guide can see it: accounts, budgets, whether anything was entered. */
function household({ accounts = [] as unknown[], budgets = [] as unknown[], entered = false } = {}) {
  return mockFetch({
    'GET /bank_accounts': accounts,
    'GET /budgets': budgets,
    'GET /transactions/last_update': { transaction_date: '2026-04-03', has_transactions: entered },
  });
}

const stepItem = (title: RegExp) => screen.getByRole('listitem', { name: title });

beforeEach(() => window.localStorage.clear());

describe('guided start page', () => {
  it('a new household: four steps, each with its why and where to go; the first is the current one', async () => {
    household();
    renderWithProviders(<GuidePage />, { preloadedState: signedInState() });
    const accounts = await screen.findByRole('listitem', { name: /Step 1: Add your accounts/ });
    expect(accounts).toHaveAttribute('aria-current', 'step');
    expect(accounts).toHaveTextContent(/the balance your bank showed at the end of that day/);
    expect(within(accounts).getByRole('link', { name: 'Add your accounts (Bank Accounts)' })).toHaveAttribute('href', '/setup/bank-accounts');
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-labelledby'))).toEqual([
      'guide-step-accounts',
      'guide-step-budget',
      'guide-step-entries',
      'guide-step-reconcile',
    ]);
    expect(within(stepItem(/Step 2: Plan your first month/)).getByRole('link', { name: 'Add your first budget' })).toHaveAttribute('href', '/budgets');
    expect(within(stepItem(/Step 3: Record what you spend/)).getByRole('link', { name: 'Quick Add' })).toHaveAttribute('href', '/quick-add');
    expect(within(stepItem(/Step 4: Check against a bank statement/)).getByRole('link', { name: /Reconcile to a Statement/ })).toHaveAttribute('href', '/account-balances');
  });

  it("marks steps done from the household's own data: accounts, a budget, entries, a statement reconciled", async () => {
    household({ accounts: [bankAccount({ reconciled_through: null })], budgets: [budget], entered: true });
    renderWithProviders(<GuidePage />, { preloadedState: signedInState() });
    await screen.findByRole('listitem', { name: /Step 1/ });
    expect(stepItem(/Step 1/)).toHaveTextContent('Done');
    expect(stepItem(/Step 2/)).toHaveTextContent('Done');
    expect(stepItem(/Step 3/)).toHaveTextContent('Done');
    expect(stepItem(/Step 4/)).toHaveTextContent('To do');
    expect(stepItem(/Step 4/)).toHaveAttribute('aria-current', 'step');
  });

  it('every step done: says the guide is through', async () => {
    household({ accounts: [bankAccount({ reconciled_through: '2026-04-02' })], budgets: [budget], entered: true });
    renderWithProviders(<GuidePage />, { preloadedState: signedInState() });
    expect(await screen.findByText(/You are through the guided start/)).toBeInTheDocument();
  });

  it('a step can be skipped (the next one becomes current) and taken back; the skip is remembered for this person', async () => {
    household();
    const first = renderWithProviders(<GuidePage />, { preloadedState: signedInState() });
    await screen.findByRole('listitem', { name: /Step 1/ });
    await userEvent.click(within(stepItem(/Step 1/)).getByRole('button', { name: 'Skip this step' }));
    expect(stepItem(/Step 1/)).toHaveTextContent('Skipped');
    expect(stepItem(/Step 2/)).toHaveAttribute('aria-current', 'step');
    first.unmount();

    renderWithProviders(<GuidePage />, { preloadedState: signedInState() });
    await screen.findByRole('listitem', { name: /Step 1/ });
    expect(stepItem(/Step 1/)).toHaveTextContent('Skipped');
    await userEvent.click(within(stepItem(/Step 1/)).getByRole('button', { name: 'Back to this step' }));
    expect(stepItem(/Step 1/)).toHaveAttribute('aria-current', 'step');
  });
});

describe("Home's guided start card", () => {
  it('offers the next step only, with a link to all steps; skipping shows the one after', async () => {
    household({ accounts: [bankAccount()] });
    renderWithProviders(<GuideCard />, { preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { name: 'Guided start: step 2 of 4' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'All steps' })).toHaveAttribute('href', '/start');
    await userEvent.click(screen.getByRole('button', { name: 'Skip this step' }));
    expect(screen.getByRole('heading', { name: 'Guided start: step 3 of 4' })).toBeInTheDocument();
  });

  it('"Hide the guided start" skips the rest: the card goes', async () => {
    household();
    renderWithProviders(<GuideCard />, { preloadedState: signedInState() });
    await userEvent.click(await screen.findByRole('button', { name: 'Hide the guided start' }));
    expect(screen.queryByRole('heading', { name: /Guided start/ })).not.toBeInTheDocument();
  });

  it('a household through every step sees no card', async () => {
    const network = household({ accounts: [bankAccount({ reconciled_through: '2026-04-02' })], budgets: [budget], entered: true });
    renderWithProviders(<GuideCard />, { preloadedState: signedInState() });
    await waitFor(() => expect(network.find('GET', '/transactions/last_update')).toHaveLength(1));
    // The answers are in the store once the requests' promises have run.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('heading', { name: /Guided start/ })).not.toBeInTheDocument();
  });
});
