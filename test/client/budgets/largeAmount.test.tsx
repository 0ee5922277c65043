import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../support/fetchMock';
import { accounts, budgetList, categories, householdSettings, sampleBudget } from './fixtures';
import { renderBudgets } from './renderBudgets';

// Issue 42: 100000000.01 in an allocation with the split "by income" crashed the page ("NaN cannot be converted
// to a BigInt") and lost the draft.
const allocationsTable = () => screen.getByRole('table', { name: 'Allocations' });
const amountOf = (name: string) => {
  const row = within(allocationsTable())
    .getAllByLabelText('Allocation name')
    .find((input) => (input as HTMLInputElement).value === name)!
    .closest('tr') as HTMLElement;
  return within(row).getByLabelText(/ amount$/) as HTMLInputElement;
};

async function editBudget() {
  const network = mockFetch({
    'GET /allocation_categories': categories,
    'GET /bank_accounts': accounts,
    'GET /settings': householdSettings({ split_rule: 'income' }),
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
  return { user, network, ...rendered };
}

describe('an amount beyond the limit in a budget split by income', () => {
  it('is refused by the field and by Save, and the page and the draft stay', async () => {
    const { user, network, messages } = await editBudget();
    await user.clear(amountOf('Dining'));
    await user.type(amountOf('Dining'), '100000000.01');

    expect(screen.getByRole('heading', { name: 'Edit Budget: Jan 01 - Jan 31, 2026' })).toBeInTheDocument();
    expect(amountOf('Dining')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/Too large: the most an amount can be is 100,000,000.00/)).toBeInTheDocument();
    const split = screen.getByRole('table', { name: 'Discretionary Summary' });
    expect(within(split).getAllByText('over the limit').length).toBeGreaterThanOrEqual(3);

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(/Dining: amount is too large/)).toBeInTheDocument();
    expect(network.find('PUT', '/budgets/7')).toHaveLength(0);
    expect(amountOf('Dining').value).toBe('100000000.01');

    // Put right, it saves as usual.
    await user.clear(amountOf('Dining'));
    await user.type(amountOf('Dining'), '250');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(messages).toContain('Budget saved.'));
    expect(network.find('PUT', '/budgets/7')).toHaveLength(1);
  });

  it('typed nine nines key by key never crashes', async () => {
    const { user } = await editBudget();
    await user.clear(amountOf('Dining'));
    await user.type(amountOf('Dining'), '999999999');
    expect(amountOf('Dining').value).toBe('999999999');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  });
});
