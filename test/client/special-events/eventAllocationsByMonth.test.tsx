import { screen, waitFor, within } from '@testing-library/react';
import { eventMonths } from '../../../src/features/special-events/eventFigures';
import { plannedAllocationProblems } from '../../../src/features/special-events/AddEventAllocationsDialog';
import { mockFetch } from '../../support/fetchMock';
import { setupUser } from '../../support/user';
import { CAR, findDialog, FLIGHTS, HOLIDAY, HOTEL, household, linked, renderSpecialEvents, specialEvent, TRAVEL } from './fixtures';

const HOLIDAY_ACROSS_BUDGETS = specialEvent({ ...HOLIDAY, allocations: [linked(FLIGHTS), linked(HOTEL), linked(CAR)] });

describe('a special event month by month', () => {
  it('sums each month and follows the planned budget down', () => {
    expect(eventMonths(100000, HOLIDAY_ACROSS_BUDGETS.allocations)).toEqual([
      { budgetId: 7, month: 'Jul 01 - Jul 31, 2026', allocated: 150000, spent: 125000, allocatedSoFar: 150000, leftToAllocate: -50000 },
      { budgetId: 8, month: 'Aug 01 - Aug 31, 2026', allocated: 30000, spent: 12000, allocatedSoFar: 180000, leftToAllocate: -80000 },
    ]);
    expect(eventMonths(100000, [])).toEqual([]);
  });

  it('shows planned against allocated and spent for each month on the event page', async () => {
    mockFetch(household({ 'GET /special_events/3': HOLIDAY_ACROSS_BUDGETS }));
    renderSpecialEvents('/special-events/3');
    const months = await screen.findByRole('table', { name: 'Month by month' });
    const rows = within(months).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual([
      'MonthAllocatedSpentAllocated so farLeft to allocate',
      'Jul 01 - Jul 31, 20261,500.001,250.001,500.00-500.00',
      'Aug 01 - Aug 31, 2026300.00120.001,800.00-800.00',
    ]);
    expect(months).toHaveTextContent('against the planned 1,000.00');
  });
});

describe('Add Allocations from an event', () => {
  it('says what is missing before sending anything', () => {
    expect(plannedAllocationProblems(' ', null, new Map())).toEqual(["Name can't be blank.", 'Choose a category.', 'Enter an amount in at least one month.']);
    expect(plannedAllocationProblems('Trip', 1, new Map([[8, 5000]]))).toEqual([]);
  });

  it('makes the allocation in the open months given an amount, under the chosen name and category', async () => {
    const saved = specialEvent({ ...HOLIDAY, allocations: [linked(FLIGHTS), { ...linked(CAR), id: 99, name: 'Trip fund', amount: 25000, spent: 0 }] });
    const network = mockFetch(household({ 'POST /special_events/3/planned_allocations': () => ({ status: 201, body: saved }) }));
    const { messages } = renderSpecialEvents('/special-events/3');
    await screen.findByRole('heading', { name: 'Special Event: Summer holiday' });
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Add Allocations' }));
    const dialog = await findDialog('Add Allocations: Summer holiday');
    // Only open budgets take new lines: July is closed.
    await within(dialog).findByLabelText('Amount for Aug 01 - Aug 31, 2026');
    expect(within(dialog).queryByLabelText('Amount for Jul 01 - Jul 31, 2026')).not.toBeInTheDocument();
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Trip fund');
    await user.type(within(dialog).getByLabelText('Amount for Aug 01 - Aug 31, 2026'), '250');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messages).toEqual(['Special Event saved.']));
    expect(network.find('POST', '/special_events/3/planned_allocations')[0].body).toEqual({
      name: 'Trip fund',
      allocation_category_id: TRAVEL.id,
      months: [{ budget_id: 8, amount: 25000 }],
    });
  });
});
