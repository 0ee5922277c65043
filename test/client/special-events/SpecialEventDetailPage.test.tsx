import { screen, waitFor, within } from '@testing-library/react';
import { cancelAndAnswer } from '../../support/closeWithoutSaving';
import { mockFetch, refusal } from '../../support/fetchMock';
import { setupUser } from '../../support/user';
import { chooseOption } from '../../support/pickers';
import { transaction } from '../transactions/builders';
import { CAR, findDialog, FLIGHTS, GIFTS, HOLIDAY, HOTEL, household, linked, queryDialog, renderSpecialEvents, specialEvent } from './fixtures';

const figure = (scope: HTMLElement, label: string) => within(scope).getByLabelText(label).textContent;
const rowOf = (scope: HTMLElement, name: string) => within(scope).getByText(name).closest('tr') as HTMLElement;

/** The holiday once the hotel (July) and the rental car (August) are linked too. */
const HOLIDAY_ACROSS_BUDGETS = specialEvent({ ...HOLIDAY, allocations: [linked(FLIGHTS), linked(HOTEL), linked(CAR)] });

async function openHoliday(routes: Record<string, unknown> = {}) {
  const network = mockFetch(household({ 'GET /special_events/3': HOLIDAY_ACROSS_BUDGETS, ...routes }));
  const rendered = renderSpecialEvents('/special-events/3');
  await screen.findByRole('heading', { name: 'Special Event: Summer holiday' });
  return { network, ...rendered };
}

async function openAdjust(user: ReturnType<typeof setupUser>) {
  await user.click(screen.getByRole('button', { name: 'Adjust Allocations' }));
  const dialog = await findDialog('Adjust Allocations: Summer holiday');
  await within(dialog).findByRole('table', { name: 'Budget allocations' });
  return dialog;
}


