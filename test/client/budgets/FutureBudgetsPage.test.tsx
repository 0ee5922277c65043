import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cancelAndAnswer } from '../../support/closeWithoutSaving';
import { mockFetch } from '../../support/fetchMock';
import { accounts, allocation, categories, futureBudget, householdSettings, income, sampleBudget } from './fixtures';
import { refuse, renderBudgets } from './renderBudgets';

/** Two open budgets: February has Rent 1,500 and Groceries; March has Rent 1,550 and no Groceries. */
function futureBudgets() {
  const february = sampleBudget({ id: 8, name: 'Feb 01 - Feb 28, 2026' });
  const march = sampleBudget({
    id: 9,
    name: 'Mar 01 - Mar 31, 2026',
    incomes: [income({ id: 31, name: 'Salary', amount: 300000, budget_id: 9 })],
    allocations: [
      allocation({ id: 41, name: 'Rent', amount: 155000, allocation_category_id: 1, budget_id: 9 }),
      allocation({ id: 42, name: 'Dining', amount: 10000, allocation_category_id: 2, budget_id: 9 }),
    ],
  });
  return [futureBudget(february), futureBudget(march)];
}

const routes = (overrides: Record<string, unknown> = {}) => ({
  'GET /budgets/future': futureBudgets(),
  'GET /allocation_categories': categories,
  'GET /bank_accounts': accounts,
  'GET /settings': householdSettings(),
  ...overrides,
});

const grid = () => screen.getByRole('table', { name: 'Future Budgets' });
const rowOf = (name: string) => within(grid()).getByRole('rowheader', { name }).closest('tr') as HTMLElement;

