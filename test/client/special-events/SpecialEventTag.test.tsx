import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '../../support/fetchMock';
import { allocation, accounts, budgetList, categories, householdSettings, sampleBudget } from '../budgets/fixtures';
import { renderBudgets } from '../budgets/renderBudgets';
import { HOLIDAY, WEDDING } from './fixtures';

const routes = (budget = sampleBudget()) => ({
  'GET /allocation_categories': categories,
  'GET /bank_accounts': accounts,
  'GET /settings': householdSettings(),
  'GET /budgets': budgetList,
  'GET /budgets/7': budget,
  'GET /special_events': [WEDDING, HOLIDAY],
});

const allocationsTable = () => screen.getByRole('table', { name: 'Allocations' });

describe("the budget detail's special event tags", () => {
  it('tags each allocation linked to an event with the event name', async () => {
    const budget = sampleBudget();
    budget.allocations = [
      ...budget.allocations,
      allocation({ id: 25, name: 'Flights', amount: 90000, allocation_category_id: 3, special_event_id: HOLIDAY.id }),
      allocation({ id: 26, name: 'Gift', amount: 5000, allocation_category_id: 3, special_event_id: WEDDING.id }),
    ];
    mockFetch(routes(budget));
    renderBudgets('/budgets/7');
    const tag = await within(await screen.findByRole('table', { name: 'Allocations' })).findByText('Summer holiday');
    expect(tag).toHaveClass('ec-tag--event');
    expect(tag.closest('tr')).toHaveTextContent(/^Flights Summer holiday900\.00/);
    expect(within(within(allocationsTable()).getByText('Gift').closest('tr') as HTMLElement).getByText('Wedding')).toBeInTheDocument();
    expect(within(within(allocationsTable()).getByText('Rent').closest('tr') as HTMLElement).queryByText(/holiday|Wedding/)).not.toBeInTheDocument();
  });

  it('does not load the events for a budget without linked allocations', async () => {
    const network = mockFetch(routes());
    renderBudgets('/budgets/7');
    await screen.findByRole('table', { name: 'Allocations' });
    await waitFor(() => expect(network.find('GET', '/budgets/7')).toHaveLength(1));
    expect(network.find('GET', '/special_events')).toHaveLength(0);
  });
});
