import { screen, waitFor, within } from '@testing-library/react';
import SchedulesPage from '../../../src/features/schedules/SchedulesPage';
import type { Schedule } from '../../../src/shared/schemas/schedules';
import type { SinkFund, SinkFundEnvelope } from '../../../src/shared/schemas/sinkFunds';
import { findDialog, openDialog, queryDialog } from '../../support/dialogs';
import { mockFetch, refusal } from '../../support/fetchMock';
import { bankAccount } from '../../support/fixtures';
import { recordMessages } from '../../support/messages';
import { chooseOption } from '../../support/pickers';
import { renderWithProviders, signedInState } from '../../support/render';
import { setupUser } from '../../support/user';

// antd's first render of a dialog is slow in jsdom, more so on a busy machine.
jest.setTimeout(90_000);

const envelope = (fields: Partial<SinkFundEnvelope>): SinkFundEnvelope => ({
  id: 1,
  bank_account_id: 3,
  name: 'Envelope',
  amount: 0,
  target: 0,
  current_balance: 0,
  outstanding: 0,
  comment: null,
  status: 'open',
  transaction_count: 0,
  ...fields,
});

const savings: SinkFund = {
  id: 3,
  name: 'Savings',
  status: 'open',
  current_balance: 0,
  assigned_balance: 0,
  unassigned_balance: 0,
  lock_version: 0,
  sink_fund_allocations: [envelope({ id: 31, name: 'Holiday' }), envelope({ id: 32, name: 'Old car', status: 'closed' }), envelope({ id: 33, name: 'Insurance' })],
};

const rent: Schedule = {
  id: 9,
  description: 'Rent',
  amount: -120_000,
  bank_account_id: 1,
  allocation_category_id: 2,
  allocation_name: 'Rent',
  sink_fund_allocation_id: null,
  frequency: 'monthly',
  every: 1,
  day_of_month: 1,
  start_date: '2026-11-01',
  end_date: null,
  times: null,
  auto_enter: false,
  tolerance: 0,
  next_date: '2026-12-01',
};

const household = (overrides: Record<string, unknown> = {}) => ({
  'GET /bank_accounts': [bankAccount(), bankAccount({ id: 3, name: 'Savings', account_type: 'sink_fund', is_sink_fund: true })],
  'GET /allocation_categories': [
    { id: 1, name: 'Food' },
    { id: 2, name: 'Housing' },
  ],
  'GET /sink_funds': [savings],
  'GET /schedules': [],
  'GET /schedules/upcoming': [],
  ...overrides,
});

function renderPage() {
  const rendered = renderWithProviders(<SchedulesPage />, { path: '/setup/scheduled', preloadedState: signedInState() });
  return { ...rendered, messages: recordMessages(rendered.store) };
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label);