describe('future budgets', () => {
  // The page and antd load lazily; loaded once here, the first test's waits are for the page, not for the loading.
  beforeAll(() => Promise.all([import('../../../src/features/budgets/FutureBudgetsPage'), import('../../../src/components/AntdTheme')]));

  it('lays the open budgets side by side, lines matched by name, with totals and the partners’ shares', async () => {
    mockFetch(routes());
    renderBudgets('/budgets/future');
    expect(await screen.findByRole('heading', { name: 'Future Budgets' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Future Budgets' });
    expect(within(grid()).getByRole('link', { name: 'Feb 01 - Feb 28, 2026' })).toHaveAttribute('href', '/budgets/8');
    expect(rowOf('Rent')).toHaveTextContent('Rent1,500.001,550.00');
    expect(rowOf('Groceries')).toHaveTextContent('Groceries600.000.00');
    expect(rowOf('Freelance')).toHaveTextContent('Freelance2,000.000.00');
    expect(rowOf('Total Income')).toHaveTextContent('5,000.003,000.00');
    expect(rowOf('Food Subtotal')).toHaveTextContent('800.00100.00');
    expect(rowOf('Total Allocations')).toHaveTextContent('2,800.001,650.00');
    expect(rowOf('Total Discretionary Money')).toHaveTextContent('2,200.001,350.00');
    await waitFor(() => expect(rowOf("Alice's Discretionary Amount")).toHaveTextContent('1,100.00675.00'));
    expect(rowOf("Bob's Discretionary Amount")).toHaveTextContent('1,100.00675.00');
    expect(within(grid()).getByRole('button', { name: 'Add Fun Allocation' })).toBeInTheDocument();
  });

  it('shows the single person’s amount for a single household', async () => {
    mockFetch(routes({ 'GET /settings': householdSettings({ family_type: 'single' }) }));
    renderBudgets('/budgets/future');
    await screen.findByRole('table', { name: 'Future Budgets' });
    await waitFor(() => expect(rowOf("Sam's Discretionary Amount")).toHaveTextContent('2,200.001,350.00'));
    expect(within(grid()).queryByText("Alice's Discretionary Amount")).not.toBeInTheDocument();
  });

  it('mass-edits an allocation across the budgets with a live discretionary amount', async () => {
    const user = userEvent.setup();
    const network = mockFetch(routes({ 'POST /budgets/mass_update': { success: true } }));
    const { messages } = renderBudgets('/budgets/future');
    await screen.findByRole('table', { name: 'Future Budgets' });
    await user.click(within(rowOf('Groceries')).getByRole('button', { name: 'Groceries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mass Edit Allocation' });
    const march = within(dialog).getByRole('rowheader', { name: 'Mar 01 - Mar 31, 2026' }).closest('tr') as HTMLElement;
    // March: income 3,000.00, other allocations 1,650.00, discretionary 1,350.00 before the edit.
    expect(march).toHaveTextContent('3,000.001,650.001,350.00');
    await user.clear(within(march).getByLabelText('Amount for Mar 01 - Mar 31, 2026'));
    await user.type(within(march).getByLabelText('Amount for Mar 01 - Mar 31, 2026'), '400');
    expect(march).toHaveTextContent('3,000.001,650.00950.00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messages).toEqual(['Updates saved.']));
    expect(network.find('POST', '/budgets/mass_update')[0].body).toEqual({
      type: 'allocation',
      name: 'Groceries',
      allocation_category_id: 2,
      amounts: [
        { id: 22, amount: 60000, budget_id: 8, originalAmount: 60000, budgetIncome: 500000, totalBudgetAllocationsWithoutCurrent: 220000 },
        { id: 0, amount: 40000, budget_id: 9, originalAmount: 0, budgetIncome: 300000, totalBudgetAllocationsWithoutCurrent: 165000 },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mass Edit Allocation' })).not.toBeInTheDocument());
  });

  it('asks "Close without saving?" before Cancel drops a mass edit: No keeps the amount, Yes closes', async () => {
    const user = userEvent.setup();
    const network = mockFetch(routes());
    renderBudgets('/budgets/future');
    await screen.findByRole('table', { name: 'Future Budgets' });
    await user.click(within(rowOf('Groceries')).getByRole('button', { name: 'Groceries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mass Edit Allocation' });
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus());
    const march = within(dialog).getByLabelText('Amount for Mar 01 - Mar 31, 2026');
    await user.clear(march);
    await user.type(march, '400');
    await cancelAndAnswer(user, dialog, 'No', 'this allocation');
    expect(march).toHaveValue('400.00');
    await cancelAndAnswer(user, dialog, 'Yes', 'this allocation');
    await waitFor(() => expect(screen.queryByText('Mass Edit Allocation', { selector: '.ant-modal-title' })).not.toBeInTheDocument());
    expect(network.find('POST', '/budgets/mass_update')).toHaveLength(0);
  });

  it('adds a new income line across the budgets, and keeps the dialog open with the reason when refused', async () => {
    const user = userEvent.setup();
    const network = mockFetch(
      routes({ 'POST /budgets/mass_update': refuse(422, 'A closed budget cannot be changed') }),
    );
    const { messages } = renderBudgets('/budgets/future');
    await screen.findByRole('table', { name: 'Future Budgets' });
    await user.click(within(grid()).getByRole('button', { name: 'Add New Income' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mass Edit Income' });
    await user.type(within(dialog).getByLabelText('Name'), 'Side gig');
    await user.clear(within(dialog).getByLabelText('Amount for Feb 01 - Feb 28, 2026'));
    await user.type(within(dialog).getByLabelText('Amount for Feb 01 - Feb 28, 2026'), '250');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messages).toEqual(['Updates not saved. A closed budget cannot be changed.']));
    expect(network.find('POST', '/budgets/mass_update')[0].body).toEqual({
      type: 'income',
      name: 'Side gig',
      bank_account_id: null,
      amounts: [
        { id: 0, amount: 25000, budget_id: 8, originalAmount: 0 },
        { id: 0, amount: 0, budget_id: 9, originalAmount: 0 },
      ],
    });
    expect(screen.getByRole('dialog', { name: 'Mass Edit Income' })).toBeInTheDocument();
  });
});
