import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Budget } from '../../../src/shared/schemas/budgets';
import { mockFetch } from '../../support/fetchMock';
import { accounts, budgetList, categories, householdSettings, sampleBudget } from './fixtures';
import { refuse, renderBudgets } from './renderBudgets';

// Issue 42: Mia saves Dining 250; Sam, editing it to 150, clicks Reload and saves: Sam's 150 won with no word.
const allocationsTable = () => screen.getByRole('table', { name: 'Allocations' });
const rowOf = (name: string) =>
  within(allocationsTable())
    .getAllByLabelText('Allocation name')
    .find((input) => (input as HTMLInputElement).value === name)!
    .closest('tr') as HTMLElement;

describe('a line both people changed', () => {
  it('is marked after Reload with their value beside the person\'s own, and the save keeps the person\'s', async () => {
    const user = userEvent.setup();
    const conflict = 'This budget was changed by someone else. Reload to see their changes.';
    const theirs: Budget = sampleBudget({ lock_version: 4 });
    theirs.allocations = theirs.allocations.map((row) => (row.name === 'Dining' ? { ...row, amount: 25000 } : row.name === 'Rent' ? { ...row, amount: 155000 } : row));
    let loads = 0;
    const saves: { allocations: { name: string; amount: number }[] }[] = [];
    mockFetch({
      'GET /allocation_categories': categories,
      'GET /bank_accounts': accounts,
      'GET /settings': householdSettings(),
      'GET /budgets': budgetList,
      'GET /transactions/last_update': { transaction_date: '2026-01-05', has_transactions: true },
      'GET /budgets/7': () => ({ body: loads++ === 0 ? sampleBudget() : theirs }),
      'PUT /budgets/7': (request: { body: (typeof saves)[number] }) => {
        saves.push(request.body);
        return saves.length === 1 ? refuse(409, conflict)() : { body: theirs };
      },
    });
    const { messages } = renderBudgets('/budgets/7');
    await screen.findByRole('heading', { name: 'Budget: Jan 01 - Jan 31, 2026' });
    await user.click(screen.getByRole('button', { name: 'Make Changes' }));
    const amount = () => within(rowOf('Dining')).getByLabelText(/ amount$/);
    await user.clear(amount());
    await user.type(amount(), '150');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByRole('alert');
    expect(within(rowOf('Dining')).queryByText(/Theirs:/)).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(rowOf('Dining')).getByText(/Theirs:/)).toHaveTextContent('Theirs: 250.00'));
    expect(amount()).toHaveValue('150.00');
    expect(rowOf('Dining')).toHaveClass('ec-row--clash');
    // Rent changed on their side only: it simply takes their value, unmarked.
    expect(within(rowOf('Rent')).getByLabelText(/ amount$/)).toHaveValue('1550.00');
    expect(within(rowOf('Rent')).queryByText(/Theirs:/)).not.toBeInTheDocument();
    expect(rowOf('Rent')).not.toHaveClass('ec-row--clash');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(messages).toContain('Budget saved.'));
    expect(saves[1].allocations.find((row) => row.name === 'Dining')?.amount).toBe(15000);
  });
});
