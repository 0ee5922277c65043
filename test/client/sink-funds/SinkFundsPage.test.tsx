import { configure, screen, waitFor, within } from '@testing-library/react';
import SinkFundsPage from '../../../src/features/sink-funds/SinkFundsPage';
import { transactionsApi } from '../../../src/features/transactions/transactionsApi';
import type { SinkFund } from '../../../src/shared/schemas/sinkFunds';
import { SINK_FUND_CONFLICT_MESSAGE } from '../../../src/shared/schemas/sinkFunds';
import { mockFetch, refusal, type RecordedRequest } from '../../support/fetchMock';
import { renderWithProviders, signedInState } from '../../support/render';
import { cancelAndAnswer } from '../../support/closeWithoutSaving';
import { findDialog } from '../../support/dialogs';
import { setupUser } from '../../support/user';
import { chooseOption } from '../../support/pickers';
import { recordMessages } from '../../support/messages';
import { transaction } from '../transactions/builders';
import { billsFund, envelope, savingsFund } from './fixtures';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(60_000);

const figure = (label: string) => screen.getByLabelText(label).textContent;
const table = () => screen.getByRole('table', { name: 'Sink Fund Allocations' });
const rowOf = (name: string) => within(table()).getByText(name, { selector: '.ec-envelope-title' }).closest('tr') as HTMLElement;
const inputRow = (value: string) => within(table()).getByDisplayValue(value).closest('tr') as HTMLElement;

function household(routes: Record<string, unknown> = {}) {
  return mockFetch({
    'GET /sink_funds': [savingsFund(), billsFund()],
    'GET /sink_funds/5': savingsFund(),
    'GET /sink_funds/6': billsFund(),
    ...routes,
  });
}

function renderPage(url = '/sink-funds') {
  const rendered = renderWithProviders(<SinkFundsPage />, {
    path: '/sink-funds',
    url,
    preloadedState: signedInState(),
    routes: [{ path: '/transactions', element: <h1>Transactions page</h1> }],
  });
  return { ...rendered, messages: recordMessages(rendered.store) };
}

/** An antd dialog by its title (the first one to open in a file waits for antd's modal code). */
const dialogTitled = (title: string) => findDialog(title, { timeout: 20_000 });


async function startEditing(user: ReturnType<typeof setupUser>) {
  await user.click(await screen.findByRole('button', { name: 'Make Changes' }));
  await screen.findByRole('button', { name: 'Save Changes' });
}

