import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, refusal } from '../../support/fetchMock';
import { setupUser } from '../../support/user';
import { findDialog, HOLIDAY, household, queryDialog, renderSpecialEvents, specialEvent, WEDDING } from './fixtures';

const rowOf = (name: string) => screen.getByText(name, { selector: 'a' }).closest('tr') as HTMLElement;

describe('Special Events list', () => {
  it('shows each event with its start date, budget, actual and difference, red when over budget', async () => {
    mockFetch(household());
    renderSpecialEvents('/special-events');
    await screen.findByText('Wedding', { selector: 'a' });
    expect(rowOf('Wedding')).toHaveTextContent('May 08, 2027');
    // The wedding spent 25.00 against a budget of 10.00: 15.00 over.
    const wedding = within(rowOf('Wedding'));
    expect(wedding.getByText('10.00')).toBeInTheDocument();
    expect(wedding.getByText('25.00')).toBeInTheDocument();
    expect(wedding.getByText('-15.00')).toHaveClass('ec-money--negative');
    // The holiday spent 800.00 of 1,000.00: 200.00 left, not red.
    const holiday = within(rowOf('Summer holiday'));
    expect(holiday.getByText('800.00')).toBeInTheDocument();
    expect(holiday.getByText('200.00')).not.toHaveClass('ec-money--negative');
    const names = screen.getAllByRole('link').map((link) => link.textContent);
    expect(names).toEqual(['Wedding', 'Summer holiday']);
  });

  it('opens an event from View', async () => {
    mockFetch(household());
    const user = setupUser();
    const { router } = renderSpecialEvents('/special-events');
    await screen.findByText('Wedding', { selector: 'a' });
    await user.click(screen.getByRole('button', { name: 'View Summer holiday' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/special-events/3'));
  });

  it('explains how to start when there are no events', async () => {
    mockFetch(household({ 'GET /special_events': [] }));
    renderSpecialEvents('/special-events');
    expect(await screen.findByText(/No special events yet/)).toBeInTheDocument();
  });

  it('offers Retry when the list fails to load', async () => {
    let attempts = 0;
    mockFetch(household({ 'GET /special_events': () => (++attempts === 1 ? refusal(500, ['Something went wrong on the server (request 7).']) : { body: [HOLIDAY] }) }));
    const user = setupUser();
    renderSpecialEvents('/special-events');
    await screen.findByText('Something went wrong on the server (request 7).');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Summer holiday', { selector: 'a' })).toBeInTheDocument();
  });

  it('adds an event: name required, budget amount in cents, the date or none, sent nested under special_event', async () => {
    const created = specialEvent({ id: 5, name: 'Move', budget_amount: 123456, start_date: '2026-10-01' });
    let list = [WEDDING, HOLIDAY];
    const network = mockFetch(
      household({
        'GET /special_events': () => ({ body: list }),
        'POST /special_events': () => {
          list = [created, ...list];
          return { status: 201, body: created };
        },
      }),
    );
    const user = setupUser();
    const { messages } = renderSpecialEvents('/special-events');
    await screen.findByText('Wedding', { selector: 'a' });
    await user.click(screen.getByRole('button', { name: 'Add Special Event' }));
    const dialog = await findDialog('Add Special Event');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText("Name can't be blank")).toBeInTheDocument();
    const amount = within(dialog).getByLabelText('Budget Amount');
    await user.clear(amount);
    await user.type(amount, '-5');
    await user.type(within(dialog).getByLabelText('Name'), 'Move');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Budget Amount must not be negative')).toBeInTheDocument();
    expect(network.find('POST', '/special_events')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '1,234.56');
    await user.type(within(dialog).getByLabelText('Start Date'), '2026-10-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messages).toContain('Special Event saved.'));
    expect(network.find('POST', '/special_events')[0].body).toEqual({
      special_event: { name: 'Move', budget_amount: 123456, start_date: '2026-10-01' },
    });
    expect(await screen.findByText('Move', { selector: 'a' })).toBeInTheDocument();
    await waitFor(() => expect(queryDialog('Add Special Event')).toBeNull());
  });

  it("edits an event, sending no date when it is cleared, and keeps the dialog open with the server's reason on refusal", async () => {
    let refuse = true;
    const network = mockFetch(
      household({
        'PUT /special_events/3': () => (refuse ? refusal(422, ['Name is too long (200 characters at most)'], { name: ['Name is too long (200 characters at most)'] }) : { body: HOLIDAY }),
      }),
    );
    const user = setupUser();
    const { messages } = renderSpecialEvents('/special-events');
    await screen.findByText('Wedding', { selector: 'a' });
    await user.click(screen.getByRole('button', { name: 'Edit Summer holiday' }));
    const dialog = await findDialog('Edit Special Event: Summer holiday');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Summer holiday');
    expect(within(dialog).getByLabelText('Budget Amount')).toHaveValue('1000.00');
    await user.clear(within(dialog).getByLabelText('Start Date'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(messages).toContain('Special Event not saved. Name is too long (200 characters at most).'));
    expect(await within(dialog).findByText('Name is too long (200 characters at most)')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Start Date')).toHaveValue('');
    expect(network.find('PUT', '/special_events/3')[0].body).toEqual({ special_event: { name: 'Summer holiday', budget_amount: 100000, start_date: null } });

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messages).toContain('Special Event saved.'));
  });

  it('deletes an event only after Yes', async () => {
    let list = [WEDDING, HOLIDAY];
    const network = mockFetch(
      household({
        'GET /special_events': () => ({ body: list }),
        'DELETE /special_events/4': () => {
          list = [HOLIDAY];
          return { body: { success: true } };
        },
      }),
    );
    const user = setupUser();
    const { messages } = renderSpecialEvents('/special-events');
    await screen.findByText('Wedding', { selector: 'a' });

    await user.click(screen.getByRole('button', { name: 'Delete Wedding' }));
    let question = await findDialog('Delete Special Event?');
    expect(question).toHaveTextContent("Are you sure you want to delete 'Wedding'?");
    await user.click(within(question).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(queryDialog('Delete Special Event?')).toBeNull());
    expect(network.find('DELETE', '/special_events/4')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Wedding' }));
    question = await findDialog('Delete Special Event?');
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(messages).toContain('Special Event deleted.'));
    await waitFor(() => expect(screen.queryByText('Wedding', { selector: 'a' })).not.toBeInTheDocument());
    expect(network.find('DELETE', '/special_events/4')).toHaveLength(1);
  });

  it("shows the server's reason when a delete is refused", async () => {
    mockFetch(household({ 'DELETE /special_events/4': () => refusal(404, ['Special event not found']) }));
    const user = setupUser();
    const { messages } = renderSpecialEvents('/special-events');
    await screen.findByText('Wedding', { selector: 'a' });
    await user.click(screen.getByRole('button', { name: 'Delete Wedding' }));
    await user.click(within(await findDialog('Delete Special Event?')).getByRole('button', { name: 'Yes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Special Event not deleted. Special event not found.');
    expect(messages.filter((text) => text.includes('not deleted'))).toEqual([]);
  });
});
