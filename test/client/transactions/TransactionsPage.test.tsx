import { screen, waitFor, within } from '@testing-library/react';
import { WINDOW_CONFLICT_MESSAGE } from '../../../src/shared/schemas/transactions';
import { mockFetch, refusal } from '../../support/fetchMock';
import { waitForGuideAnswers } from '../../support/guide';
import { setupUser } from '../../support/user';
import { chooseOption } from '../../support/pickers';
import { transaction } from './builders';
import { CARD, household, renderTransactions, WINDOW, windowResponse } from './renderTransactions';
import { findDialog } from '../../support/dialogs';

const rowOf = (text: string) => screen.getByDisplayValue(text).closest('tr') as HTMLElement;
const viewRowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const figure = (label: string) => screen.getByLabelText(label).textContent;


describe('Transactions', () => {
  it('opens on the primary budget account and the current budget, and puts both in the URL', async () => {
    const network = mockFetch(household());
    const { router } = renderTransactions();
    expect(await screen.findByText('Supermarket')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?bank_account_id=1&budget_id=7'));
    expect(network.find('GET', '/transactions')[0].search).toBe('?bank_account_id=1&budget_id=7');
    expect(network.find('GET', '/allocations')[0].search).toBe('?budget_id=7');
    // Unpaid rows read red; the allocation shows by name.
    expect(viewRowOf('Mystery charge')).toHaveClass('ec-row--unpaid');
    expect(viewRowOf('Supermarket')).not.toHaveClass('ec-row--unpaid');
    expect(within(viewRowOf('Supermarket')).getByText('Groceries')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Budget' })).toHaveAttribute('href', '/budgets/7');
  });

  it('shows the reconciliation figures of the primary budget account', async () => {
    mockFetch(household());
    renderTransactions();
    await screen.findByText('Supermarket');
    // The account's balance (950.00, as Account Balances shows it) also holds April's rows: Last Bank Balance is
    // that balance without this window's rows, and Current Bank Balance is the account's balance.
    expect(figure('Last Bank Balance')).toBe('1,012.00');
    expect(figure('Transaction Total')).toBe('-62.00');
    expect(figure('Current Bank Balance')).toBe('950.00');
    // Unspent: (600 − 50) + 200 + 1,500 = 2,250.00; the bank holds 950.00.
    expect(figure('Current Budget Balance')).toBe('2,250.00');
    expect(figure('Difference (Bank vs Budget)')).toBe('-1,300.00');
    expect(screen.queryByLabelText('Unpaid Balance')).not.toBeInTheDocument();
  });

  it('shows unpaid figures for a credit card chosen in the URL', async () => {
    mockFetch(household({ 'GET /transactions': windowResponse([transaction({ id: 201, bank_account_id: 2, description: 'Fuel', withdrawal_amount: 5000, status: 'unpaid' })]) }));
    renderTransactions(`/transactions?bank_account_id=${CARD.id}&budget_id=7`);
    await screen.findByText('Fuel');
    expect(figure('Unpaid Balance')).toBe('50.00');
    expect(figure('Current Bank Balance')).toBe('-70.00');
    expect(figure('Unpaid Difference')).toBe('-20.00');
    expect(screen.queryByLabelText('Current Budget Balance')).not.toBeInTheDocument();
  });

  it('totals the selected rows until Clear', async () => {
    mockFetch(household());
    const user = setupUser();
    renderTransactions();
    await screen.findByText('Supermarket');
    await user.click(screen.getByLabelText('Select Supermarket'));
    await user.click(screen.getByLabelText('Select Mystery charge'));
    expect(figure('Selected Transaction Total')).toBe('-62.00');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByLabelText('Selected Transaction Total')).not.toBeInTheDocument();
  });

  it('saves edits, new rows and deletions with the window lock version', async () => {
    const network = mockFetch(household({ 'POST /transactions': windowResponse(WINDOW, 4) }));
    const user = setupUser();
    const { store } = renderTransactions();
    await user.click(await screen.findByRole('button', { name: 'Make Changes' }));

    await chooseOption(user, within(rowOf('Mystery charge')).getByRole('combobox'), 'Restaurants');
    // Choosing an allocation marks the row paid.
    await waitFor(() => expect(rowOf('Mystery charge')).not.toHaveClass('ec-row--unpaid'));
    expect(within(rowOf('Mystery charge')).getByLabelText('Paid?')).toBeChecked();

    await user.click(within(rowOf('Supermarket')).getByRole('button', { name: 'Delete Supermarket' }));
    expect(rowOf('Supermarket')).toHaveClass('ec-row--deleted');
    // Deleted rows leave the totals.
    expect(figure('Transaction Total')).toBe('-12.00');

    await user.click(screen.getByRole('button', { name: 'Add New Transaction' }));
    await user.type(screen.getAllByLabelText('Description').at(-1)!, 'Bakery');
    const withdrawn = within(rowOf('Bakery')).getByLabelText(/^Withdrawn/);
    await user.clear(withdrawn);
    await user.type(withdrawn, '4.5');
    expect(figure('Transaction Total')).toBe('-16.50');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(store.getState().messages.current?.text).toBe('Transactions saved.'));
    const [save] = network.find('POST', '/transactions');
    expect(save.body).toMatchObject({ bank_account_id: 1, budget_id: 7, window_lock_version: 3 });
    const sent = (save.body as { transactions: Record<string, unknown>[] }).transactions;
    expect(sent).toEqual([
      expect.objectContaining({ id: 101, deleted: true }),
      expect.objectContaining({ id: 102, allocation_id: 12, status: 'paid' }),
      expect.objectContaining({ id: null, description: 'Bakery', withdrawal_amount: 450, deposit_amount: 0, status: 'paid' }),
    ]);
    expect(await screen.findByRole('button', { name: 'Make Changes' })).toBeInTheDocument();
  });

  it('sends with a second save the window version the first save returned (any write since is a conflict)', async () => {
    let version = 3;
    const network = mockFetch(
      household({
        'GET /transactions': () => windowResponse(WINDOW, version)(),
        'POST /transactions': () => windowResponse(WINDOW, ++version)(),
      }),
    );
    const user = setupUser();
    renderTransactions();
    for (const [saves, suffix] of [[1, ' X'], [2, ' Y']] as const) {
      await user.click(await screen.findByRole('button', { name: 'Make Changes' }));
      await user.type(within(rowOf('Supermarket')).getByLabelText('Description'), suffix);
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(network.find('POST', '/transactions')).toHaveLength(saves));
    }
    expect(network.find('POST', '/transactions').map((save) => (save.body as { window_lock_version?: number }).window_lock_version)).toEqual([3, 4]);
  });

  it('on a credit card, choosing or clearing an allocation never changes Paid?, and the save sends each row as it was', async () => {
    const rows = [
      transaction({ id: 201, bank_account_id: 2, transaction_date: '2026-03-03', description: 'Fuel', withdrawal_amount: 5000, status: 'unpaid' }),
      transaction({ id: 202, bank_account_id: 2, transaction_date: '2026-03-04', description: 'Cinema', withdrawal_amount: 2000, allocation_id: 12, status: 'paid' }),
    ];
    const network = mockFetch(household({ 'GET /transactions': windowResponse(rows), 'POST /transactions': windowResponse(rows, 4) }));
    const user = setupUser();
    const { store } = renderTransactions(`/transactions?bank_account_id=${CARD.id}&budget_id=7`);
    await user.click(await screen.findByRole('button', { name: 'Make Changes' }));
    await chooseOption(user, within(rowOf('Fuel')).getByRole('combobox'), 'Groceries');
    await waitFor(() => expect(within(rowOf('Fuel')).getByTitle('Groceries')).toBeInTheDocument());
    expect(rowOf('Fuel')).toHaveClass('ec-row--unpaid');
    expect(within(rowOf('Fuel')).getByLabelText('Paid?')).not.toBeChecked();
    await user.click(rowOf('Cinema').querySelector('.ant-select-clear') as HTMLElement);
    await waitFor(() => expect(within(rowOf('Cinema')).queryByTitle('Restaurants')).not.toBeInTheDocument());
    expect(within(rowOf('Cinema')).getByLabelText('Paid?')).toBeChecked();
    expect(figure('Unpaid Balance')).toBe('50.00');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(store.getState().messages.current?.text).toBe('Transactions saved.'));
    const sent = (network.find('POST', '/transactions')[0].body as { transactions: Record<string, unknown>[] }).transactions;
    expect(sent).toEqual([
      expect.objectContaining({ id: 201, allocation_id: 11, status: 'unpaid' }),
      expect.objectContaining({ id: 202, allocation_id: null, status: 'paid' }),
    ]);
  });

  it('after a card payment, proposes the oldest charges adding up to it and marks them paid in one step; the card says what Close will carry', async () => {
    const rows = [
      transaction({ id: 201, bank_account_id: 2, transaction_date: '2026-03-02', description: 'Books', withdrawal_amount: 4000, allocation_id: 11, status: 'unpaid' }),
      transaction({ id: 202, bank_account_id: 2, transaction_date: '2026-03-05', description: 'Fuel', withdrawal_amount: 6000, allocation_id: 12, status: 'unpaid' }),
      transaction({ id: 203, bank_account_id: 2, transaction_date: '2026-03-09', description: 'Shoes', withdrawal_amount: 9000, allocation_id: 13, status: 'unpaid' }),
      transaction({ id: 204, bank_account_id: 2, transaction_date: '2026-03-20', description: 'Deposit - Visa payment', deposit_amount: 10000, status: 'paid' }),
    ];
    const network = mockFetch(household({ 'GET /transactions': windowResponse(rows), 'POST /bank_accounts/2/mark_paid': { marked: 2, window_lock_version: 4 } }));
    const user = setupUser();
    const { store } = renderTransactions(`/transactions?bank_account_id=${CARD.id}&budget_id=7`);
    await screen.findByText('Books');
    // Balance -70.00, unpaid 190.00: the payment covers charges still marked unpaid.
    const month = screen.getByLabelText("This card's month");
    expect(month).toHaveTextContent('The card owes 70.00.');
    expect(month).toHaveTextContent('3 unpaid rows (190.00): Close will carry them into the next month as (B/F) rows dated Apr 01, 2026.');
    expect(month).toHaveTextContent('Payments cover 120.00 of charges still marked unpaid');
    expect(screen.getByRole('button', { name: /Unpaid Difference/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark Charges Paid' }));
    const dialog = await findDialog('Mark Charges Paid');
    expect(within(dialog).getByLabelText('Mark Books paid')).toBeChecked();
    expect(within(dialog).getByLabelText('Mark Fuel paid')).toBeChecked();
    expect(within(dialog).getByLabelText('Mark Shoes paid')).not.toBeChecked();
    expect(within(dialog).getByLabelText('Ticked against the payment')).toHaveTextContent('The ticked charges add up to the payment (100.00).');
    await user.click(within(dialog).getByLabelText('Mark Shoes paid'));
    expect(within(dialog).getByLabelText('Ticked against the payment')).toHaveTextContent('190.00: 90.00 more than the payment');
    await user.click(within(dialog).getByRole('button', { name: 'Propose the oldest charges' }));
    await user.click(within(dialog).getByRole('button', { name: 'Mark 2 Charges Paid' }));
    await waitFor(() => expect(store.getState().messages.current?.text).toBe('Charges marked paid.'));
    expect(network.find('POST', '/bank_accounts/2/mark_paid').map((request) => request.body)).toEqual([{ budget_id: 7, window_lock_version: 3, transaction_ids: [201, 202] }]);
  });

  it("names a carried-forward row's allocation from its own month and says when the charge was made, never an id", async () => {
    const rows = [transaction({ id: 301, bank_account_id: 2, transaction_date: '2026-03-01', description: 'Books (B/F)', withdrawal_amount: 4000, allocation_id: 99, status: 'unpaid', brought_forward_status: 'added', bank_ref: 'R1-BF' })];
    mockFetch(
      household({
        'GET /transactions': windowResponse(rows),
        'GET /bank_accounts/2/carried_forward': [{ transaction_id: 301, original_date: '2026-02-14', allocation_id: 99, allocation_name: 'Groceries', budget_name: 'Feb 01 - Feb 28, 2026' }],
      }),
    );
    renderTransactions(`/transactions?bank_account_id=${CARD.id}&budget_id=7`);
    const row = (await screen.findByText('Books (B/F)')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('Groceries (Feb 01 - Feb 28, 2026)')).toBeInTheDocument();
    expect(row).toHaveTextContent('Carried forward from Feb 14, 2026');
    expect(row).not.toHaveTextContent('#99');
  });

  it('clearing an allocation marks the row unpaid', async () => {
    mockFetch(household());
    const user = setupUser();
    renderTransactions();
    await user.click(await screen.findByRole('button', { name: 'Make Changes' }));
    const row = rowOf('Supermarket');
    const clear = row.querySelector('.ant-select-clear') as HTMLElement;
    await user.click(clear);
    await waitFor(() => expect(rowOf('Supermarket')).toHaveClass('ec-row--unpaid'));
  });

  it('refuses to send a row dated outside the budget', async () => {
    const network = mockFetch(household());
    const user = setupUser();
    renderTransactions();
    await user.click(await screen.findByRole('button', { name: 'Make Changes' }));
    const date = within(rowOf('Supermarket')).getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2026-04-03');
    expect(within(rowOf('Supermarket')).getByText('Date is outside of budget range')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(/1 row needs fixing before saving/)).toBeInTheDocument();
    expect(network.find('POST', '/transactions')).toHaveLength(0);
  });

  it("keeps edit mode and every edit when the server refuses, with the message on the row it names", async () => {
    mockFetch(
      household({
        'POST /transactions': () => refusal(422, ['Row 2 (Mystery charge): allocation is not in this budget'], { 'transactions.1.allocation_id': ['Row 2 (Mystery charge): allocation is not in this budget'] }),
      }),
    );
    const user = setupUser();
    const { store } = renderTransactions();
    await user.click(await screen.findByRole('button', { name: 'Make Changes' }));
    const description = within(rowOf('Mystery charge')).getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Parking');
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));

    // Said once, on the page by the rows (no pop-up as well), each reason a sentence; the row is marked.
    expect(await screen.findByText('Transactions not saved.')).toBeInTheDocument();
    expect(screen.getByText('Row 2 (Mystery charge): allocation is not in this budget.')).toBeInTheDocument();
    expect(store.getState().messages.current).toBeNull();
    expect(rowOf('Parking')).toHaveClass('ec-row--refused');
    const rowError = screen.getAllByText('Row 2 (Mystery charge): allocation is not in this budget').find((node) => node.closest('tr.ec-row-errors'));
    expect(rowError?.closest('tr')?.previousElementSibling).toBe(rowOf('Parking'));
    expect(await screen.findByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
    expect(screen.getByDisplayValue('Parking')).toBeInTheDocument();
  });

  it('offers Reload after a save that conflicts on a row both changed, which brings in the other change with the edits kept on top, then saves with the new version', async () => {
    // Someone else saved the window meanwhile: Supermarket (which this person edits too) and Mystery charge renamed,
    // a row added, version 4.
    let theirs = false;
    let theirReads = 0;
    let saves = 0;
    // The reload's answer waits until the test lets it through: a save clicked meanwhile must not go out.
    let answerReload = () => {};
    const reloadAnswered = new Promise<void>((resolve) => (answerReload = resolve));
    const network = mockFetch(
      household({
        'GET /transactions': async () =>
          theirs
            ? // The first read after the 409 looks for an overlap; Reload's read waits for the test.
              (++theirReads > 1 && (await reloadAnswered),
              windowResponse(
                [
                  ...WINDOW.map((row) =>
                    row.description === 'Mystery charge' ? { ...row, description: 'Mystery charge (theirs)' } : row.description === 'Supermarket' ? { ...row, description: 'Supermarket (theirs)' } : row,
                  ),
                  transaction({ id: 150, description: 'Their coffee' }),
                ],
                4,
              )())
            : windowResponse()(),
        'POST /transactions': () => (++saves === 1 ? refusal(409, [WINDOW_CONFLICT_MESSAGE]) : windowResponse(WINDOW, 5)()),
      }),
    );
    const user = setupUser();
    renderTransactions();
    await user.click(await screen.findByRole('button', { name: 'Make Changes' }));
    await user.type(within(rowOf('Supermarket')).getByLabelText('Description'), ' X');
    theirs = true;
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(WINDOW_CONFLICT_MESSAGE)).toBeInTheDocument();
    expect(screen.getByDisplayValue('Supermarket X')).toBeInTheDocument();
    const reads = network.find('GET', '/transactions').length;
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(network.find('GET', '/transactions').length).toBe(reads + 1));
    await user.click(screen.getByRole('button', { name: /Save Changes/ }));
    expect(network.find('POST', '/transactions')).toHaveLength(1);
    answerReload();
    await waitFor(() => expect(screen.queryByText(WINDOW_CONFLICT_MESSAGE)).not.toBeInTheDocument());
    expect(screen.getByDisplayValue('Supermarket X')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Mystery charge (theirs)')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Their coffee')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(network.find('POST', '/transactions')).toHaveLength(2));
    const second = network.find('POST', '/transactions')[1].body as { window_lock_version: number; transactions: { description: string }[] };
    expect(second.window_lock_version).toBe(4);
    expect(second.transactions.map((row) => row.description)).toEqual(expect.arrayContaining(['Supermarket X', 'Mystery charge (theirs)', 'Their coffee']));
  });

  it("saves over a partner's Quick Add into the account without asking: their row comes in, the save goes again with the new version", async () => {
    let theirs = false;
    let saves = 0;
    const network = mockFetch(
      household({
        'GET /transactions': () => (theirs ? windowResponse([...WINDOW, transaction({ id: 150, description: 'Their coffee' })], 4)() : windowResponse()()),
        'POST /transactions': () => (++saves === 1 ? refusal(409, [WINDOW_CONFLICT_MESSAGE]) : windowResponse(WINDOW, 5)()),
      }),
    );
    const user = setupUser();
    renderTransactions();
    await user.click(await screen.findByRole('button', { name: 'Make Changes' }));
    await user.type(within(rowOf('Supermarket')).getByLabelText('Description'), ' X');
    theirs = true;
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(network.find('POST', '/transactions')).toHaveLength(2));
    expect(await screen.findByRole('button', { name: 'Make Changes' })).toBeInTheDocument();
    expect(screen.queryByText(WINDOW_CONFLICT_MESSAGE)).not.toBeInTheDocument();
    const second = network.find('POST', '/transactions')[1].body as { window_lock_version: number; transactions: { description: string }[] };
    expect(second.window_lock_version).toBe(4);
    expect(second.transactions.map((row) => row.description)).toEqual(expect.arrayContaining(['Supermarket X', 'Their coffee']));
  });

  it('asks "Discard your changes?" on Cancel when there are edits', async () => {
    mockFetch(household());
    const user = setupUser();
    renderTransactions();
    await user.click(await screen.findByRole('button', { name: 'Make Changes' }));
    await user.type(within(rowOf('Supermarket')).getByLabelText('Description'), '!');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await findDialog('Discard your changes?')).getByRole('button', { name: 'No' }));
    expect(screen.getByDisplayValue('Supermarket!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await findDialog('Discard your changes?')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('button', { name: 'Make Changes' })).toBeInTheDocument();
  });

  it('asks before leaving with unsaved edits', async () => {
    mockFetch(household());
    const user = setupUser();
    const { router } = renderTransactions();
    await user.click(await screen.findByRole('button', { name: 'Make Changes' }));
    await user.type(within(rowOf('Supermarket')).getByLabelText('Description'), '!');
    await user.click(screen.getByRole('link', { name: 'Go to Budget' }));
    const question = await findDialog('Leave without saving?');
    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(router.state.location.pathname).toBe('/transactions');
    expect(screen.getByDisplayValue('Supermarket!')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to Budget' }));
    await user.click(within(await findDialog('Leave without saving?')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('heading', { name: 'Budget page' })).toBeInTheDocument();
  });

  it('shows a closed budget read-only: no Make Changes or Transfer, and says how to reopen it', async () => {
    mockFetch(household());
    renderTransactions('/transactions?bank_account_id=1&budget_id=6');
    expect(await screen.findByText('This budget is closed, so its transactions cannot be changed.')).toBeInTheDocument();
    expect(await screen.findByText('Supermarket')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make Changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Transfer' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Budgets' })).toHaveAttribute('href', '/budgets');
    expect(screen.getByText(/Reopen Last Budget/)).toBeInTheDocument();
  });

  it('tags the rows a close wrote and says why, so a negative withdrawal never looks like a typing error', async () => {
    mockFetch(
      household({
        'GET /transactions': windowResponse([
          transaction({ id: 201, description: 'Book shop', withdrawal_amount: 2250, status: 'unpaid', brought_forward_status: 'added', bank_ref: 'R1-BF' }),
          transaction({ id: 202, description: 'Balance B/F Adj Entry', withdrawal_amount: -2250, brought_forward_status: 'adjustment', bank_ref: 'MAN-1' }),
          transaction({ id: 203, description: 'Bakery', withdrawal_amount: 500 }),
        ]),
      }),
    );
    renderTransactions();
    const tag = await screen.findByText('Written by the close');
    expect(viewRowOf('Balance B/F Adj Entry')).toContainElement(tag);
    expect(tag).toHaveAttribute('title', expect.stringContaining('Its negative amount is expected.'));
    expect(within(viewRowOf('Book shop')).getByText('Carried forward')).toHaveAttribute('title', expect.stringContaining('carried into this budget by the last close'));
    expect(viewRowOf('Bakery').querySelector('.ec-close-flag')).toBeNull();
  });

  it('puts the focus in the new row\'s first field after "Add New Transaction"', async () => {
    mockFetch(household());
    const user = setupUser();
    renderTransactions();
    await user.click(await screen.findByRole('button', { name: 'Make Changes' }));
    await user.click(screen.getByRole('button', { name: 'Add New Transaction' }));
    const newRow = screen.getByRole('checkbox', { name: 'Select new row' }).closest('tr') as HTMLElement;
    await waitFor(() => expect(within(newRow).getByLabelText('Date')).toHaveFocus());
  });

  it('Tab from an allocation picker goes to the row\'s Withdrawn amount, not to the picker\'s clear button', async () => {
    mockFetch(household());
    const user = setupUser();
    renderTransactions();
    await user.click(await screen.findByRole('button', { name: 'Make Changes' }));
    const row = rowOf('Supermarket');
    await user.click(within(row).getByRole('combobox', { name: 'Allocation' }));
    await user.keyboard('{Escape}');
    expect(within(row).getByRole('combobox', { name: 'Allocation' })).toHaveFocus();
    await user.tab();
    expect(within(row).getByLabelText(/^Withdrawn/)).toHaveFocus();
  });

  it('guides a new household to set up first, with one message: what setup is missing', async () => {
    mockFetch(household({ 'GET /bank_accounts': [], 'GET /budgets': [], 'GET /budgets/current': () => refusal(404, ['There is no open budget']) }));
    const { store } = renderTransactions();
    expect(await screen.findByRole('link', { name: 'Add your bank accounts' })).toBeInTheDocument();
    expect(screen.getByText('Finish setting up your household first:')).toBeInTheDocument();
    await waitForGuideAnswers(store);
    expect(screen.queryByRole('note', { name: 'Next step' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make Changes' })).not.toBeInTheDocument();
  });

  it('offers the guided start\'s budget step once setup is done and there is no budget yet', async () => {
    mockFetch(household({ 'GET /budgets': [], 'GET /budgets/current': () => refusal(404, ['There is no open budget']) }));
    renderTransactions();
    const next = await screen.findByRole('note', { name: 'Next step' });
    expect(next).toHaveTextContent('There is no budget yet');
    expect(next).toHaveTextContent('Guided start step 2 of 4: Plan your first month');
    expect(screen.queryByText('Finish setting up your household first:')).not.toBeInTheDocument();
  });
});