describe('Sink Funds', () => {
  it('opens the first sink fund, puts it in the URL, and shows the balance, Unassigned Money and each envelope', async () => {
    const network = household();
    const { router } = renderPage();
    await screen.findByText('Car');
    await waitFor(() => expect(router.state.location.search).toBe('?bank_account_id=5'));
    expect(network.find('GET', '/sink_funds/5')).toHaveLength(1);
    expect(figure('Sink Fund Account Balance')).toBe('1,550.00');
    expect(figure('Unassigned Money')).toBe('1,180.00');

    const car = rowOf('Car');
    expect(car).toHaveTextContent('300.00');
    expect(car).toHaveTextContent('500.00');
    expect(car).toHaveTextContent('service in May');
    // Under its target is a shortfall, not a debt: marked, but not in the debt's red.
    expect(within(car).getByText('-200.00')).toHaveClass('ec-money--short');
    expect(within(car).getByText('-200.00')).not.toHaveClass('ec-money--negative');
    expect(within(car).getByRole('progressbar', { name: 'Car towards its target' })).toHaveAttribute('aria-valuenow', '60');
    expect(within(rowOf('Christmas')).getByText('No target')).toBeInTheDocument();
    // The closed envelope is hidden, but its money still counts so the sum adds up to the balance.
    expect(within(table()).queryByText('Insurance')).not.toBeInTheDocument();
    expect(figure('Total Balance')).toBe('350.00');
    expect(figure('How the balance adds up')).toBe(
      'Envelopes 370.00 (20.00 of it in 1 closed envelope not shown) + Unassigned Money 1,180.00 = Sink Fund Account Balance 1,550.00',
    );
    expect(screen.getByRole('link', { name: 'View Transactions' })).toHaveAttribute('href', '/transactions?bank_account_id=5');
  });

  it('shows closed envelopes when asked', async () => {
    household();
    renderPage();
    const user = setupUser();
    await screen.findByText('Car');
    await user.click(screen.getByRole('checkbox', { name: 'Show Closed Envelopes?' }));
    const insurance = rowOf('Insurance');
    expect(insurance).toHaveTextContent('Closed');
    expect(insurance).toHaveClass('ec-row--closed');
    expect(figure('Total Balance')).toBe('370.00');
    expect(figure('How the balance adds up')).toBe('Envelopes 370.00 + Unassigned Money 1,180.00 = Sink Fund Account Balance 1,550.00');
  });

  it('opens the transactions behind an envelope balance', async () => {
    const network = household({
      'GET /transactions/by_sink_fund_allocation': [
        transaction({ id: 2, transaction_date: '2026-03-06', description: 'Top up', deposit_amount: 10_000, net_amount: 10_000, sink_fund_allocation_id: 11 }),
        transaction({ id: 1, transaction_date: '2026-03-05', description: 'Opening pot', deposit_amount: 20_000, net_amount: 20_000, sink_fund_allocation_id: 11 }),
      ],
    });
    renderPage();
    const user = setupUser();
    await screen.findByText('Car');
    await user.click(screen.getByRole('button', { name: 'Transactions for Car' }));
    const dialog = await dialogTitled('Transactions for Car');
    expect(await within(dialog).findByText('Top up')).toBeInTheDocument();
    expect(within(dialog).getByText('Total').closest('tr')).toHaveTextContent('300.00');
    expect(network.find('GET', '/transactions/by_sink_fund_allocation')[0].search).toBe('?sink_fund_allocation_id=11');
  });

  it('renames, retargets, adds and closes envelopes with live totals, and saves them in one PUT', async () => {
    let sent: RecordedRequest | undefined;
    const saved = savingsFund({
      lock_version: 5,
      sink_fund_allocations: [
        envelope(11, 'Car', 30_000, 40_000),
        envelope(12, 'Christmas', 5_000, 0, { status: 'closed' }),
        envelope(14, 'Holiday', 0, 100_000),
        envelope(13, 'Insurance', 2_000, 20_000, { status: 'closed' }),
      ],
    });
    household({
      'GET /sink_funds/5': () => ({ body: sent ? saved : savingsFund() }),
      'PUT /sink_funds/5': (request: RecordedRequest) => {
        sent = request;
        return { body: saved };
      },
    });
    const { messages } = renderPage();
    const user = setupUser();
    await screen.findByText('Car');
    await startEditing(user);

    // An envelope with transactions cannot be deleted, only closed.
    expect(within(inputRow('Car')).getByRole('button', { name: 'Delete Car' })).toBeDisabled();
    const target = within(inputRow('Car')).getByLabelText('Target for Car');
    await user.clear(target);
    await user.type(target, '400');
    expect(figure('Total Target')).toBe('400.00');
    await user.selectOptions(within(inputRow('Christmas')).getByLabelText('Status of Christmas'), 'closed');
    // Closed during this edit: still in view until saved.
    expect(inputRow('Christmas')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Envelope' }));
    const names = within(table()).getAllByLabelText('Envelope name');
    await user.type(names[names.length - 1], 'Holiday');
    await user.type(within(inputRow('Holiday')).getByLabelText('Target for Holiday'), '1,000');
    expect(figure('Total Target')).toBe('1,400.00');
    expect(figure('Total Outstanding')).toBe('-1,100.00');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await screen.findByRole('button', { name: 'Make Changes' });
    expect(sent?.body).toEqual({
      lock_version: 4,
      sink_fund_allocations: [
        { id: 11, name: 'Car', target: 40_000, comment: 'service in May', status: 'open', deleted: false },
        { id: 12, name: 'Christmas', target: 0, comment: '', status: 'closed', deleted: false },
        { id: 13, name: 'Insurance', target: 20_000, comment: '', status: 'closed', deleted: false },
        { id: 0, name: 'Holiday', target: 100_000, comment: '', status: 'open', deleted: false },
      ],
    });
    expect(messages).toContain('Sink fund saved.');
    expect(rowOf('Holiday')).toHaveTextContent('1,000.00');
    expect(within(table()).queryByText('Christmas')).not.toBeInTheDocument();
  });

  it('sends with a second save the lock_version the first save returned (any write since is a conflict)', async () => {
    let version = 4;
    const network = household({
      'GET /sink_funds/5': () => ({ body: savingsFund({ lock_version: version }) }),
      'PUT /sink_funds/5': () => ({ body: savingsFund({ lock_version: ++version }) }),
    });
    renderPage();
    const user = setupUser();
    await screen.findByText('Car');
    for (const [saves, target] of [[1, '400'], [2, '450']] as const) {
      await startEditing(user);
      const field = within(inputRow('Car')).getByLabelText('Target for Car');
      await user.clear(field);
      await user.type(field, target);
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      await screen.findByRole('button', { name: 'Make Changes' });
      await waitFor(() => expect(network.find('PUT', '/sink_funds/5')).toHaveLength(saves));
    }
    expect(network.find('PUT', '/sink_funds/5').map((save) => (save.body as { lock_version: number }).lock_version)).toEqual([4, 5]);
  });

  it('keeps every edit after a refused save and shows each refusal on its row', async () => {
    let attempts = 0;
    household({
      'PUT /sink_funds/5': () => {
        attempts += 1;
        return refusal(422, ["Name can't be blank"], { 'sink_fund_allocations.3.name': ["Name can't be blank"] });
      },
    });
    const { messages } = renderPage();
    const user = setupUser();
    await screen.findByText('Car');
    await startEditing(user);
    await user.type(within(inputRow('Christmas')).getByLabelText('Comment for Christmas'), 'gifts');
    await user.click(screen.getByRole('button', { name: 'Add Envelope' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    // Said once, on the page by its rows: no pop-up repeats it.
    expect(await screen.findByText('Sink fund not saved.')).toBeInTheDocument();
    expect(messages).toEqual([]);
    expect(attempts).toBe(1);
    // Right after the answer antd still names the button with its loading icon for a moment.
    expect(await screen.findByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
    expect(within(table()).getByDisplayValue('gifts')).toBeInTheDocument();
    const blankRow = within(table()).getAllByLabelText('Envelope name').find((input) => (input as HTMLInputElement).value === '')!.closest('tr')!;
    expect(within(blankRow).getByRole('alert')).toHaveTextContent("Name can't be blank");
  });

  it('offers Reload after someone else saved first, keeps the edits on top and saves with the new lock_version', async () => {
    const requests: RecordedRequest[] = [];
    let reads = 0;
    const theirs = savingsFund({ lock_version: 6, sink_fund_allocations: [envelope(11, 'Car', 30_000, 50_000), envelope(12, 'Christmas fund', 5_000, 0)] });
    household({
      'GET /sink_funds/5': () => {
        reads += 1;
        return { body: reads === 1 ? savingsFund() : theirs };
      },
      'PUT /sink_funds/5': (request: RecordedRequest) => {
        requests.push(request);
        return requests.length === 1 ? refusal(409, [SINK_FUND_CONFLICT_MESSAGE]) : { body: theirs };
      },
    });
    renderPage();
    const user = setupUser();
    await screen.findByText('Car');
    await startEditing(user);
    const target = within(inputRow('Car')).getByLabelText('Target for Car');
    await user.clear(target);
    await user.type(target, '650');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText(SINK_FUND_CONFLICT_MESSAGE, { selector: '.ant-alert-title, .ant-alert-message, div' });
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await within(table()).findByDisplayValue('Christmas fund')).toBeInTheDocument();
    expect(within(inputRow('Car')).getByLabelText('Target for Car')).toHaveValue('650.00');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByRole('button', { name: 'Make Changes' });
    expect(requests[1].body).toMatchObject({ lock_version: 6, sink_fund_allocations: [{ id: 11, target: 65_000 }, { id: 12, name: 'Christmas fund' }] });
  });

  it('moves money between two envelopes and shows the new balances', async () => {
    let sent: RecordedRequest | undefined;
    const after: SinkFund = savingsFund({
      sink_fund_allocations: [envelope(11, 'Car', 20_000, 50_000), envelope(12, 'Christmas', 15_000, 0), envelope(13, 'Insurance', 2_000, 20_000, { status: 'closed' })],
    });
    household({
      'GET /sink_funds/5': () => ({ body: sent ? after : savingsFund() }),
      'POST /sink_funds/5/transfer_allocation': (request: RecordedRequest) => {
        sent = request;
        return { body: after };
      },
    });
    const { messages } = renderPage();
    const user = setupUser();
    await screen.findByText('Car');
    await user.click(screen.getByRole('button', { name: 'Transfer Money' }));
    const dialog = await dialogTitled('Transfer Money');
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'From' }), 'Car (300.00)');
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'To' }), 'Christmas (50.00)');
    await user.clear(within(dialog).getByLabelText('Amount'));
    await user.type(within(dialog).getByLabelText('Amount'), '100');
    expect(within(dialog).getByLabelText('Resulting balances')).toHaveTextContent('Car after the transfer200.00Christmas after the transfer150.00');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(messages).toContain('Transfer completed.'));
    expect(sent?.body).toEqual({ existing_allocation_id: 11, new_allocation_id: 12, amount: 10_000 });
    await waitFor(() => expect(rowOf('Car')).toHaveTextContent('200.00'));
    expect(rowOf('Christmas')).toHaveTextContent('150.00');
  });

  it('opens Transfer Money with the focus in From, and asks "Close without saving?" before Cancel drops an amount', async () => {
    const network = household();
    renderPage();
    const user = setupUser();
    await screen.findByText('Car');
    await user.click(screen.getByRole('button', { name: 'Transfer Money' }));
    const dialog = await dialogTitled('Transfer Money');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'From' })).toHaveFocus());
    await user.click(within(dialog).getByLabelText('Amount'));
    await user.keyboard('40');
    await cancelAndAnswer(user, dialog, 'No', 'this transfer');
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('40.00');
    await cancelAndAnswer(user, dialog, 'Yes', 'this transfer');
    await waitFor(() => expect(screen.queryByText('Transfer Money', { selector: '.ant-modal-title' })).not.toBeInTheDocument());
    expect(network.find('POST', '/sink_funds/5/transfer_allocation')).toHaveLength(0);
    // Nothing chosen or typed: Cancel closes at once.
    await user.click(screen.getByRole('button', { name: 'Transfer Money' }));
    await user.click(within(await dialogTitled('Transfer Money')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Transfer Money', { selector: '.ant-modal-title' })).not.toBeInTheDocument());
    expect(screen.queryByText('Close without saving?')).not.toBeInTheDocument();
  });

  it("keeps the dialog open with the server's reason when a move is refused", async () => {
    household({ 'POST /sink_funds/5/transfer_allocation': () => refusal(422, ['Amount must be greater than 0'], { amount: ['Amount must be greater than 0'] }) });
    renderPage();
    const user = setupUser();
    await screen.findByText('Car');
    await user.click(screen.getByRole('button', { name: 'Transfer Money' }));
    const dialog = await dialogTitled('Transfer Money');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByText('Amount must be greater than 0')).toBeInTheDocument();
    expect(screen.getByText('Transfer Money', { selector: '.ant-modal-title' })).toBeInTheDocument();
  });

  it('refreshes the envelope balances when a transactions window save moves money', async () => {
    let reads = 0;
    household({
      'GET /sink_funds/5': () => {
        reads += 1;
        return { body: reads === 1 ? savingsFund() : savingsFund({ sink_fund_allocations: [envelope(11, 'Car', 45_000, 50_000)] }) };
      },
      'POST /transactions': { body: [] },
    });
    const { store } = renderPage();
    await screen.findByText('Car');
    expect(rowOf('Car')).toHaveTextContent('300.00');
    await store.dispatch(transactionsApi.endpoints.saveTransactionWindow.initiate({ bank_account_id: 5, budget_id: 7, transactions: [] }));
    await waitFor(() => expect(rowOf('Car')).toHaveTextContent('450.00'));
    expect(reads).toBe(2);
  });

  it('explains how to start when the household has no sink fund account', async () => {
    mockFetch({ 'GET /sink_funds': [] });
    renderPage();
    expect(await screen.findByText(/There is no sink fund account yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a bank account' })).toHaveAttribute('href', '/setup/bank-accounts');
  });

  it('switches account through the picker, and says so when the address names no sink fund', async () => {
    household();
    const { router } = renderPage('/sink-funds?bank_account_id=99');
    const user = setupUser();
    expect(await screen.findByText('That sink fund account was not found. Choose one above.')).toBeInTheDocument();
    await chooseOption(user, screen.getByRole('combobox', { name: 'Sink Fund Account' }), 'Bills');
    await waitFor(() => expect(router.state.location.search).toBe('?bank_account_id=6'));
    expect(await screen.findByText(/No envelopes yet/)).toBeInTheDocument();
  });
});