describe('the schedule form', () => {
  it('adds a bill on the last day of every month, paid from an allocation, and sends it as money out', async () => {
    const network = mockFetch(household({ 'POST /schedules': { ...rent, day_of_month: 31 } }));
    const user = setupUser();
    const { messages } = renderPage();
    const dialog = await openDialog(user, 'Add Schedule');
    await user.type(field(dialog, 'Description'), 'Rent');
    await user.type(field(dialog, 'Amount'), '1,200.00');
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Bank Account' }), 'Chequing');
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Allocation Category' }), 'Housing');
    await user.type(field(dialog, 'Allocation'), ' Rent ');
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Day of Month' }), 'Last day of the month');
    await user.type(field(dialog, 'Start Date'), '2026-11-30');
    await user.type(field(dialog, 'Import Match Tolerance'), '5');
    // Envelopes are only for a sink fund's schedules.
    expect(within(dialog).queryByLabelText('Sink Fund Allocation')).not.toBeInTheDocument();
    await user.click(within(dialog).getByText('Save'));

    await waitFor(() => expect(messages).toContain('Schedule saved.'));
    expect(network.find('POST', '/schedules').map((r) => r.body)).toEqual([
      {
        schedule: {
          description: 'Rent',
          amount: -120_000,
          bank_account_id: 1,
          allocation_category_id: 2,
          allocation_name: 'Rent',
          sink_fund_allocation_id: null,
          frequency: 'monthly',
          every: 1,
          day_of_month: 31,
          start_date: '2026-11-30',
          end_date: null,
          times: null,
          auto_enter: false,
          tolerance: 500,
        },
      },
    ]);
    await waitFor(() => expect(queryDialog('Add Schedule')).toBeNull());
  });

  it('asks a weekly schedule for weeks, not a day of the month, and sends money in as a positive amount', async () => {
    const network = mockFetch(household({ 'POST /schedules': { ...rent, frequency: 'weekly', day_of_month: null } }));
    const user = setupUser();
    renderPage();
    const dialog = await openDialog(user, 'Add Schedule');
    await user.type(field(dialog, 'Description'), 'Pocket money back');
    await user.click(within(dialog).getByText('In'));
    await user.type(field(dialog, 'Amount'), '25');
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Bank Account' }), 'Chequing');
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'How Often' }), 'Every week');
    expect(within(dialog).queryByLabelText('Day of Month')).not.toBeInTheDocument();
    const every = field(dialog, 'Every (weeks)');
    await user.clear(every);
    await user.type(every, '2');
    await user.type(field(dialog, 'Start Date'), '2026-11-06');
    await user.type(field(dialog, 'Number of Times'), '10');
    await user.click(within(dialog).getByText('Enter automatically on its day'));
    await user.click(within(dialog).getByText('Save'));

    await waitFor(() => expect(network.find('POST', '/schedules')).toHaveLength(1));
    expect(network.find('POST', '/schedules')[0].body).toEqual({
      schedule: expect.objectContaining({
        amount: 2_500,
        frequency: 'weekly',
        every: 2,
        day_of_month: null,
        allocation_category_id: null,
        allocation_name: null,
        times: 10,
        auto_enter: true,
      }),
    });
  });

  it("offers a sink fund's open envelopes, and a schedule paying into one names no allocation", async () => {
    const network = mockFetch(household({ 'POST /schedules': { ...rent, bank_account_id: 3, sink_fund_allocation_id: 31 } }));
    const user = setupUser();
    renderPage();
    const dialog = await openDialog(user, 'Add Schedule');
    await user.type(field(dialog, 'Description'), 'Holiday saving');
    await user.click(within(dialog).getByText('In'));
    await user.type(field(dialog, 'Amount'), '100');
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Bank Account' }), 'Savings');
    const envelopes = await within(dialog).findByRole('combobox', { name: 'Sink Fund Allocation' });
    await user.click(envelopes);
    const list = document.querySelector<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')!;
    await waitFor(() => expect([...list.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual(['Holiday', 'Insurance']));
    await user.click(within(list).getByTitle('Holiday'));
    await waitFor(() => expect(within(dialog).queryByLabelText('Allocation Category')).not.toBeInTheDocument());
    await user.type(field(dialog, 'Start Date'), '2026-12-01');
    await user.click(within(dialog).getByText('Save'));

    await waitFor(() => expect(network.find('POST', '/schedules')).toHaveLength(1));
    expect(network.find('POST', '/schedules')[0].body).toEqual({
      schedule: expect.objectContaining({ bank_account_id: 3, sink_fund_allocation_id: 31, allocation_category_id: null, allocation_name: null, amount: 10_000 }),
    });
  });

  it('edits a schedule from its stored values, keeping what was typed while the form re-renders, and sends the whole schedule', async () => {
    const network = mockFetch(household({ 'GET /schedules': [rent], 'PUT /schedules/9': { ...rent, amount: -125_000 } }));
    const user = setupUser();
    const { messages } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Rent' }));
    const dialog = await findDialog('Edit Schedule: Rent');
    await waitFor(() => expect(field(dialog, 'Description')).toHaveValue('Rent'));
    expect(field(dialog, 'Allocation')).toHaveValue('Rent');
    const amount = field(dialog, 'Amount');
    await user.clear(amount);
    await user.type(amount, '1,250.00');
    // A field watched by the form re-renders it; what was typed stays.
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'How Often' }), 'Every year');
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'How Often' }), 'Every month');
    expect(field(dialog, 'Amount')).toHaveValue('1250.00');
    await user.click(within(dialog).getByText('Save'));

    await waitFor(() => expect(messages).toContain('Schedule saved.'));
    expect(network.find('PUT', '/schedules/9')[0].body).toEqual({
      schedule: {
        description: 'Rent',
        amount: -125_000,
        bank_account_id: 1,
        allocation_category_id: 2,
        allocation_name: 'Rent',
        sink_fund_allocation_id: null,
        frequency: 'monthly',
        every: 1,
        day_of_month: 1,
        start_date: '2026-11-01',
        end_date: null,
        times: null,
        auto_enter: false,
        tolerance: 0,
      },
    });
  });

  it("keeps the dialog open with what was typed when the server refuses, the reason on its field", async () => {
    const network = mockFetch(
      household({ 'POST /schedules': () => refusal(422, ['End date is before the start date'], { end_date: ['End date is before the start date'] }) }),
    );
    const user = setupUser();
    const { messages } = renderPage();
    const dialog = await openDialog(user, 'Add Schedule');
    await user.type(field(dialog, 'Description'), 'Gym');
    await user.type(field(dialog, 'Amount'), '30');
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Bank Account' }), 'Chequing');
    await user.type(field(dialog, 'Start Date'), '2026-12-01');
    await user.type(field(dialog, 'End Date'), '2026-11-01');
    await user.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(network.find('POST', '/schedules')).toHaveLength(1));

    expect(await within(dialog).findByText('End date is before the start date')).toBeInTheDocument();
    expect(network.find('POST', '/schedules')).toHaveLength(1);
    expect(messages).not.toContain('Schedule saved.');
    expect(field(dialog, 'Description')).toHaveValue('Gym');
    expect(queryDialog('Add Schedule')).not.toBeNull();
  });

  it('refuses to send a schedule without a description or an account', async () => {
    const network = mockFetch(household());
    const user = setupUser();
    renderPage();
    const dialog = await openDialog(user, 'Add Schedule');
    await user.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText("Description can't be blank")).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a bank account')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the first date')).toBeInTheDocument();
    expect(network.find('POST', '/schedules')).toHaveLength(0);
  });
});
