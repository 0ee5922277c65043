import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cancelAndAnswer } from '../../support/closeWithoutSaving';
import { mockFetch } from '../../support/fetchMock';
import { waitForGuideAnswers } from '../../support/guide';
import { accounts, budgetList, categories } from './fixtures';
import { answer, refuse, renderBudgets } from './renderBudgets';

const setupRoutes = { 'GET /allocation_categories': categories, 'GET /bank_accounts': accounts };
const NO_TRANSACTIONS = { transaction_date: '2026-03-15', has_transactions: false };

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('budget list', () => {
  it('offers Copy on the newest budget only and Close on the current (earliest open) budget only', async () => {
    mockFetch({ ...setupRoutes, 'GET /budgets': budgetList });
    renderBudgets('/budgets');
    expect(await screen.findByRole('heading', { name: 'Budgets' })).toBeInTheDocument();
    const newest = await rowOf('Mar 01 - Mar 31, 2026');
    const current = await rowOf('Feb 01 - Feb 28, 2026');
    const closed = await rowOf('Jan 01 - Jan 31, 2026');
    expect(within(newest).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(within(newest).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(within(current).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(current).queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
    expect(within(closed).queryByRole('button', { name: /Copy|Close/ })).not.toBeInTheDocument();
    for (const row of [newest, current, closed]) expect(within(row).getByRole('button', { name: 'View' })).toBeInTheDocument();
    expect(within(closed).getByText('Closed')).toBeInTheDocument();
    expect(within(newest).getByText('Open')).toBeInTheDocument();
  });

  it('copies after "Yes", showing progress then success', async () => {
    const user = userEvent.setup();
    const network = mockFetch({ ...setupRoutes, 'GET /budgets': budgetList, 'PUT /budgets/9/copy': { id: 10 } });
    const { messages } = renderBudgets('/budgets');
    await user.click(within(await rowOf('Mar 01 - Mar 31, 2026')).getByRole('button', { name: 'Copy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy Budget?' });
    expect(dialog).toHaveTextContent('Are you sure you want to COPY this budget?');
    // It names the month it makes and what it carries over.
    expect(dialog).toHaveTextContent("Copying makes the next month’s budget, Apr 01 - Apr 30, 2026, with every income and allocation of Mar 01 - Mar 31, 2026");
    await answer('Copy Budget?', 'Yes', user);
    await waitFor(() => expect(messages).toEqual(['Copying...', 'Budget copied.']));
    expect(network.find('PUT', '/budgets/9/copy')).toHaveLength(1);
    await waitFor(() => expect(network.find('GET', '/budgets').length).toBeGreaterThanOrEqual(2));
  });

  it('does nothing when the close is answered "No"', async () => {
    const user = userEvent.setup();
    const network = mockFetch({ ...setupRoutes, 'GET /budgets': budgetList });
    const { messages } = renderBudgets('/budgets');
    await user.click(within(await rowOf('Feb 01 - Feb 28, 2026')).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('dialog', { name: 'Close Budget Period?' })).toHaveTextContent('Are you ready to close off this budget?');
    await answer('Close Budget Period?', 'No', user);
    expect(network.find('PUT', '/budgets/8/close')).toHaveLength(0);
    expect(messages).toEqual([]);
  });

  it('shows the server reason when closing is refused', async () => {
    const user = userEvent.setup();
    mockFetch({
      ...setupRoutes,
      'GET /budgets': budgetList,
      'PUT /budgets/8/close': refuse(422, 'Only the current budget can be closed'),
    });
    const { messages, store } = renderBudgets('/budgets');
    await user.click(within(await rowOf('Feb 01 - Feb 28, 2026')).getByRole('button', { name: 'Close' }));
    await answer('Close Budget Period?', 'Yes', user);
    await waitFor(() => expect(messages).toEqual(['Closing....', 'Budget NOT closed. Only the current budget can be closed']));
    expect(store.getState().messages.current?.kind).toBe('error');
  });

  it('closes after "Yes"', async () => {
    const user = userEvent.setup();
    const network = mockFetch({ ...setupRoutes, 'GET /budgets': budgetList, 'PUT /budgets/8/close': { id: 8 } });
    const { messages } = renderBudgets('/budgets');
    await user.click(within(await rowOf('Feb 01 - Feb 28, 2026')).getByRole('button', { name: 'Close' }));
    await answer('Close Budget Period?', 'Yes', user);
    await waitFor(() => expect(messages).toEqual(['Closing....', 'Budget closed.']));
    expect(network.find('PUT', '/budgets/8/close')).toHaveLength(1);
  });

  it('reports a refused copy with the reason', async () => {
    const user = userEvent.setup();
    mockFetch({
      ...setupRoutes,
      'GET /budgets': budgetList,
      'PUT /budgets/9/copy': refuse(422, 'A budget already covers 2026-04-01'),
    });
    const { messages } = renderBudgets('/budgets');
    await user.click(within(await rowOf('Mar 01 - Mar 31, 2026')).getByRole('button', { name: 'Copy' }));
    await answer('Copy Budget?', 'Yes', user);
    await waitFor(() => expect(messages).toEqual(['Copying...', 'Budget NOT copied. A budget already covers 2026-04-01']));
  });

  it('reopens the last budget after confirmation, or says why not', async () => {
    const user = userEvent.setup();
    let reopened = 0;
    mockFetch({
      ...setupRoutes,
      'GET /budgets': budgetList,
      'POST /budgets/reopen_last_budget': () =>
        reopened++ === 0 ? { body: { id: 7 } } : refuse(422, 'There is no closed budget to reopen')(),
    });
    const { messages } = renderBudgets('/budgets');
    await user.click(await screen.findByRole('button', { name: 'Reopen Last Budget' }));
    const question = await screen.findByRole('dialog', { name: 'Reopen Last Budget' });
    expect(question).toHaveTextContent('Are you sure you want to open the last closed budget?');
    // It names the budget it reopens and what reopening undoes.
    expect(question).toHaveTextContent('This reopens Jan 01 - Jan 31, 2026. Its accounts are no longer settled at their balances on Jan 31, 2026');
    await answer('Reopen Last Budget', 'Yes', user);
    await waitFor(() => expect(messages).toEqual(['Reopening last budget...', 'Last Budget re-opened.']));
    await user.click(screen.getByRole('button', { name: 'Reopen Last Budget' }));
    await answer('Reopen Last Budget', 'Yes', user);
    await waitFor(() => expect(messages.at(-1)).toBe('There is no closed budget to reopen.'));
  });

  it('creates a budget from a start date, suggesting the day after the newest budget', async () => {
    const user = userEvent.setup();
    const network = mockFetch({ ...setupRoutes, 'GET /budgets': budgetList, 'POST /budgets': () => ({ status: 201, body: { id: 10 } }) });
    const { messages } = renderBudgets('/budgets');
    await user.click(await screen.findByRole('button', { name: 'Add New Budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Budget' });
    const startDate = within(dialog).getByLabelText('Start Date');
    expect(startDate).toHaveValue('2026-04-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messages).toEqual(['Budget created.']));
    expect(network.find('POST', '/budgets')[0].body).toEqual({ start_date: '2026-04-01' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New Budget' })).not.toBeInTheDocument());
  });

  it('opens Add New Budget with the focus in Start Date, and asks before Cancel drops a changed date', async () => {
    const user = userEvent.setup();
    const network = mockFetch({ ...setupRoutes, 'GET /budgets': budgetList });
    renderBudgets('/budgets');
    await user.click(await screen.findByRole('button', { name: 'Add New Budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Budget' });
    const startDate = within(dialog).getByLabelText('Start Date');
    await waitFor(() => expect(startDate).toHaveFocus());
    await user.clear(startDate);
    await user.type(startDate, '2026-05-01');
    await cancelAndAnswer(user, dialog, 'No', 'this budget');
    expect(startDate).toHaveValue('2026-05-01');
    await cancelAndAnswer(user, dialog, 'Yes', 'this budget');
    await waitFor(() => expect(screen.queryByText('Add New Budget', { selector: '.ant-modal-title' })).not.toBeInTheDocument());
    expect(network.find('POST', '/budgets')).toHaveLength(0);
  });

  it('keeps the dialog open and shows the reason when the budget is not created', async () => {
    const user = userEvent.setup();
    mockFetch({
      ...setupRoutes,
      'GET /budgets': budgetList,
      'POST /budgets': refuse(422, 'A budget already covers 2026-03-15'),
    });
    const { messages } = renderBudgets('/budgets');
    await user.click(await screen.findByRole('button', { name: 'Add New Budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Budget' });
    const startDate = within(dialog).getByLabelText('Start Date');
    await user.clear(startDate);
    await user.type(startDate, '2026-03-15');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messages).toEqual(['Budget not created. A budget already covers 2026-03-15']));
    expect(screen.getByRole('dialog', { name: 'Add New Budget' })).toBeInTheDocument();
  });

  it('explains the first step to a new household, and what setup is missing (the one message about it)', async () => {
    mockFetch({ 'GET /budgets': [], 'GET /allocation_categories': [], 'GET /bank_accounts': accounts, 'GET /transactions/last_update': NO_TRANSACTIONS });
    const { store } = renderBudgets('/budgets');
    expect(await screen.findByText('No budgets yet.')).toBeInTheDocument();
    expect(screen.getByText(/Start with “Add New Budget”/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Add your allocation categories' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add your bank accounts' })).not.toBeInTheDocument();
    await waitForGuideAnswers(store);
    expect(screen.queryByRole('note', { name: 'Next step' })).not.toBeInTheDocument();
  });

  it("offers the guided start's budget step once setup is done, without the setup notice", async () => {
    mockFetch({ ...setupRoutes, 'GET /budgets': [], 'GET /transactions/last_update': NO_TRANSACTIONS });
    renderBudgets('/budgets');
    const next = await screen.findByRole('note', { name: 'Next step' });
    expect(next).toHaveTextContent('This household has no budget yet.');
    expect(next).toHaveTextContent('Guided start step 2 of 4: Plan your first month');
    expect(screen.queryByText('Finish setting up your household first:')).not.toBeInTheDocument();
  });
});

describe('budget list: reopen and close explained', () => {
  it('disables "Reopen Last Budget" and says why while no budget is closed', async () => {
    mockFetch({ ...setupRoutes, 'GET /budgets': budgetList.filter((budget) => budget.status === 'open') });
    renderBudgets('/budgets');
    await screen.findByText('Mar 01 - Mar 31, 2026', {}, { timeout: 20_000 });
    const reopen = screen.getByRole('button', { name: 'Reopen Last Budget' });
    expect(reopen).toBeDisabled();
    expect(reopen).toHaveAccessibleDescription('No budget has been closed yet, so there is nothing to reopen.');
  });

  it('keeps "Reopen Last Budget" usable once a budget is closed', async () => {
    mockFetch({ ...setupRoutes, 'GET /budgets': budgetList });
    renderBudgets('/budgets');
    await rowOf('Jan 01 - Jan 31, 2026');
    expect(screen.getByRole('button', { name: 'Reopen Last Budget' })).toBeEnabled();
    expect(screen.queryByText(/nothing to reopen/)).not.toBeInTheDocument();
  });

  it('says what closing does, and warns that a month not over yet is still running', async () => {
    const user = userEvent.setup();
    const running = { id: 8, name: 'Far future', start_date: '2999-01-01', end_date: '2999-01-31', status: 'open' as const };
    mockFetch({ ...setupRoutes, 'GET /budgets': [running, budgetList[2]] });
    renderBudgets('/budgets');
    await user.click(within(await rowOf('Far future')).getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close Budget Period?' });
    expect(dialog).toHaveTextContent('Are you ready to close off this budget?');
    expect(dialog).toHaveTextContent('Closing settles every account at its balance on Jan 31, 2999.');
    expect(dialog).toHaveTextContent('carried into the next budget as a copy marked “(B/F)”, with one balancing entry');
    expect(dialog).toHaveTextContent('Its month is not over yet');
    await answer('Close Budget Period?', 'No', user);
  });

  it('does not warn about a month that has ended', async () => {
    const user = userEvent.setup();
    mockFetch({ ...setupRoutes, 'GET /budgets': budgetList });
    renderBudgets('/budgets');
    await user.click(within(await rowOf('Feb 01 - Feb 28, 2026')).getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close Budget Period?' });
    expect(dialog).toHaveTextContent('Closing settles every account at its balance on Feb 28, 2026.');
    expect(dialog).not.toHaveTextContent('not over yet');
    await answer('Close Budget Period?', 'No', user);
  });
});
