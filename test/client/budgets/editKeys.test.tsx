import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../support/fetchMock';
import { accounts, budgetList, categories, householdSettings, sampleBudget } from './fixtures';
import { renderBudgets } from './renderBudgets';

// Issue 42: Ctrl/Cmd+S saves and Escape cancels in every edit mode.
async function editBudget() {
  const network = mockFetch({
    'GET /allocation_categories': categories,
    'GET /bank_accounts': accounts,
    'GET /settings': householdSettings(),
    'GET /budgets': budgetList,
    'GET /transactions/last_update': { transaction_date: '2026-01-05', has_transactions: true },
    'GET /budgets/7': sampleBudget(),
    'PUT /budgets/7': () => ({ body: sampleBudget({ lock_version: 4 }) }),
  });
  const user = userEvent.setup();
  const rendered = renderBudgets('/budgets/7');
  await screen.findByRole('heading', { name: 'Edit Budget: Jan 01 - Jan 31, 2026' });
  await user.click(screen.getByRole('button', { name: 'Make Changes' }));
  await screen.findByRole('button', { name: 'Save Changes' });
  const dining = within(screen.getByRole('table', { name: 'Allocations' }))
    .getAllByLabelText('Allocation name')
    .find((input) => (input as HTMLInputElement).value === 'Dining')!;
  await user.type(dining, ' out');
  return { user, network, ...rendered };
}

describe('the budget edit mode by keyboard', () => {
  it('saves on Ctrl+S from inside a field', async () => {
    const { user, network, messages } = await editBudget();
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(messages).toContain('Budget saved.'));
    expect((network.find('PUT', '/budgets/7')[0].body as { allocations: { name: string }[] }).allocations.map((row) => row.name)).toContain('Dining out');
  });

  it('cancels on Escape, asking first because there are edits', async () => {
    const { user, network } = await editBudget();
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('button', { name: 'Make Changes' })).toBeInTheDocument();
    expect(network.find('PUT', '/budgets/7')).toHaveLength(0);
  });
});