describe('Special Event detail', () => {
  it('lists its allocations across budgets with budget, category, amount and spent, a total, and actual against budget', async () => {
    await openHoliday();
    const table = screen.getByRole('table', { name: 'Allocations' });
    expect(rowOf(table, 'Flights')).toHaveTextContent('FlightsJul 01 - Jul 31, 2026Travel900.00800.00');
    expect(rowOf(table, 'Rental car')).toHaveTextContent('Rental carAug 01 - Aug 31, 2026Travel300.00120.00');
    expect(within(rowOf(table, 'Rental car')).getByRole('link', { name: 'Aug 01 - Aug 31, 2026' })).toHaveAttribute('href', '/budgets/8');
    expect(figure(table, 'Total Amount')).toBe('1,800.00');
    expect(figure(table, 'Total Spent')).toBe('1,370.00');
    // Budget 1,000.00, actual 1,370.00: over by 370.00, in red, the bar full and red.
    const page = screen.getByRole('region', { name: 'Special Event: Summer holiday' });
    expect(figure(page, 'Budget')).toBe('1,000.00');
    expect(figure(page, 'Actual')).toBe('1,370.00');
    expect(within(page).getByLabelText('Difference').firstElementChild).toHaveClass('ec-money--negative');
    expect(figure(page, 'Difference')).toBe('-370.00');
    const bar = within(page).getByLabelText('Actual against budget');
    expect(bar).toHaveTextContent('137%');
    expect(bar.closest('.ant-progress')).toHaveClass('ant-progress-status-exception');
    expect(screen.getByText('Starts Friday, July 10, 2026')).toBeInTheDocument();
  });

  it('opens the transactions behind an allocation\'s spent', async () => {
    const { network } = await openHoliday({
      'GET /transactions/by_allocation': [transaction({ id: 91, transaction_date: '2026-07-03', description: 'Airline', withdrawal_amount: 80000, allocation_id: 31 })],
    });
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Transactions for Flights' }));
    const dialog = await findDialog('Transactions for Flights');
    expect(await within(dialog).findByText('Airline')).toBeInTheDocument();
    expect(within(dialog).getAllByText('800.00')).toHaveLength(2);
    expect(network.find('GET', '/transactions/by_allocation')[0].search).toBe('?allocation_id=31');
  });

  it('says so when the event does not exist (or is another household\'s)', async () => {
    mockFetch(household({ 'GET /special_events/99': () => refusal(404, ['Special event not found']) }));
    renderSpecialEvents('/special-events/99');
    expect(await screen.findByText('Special event not found', { selector: '.ant-result-title' })).toBeInTheDocument();
  });

  describe('Adjust Allocations', () => {
    it("opens on the budget of the event's start date and Settings' default category, showing another event's allocations disabled", async () => {
      const { network } = await openHoliday();
      const user = setupUser();
      const dialog = await openAdjust(user);
      expect(network.find('GET', '/allocations').map((request) => request.search)).toEqual(['?budget_id=7']);
      const list = within(dialog).getByRole('table', { name: 'Budget allocations' });
      // Travel is the default category: the present (Gifts) is not listed until "All categories".
      expect(within(list).queryByText('Present')).not.toBeInTheDocument();
      expect(within(list).getByRole('checkbox', { name: 'Flights' })).toBeChecked();
      expect(within(list).getByRole('checkbox', { name: 'Hotel' })).toBeChecked();

      await user.click(dialog.querySelector('.ant-select-clear') as HTMLElement);
      const present = await within(list).findByRole('checkbox', { name: 'Present' });
      expect(present).toBeDisabled();
      expect(rowOf(list, 'Present')).toHaveTextContent('Linked to Wedding');
      await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Category' }), GIFTS.name);
      await waitFor(() => expect(within(list).queryByText('Hotel')).not.toBeInTheDocument());
      expect(within(list).getByText('Present')).toBeInTheDocument();
    });

    it('updates Actual live as allocations are ticked and removed, and saves the whole list across budgets', async () => {
      const saved = specialEvent({ ...HOLIDAY, allocations: [linked(HOTEL), linked(CAR)] });
      const { network, messages } = await openHoliday({ 'GET /special_events/3': HOLIDAY, 'PUT /special_events/3/allocations': saved });
      const user = setupUser();
      const dialog = await openAdjust(user);
      const figures = dialog.querySelector('.ec-event-figures') as HTMLElement;
      expect(figure(figures, 'Actual')).toBe('800.00');

      await user.click(within(dialog).getByRole('checkbox', { name: 'Hotel' }));
      expect(figure(figures, 'Actual')).toBe('1,250.00');
      expect(figure(figures, 'Difference')).toBe('-250.00');
      await user.click(within(dialog).getByRole('checkbox', { name: 'Flights' }));
      expect(figure(figures, 'Actual')).toBe('450.00');

      await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Budget' }), 'Aug 01 - Aug 31, 2026');
      await user.click(await within(dialog).findByRole('checkbox', { name: 'Rental car' }));
      expect(figure(figures, 'Actual')).toBe('570.00');
      const chosen = within(dialog).getByRole('region', { name: 'Chosen allocations' });
      expect(chosen).toHaveTextContent('Chosen allocations (2)');
      expect(chosen).toHaveTextContent('Hotel Jul 01 - Jul 31, 2026450.00Rental car Aug 01 - Aug 31, 2026120.00');

      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(messages).toContain('Special Event saved.'));
      expect(network.find('PUT', '/special_events/3/allocations')[0].body).toEqual({ special_event: { allocation_ids: [HOTEL.id, CAR.id] } });
      await waitFor(() => expect(queryDialog('Adjust Allocations: Summer holiday')).toBeNull());
    });

    it('opens with the focus in Budget, and asks before Cancel drops a changed list', async () => {
      const { network } = await openHoliday();
      const user = setupUser();
      const dialog = await openAdjust(user);
      await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Budget' })).toHaveFocus());
      await user.click(within(dialog).getByRole('checkbox', { name: 'Hotel' }));
      await cancelAndAnswer(user, dialog, 'No', 'these allocations');
      expect(within(dialog).getByRole('checkbox', { name: 'Hotel' })).not.toBeChecked();
      await cancelAndAnswer(user, dialog, 'Yes', 'these allocations');
      await waitFor(() => expect(queryDialog('Adjust Allocations: Summer holiday')).toBeNull());
      expect(network.find('PUT', '/special_events/3/allocations')).toHaveLength(0);
    });

    it('removes an allocation of another budget from the chosen list', async () => {
      const { network } = await openHoliday({ 'PUT /special_events/3/allocations': HOLIDAY });
      const user = setupUser();
      const dialog = await openAdjust(user);
      await user.click(within(dialog).getByRole('button', { name: 'Remove Rental car (Aug 01 - Aug 31, 2026)' }));
      expect(figure(dialog.querySelector('.ec-event-figures') as HTMLElement, 'Actual')).toBe('1,250.00');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(network.find('PUT', '/special_events/3/allocations')).toHaveLength(1));
      expect(network.find('PUT', '/special_events/3/allocations')[0].body).toEqual({ special_event: { allocation_ids: [FLIGHTS.id, HOTEL.id] } });
    });

    it("offers Retry when a budget's allocations fail to load", async () => {
      let attempts = 0;
      await openHoliday({ 'GET /allocations?budget_id=7': () => (++attempts === 1 ? refusal(500, ['Something went wrong on the server (request 9).']) : { body: [FLIGHTS, HOTEL] }) });
      const user = setupUser();
      await user.click(screen.getByRole('button', { name: 'Adjust Allocations' }));
      const dialog = await findDialog('Adjust Allocations: Summer holiday');
      expect(await within(dialog).findByText('Something went wrong on the server (request 9).')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
      expect(await within(dialog).findByRole('checkbox', { name: 'Hotel' })).toBeChecked();
    });

    it("keeps the dialog open with every tick and the server's reason when the save is refused", async () => {
      const reason = "Allocation 'Hotel' (Jul 01 - Jul 31, 2026) already belongs to special event 'Wedding'";
      const { messages } = await openHoliday({
        'GET /special_events/3': HOLIDAY,
        'PUT /special_events/3/allocations': () => refusal(422, [reason], { 'allocation_ids.1': [reason] }),
      });
      const user = setupUser();
      const dialog = await openAdjust(user);
      await user.click(within(dialog).getByRole('checkbox', { name: 'Hotel' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(messages).toContain(`Special Event not saved. ${reason}`));
      expect(within(dialog).getByRole('alert')).toHaveTextContent(reason);
      expect(within(dialog).getByRole('checkbox', { name: 'Hotel' })).toBeChecked();
      expect(queryDialog('Adjust Allocations: Summer holiday')).not.toBeNull();
    });
  });
});

