import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { mockFetch, refusal, type RecordedRequest } from '../../support/fetchMock';
import { cancelAndAnswer } from '../../support/closeWithoutSaving';
import { setupUser } from '../../support/user';
import { transaction } from './builders';
import { CHEQUING, household, renderTransactions, windowResponse } from './renderTransactions';
import { findDialog } from '../../support/dialogs';

const fixture = (name: string) => readFileSync(path.join(__dirname, '../../fixtures', name), 'utf8');
const WINDOW_WITH_REF = [transaction({ id: 301, transaction_date: '2026-03-01', description: 'REWE', withdrawal_amount: 4520, bank_ref: 'BR-0001', allocation_id: 11 })];

async function openImport(user: ReturnType<typeof setupUser>) {
  await user.click(await screen.findByRole('button', { name: 'Make Changes' }));
  await user.click(screen.getByRole('button', { name: 'Import Transactions' }));
  return findDialog('Import Transactions');
}

describe('Import Transactions', () => {
  it('asks "Close without saving?" before Cancel drops pasted text: No keeps it, Yes closes', async () => {
    mockFetch(household());
    const user = setupUser();
    renderTransactions();
    const dialog = await openImport(user);
    fireEvent.change(within(dialog).getByLabelText('Pasted text'), { target: { value: 'Book shop,2026-03-10,22.50' } });
    await cancelAndAnswer(user, dialog, 'No', 'this import');
    expect(within(dialog).getByLabelText('Pasted text')).toHaveValue('Book shop,2026-03-10,22.50');
    await cancelAndAnswer(user, dialog, 'Yes', 'this import');
    await waitFor(() => expect(screen.queryByText('Import Transactions', { selector: '.ant-modal-title' })).not.toBeInTheDocument());
  });

  it('maps a pasted CSV, appends the rows for review, flags duplicates and rows outside the budget, and remembers the mapping', async () => {
    const network = mockFetch(
      household({
        'GET /transactions': windowResponse(WINDOW_WITH_REF),
        'PUT /bank_accounts/1': (request: RecordedRequest) => ({ body: { ...CHEQUING, ...(request.body as object) } }),
        'POST /transactions': windowResponse(WINDOW_WITH_REF, 4),
      }),
    );
    const user = setupUser();
    const { store } = renderTransactions();
    const dialog = await openImport(user);
    fireEvent.change(within(dialog).getByLabelText('Pasted text'), { target: { value: fixture('bank-export.csv') } });
    await user.click(within(dialog).getByRole('button', { name: 'Read Text' }));

    expect(within(dialog).getByText('CSV')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Delimiter')).toHaveValue(';');
    expect(within(dialog).getByLabelText('Date format')).toHaveValue('DD.MM.YYYY');
    expect(within(dialog).getByLabelText('Decimal comma')).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Add 5 Rows' }));

    expect(await screen.findByText('5 rows read: 3 added, 1 outside the budget period, 1 duplicate.')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Apotheke am Markt').closest('tr')).toHaveClass('ec-row--deleted');
    expect(within(screen.getByDisplayValue('Apotheke am Markt').closest('tr')!).getByText('Outside budget period')).toBeInTheDocument();
    expect(within(screen.getByDisplayValue('REWE Markt Berlin').closest('tr')!).getByText('Duplicate')).toBeInTheDocument();
    // The window's -45.20 plus the three new rows: +3,250.00 −1,100.00 −82.15.
    expect(screen.getByLabelText('Transaction Total').textContent).toBe('2,022.65');

    await waitFor(() => expect(network.find('PUT', '/bank_accounts/1')).toHaveLength(1));
    const saved = network.find('PUT', '/bank_accounts/1')[0].body as { name: string; import_settings: string };
    expect(saved.name).toBe('Chequing');
    expect(JSON.parse(saved.import_settings).csv).toMatchObject({ delimiter: ';', dateFormat: 'DD.MM.YYYY', decimalComma: true, amountColumn: 2 });

    // Nothing was saved until Save Changes; then only the rows kept are sent.
    expect(network.find('POST', '/transactions')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(store.getState().messages.current?.text).toBe('Transactions saved.'));
    const sent = (network.find('POST', '/transactions')[0].body as { transactions: { id: number | null; description: string; bank_ref: string | null }[] }).transactions;
    expect(sent.map((row) => [row.id, row.description, row.bank_ref])).toEqual([
      [301, 'REWE', 'BR-0001'],
      [null, 'Gehalt März', 'BR-0002'],
      [null, 'Miete; Wohnung 3', 'BR-0003'],
      [null, 'Stadtwerke Strom', 'BR-0004'],
    ]);
  });

  it("uses the account's remembered mapping for its next file", async () => {
    const mapping = { delimiter: ',', hasHeader: false, dateColumn: 1, dateFormat: 'YYYY-MM-DD', descriptionColumn: 0, amountMode: 'single', amountColumn: 2, negativeMeans: 'deposit', withdrawalColumn: 2, depositColumn: 2, decimalComma: false, bankRefColumn: null };
    const network = mockFetch(household({ 'GET /bank_accounts': [{ ...CHEQUING, import_settings: JSON.stringify({ csv: mapping }) }] }));
    const user = setupUser();
    renderTransactions();
    const dialog = await openImport(user);
    fireEvent.change(within(dialog).getByLabelText('Pasted text'), { target: { value: 'Card refund,2026-03-09,-15.00\nBook shop,2026-03-10,22.50\n' } });
    await user.click(within(dialog).getByRole('button', { name: 'Read Text' }));
    expect(within(dialog).getByText(/using the mapping remembered for this account/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 Rows' }));
    expect(await screen.findByText('2 rows read: 2 added, 0 outside the budget period, 0 duplicates.')).toBeInTheDocument();
    const refund = screen.getByDisplayValue('Card refund').closest('tr')!;
    expect(within(refund).getByLabelText(/^Deposited/)).toHaveValue('15.00');
    // The mapping did not change, so the account is not written.
    expect(network.find('PUT', '/bank_accounts/1')).toHaveLength(0);
  });

  it('reads an OFX file chosen from disk', async () => {
    mockFetch(household());
    const user = setupUser();
    renderTransactions();
    const dialog = await openImport(user);
    await user.upload(within(dialog).getByLabelText('Bank file'), new File([fixture('statement.ofx')], 'statement.ofx', { type: 'application/x-ofx' }));
    expect(await within(dialog).findByText('OFX / QFX')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add 3 Rows' }));
    expect(await screen.findByDisplayValue('MORTGAGE PAYMENT')).toBeInTheDocument();
    expect(screen.getByText('3 rows read: 3 added, 0 outside the budget period, 0 duplicates.')).toBeInTheDocument();
  });
});

describe('Bank Account Transfer', () => {
  it('keeps an Amount clicked and typed: 500 is 500.00, not 0.00500 (a 0.01 transfer)', async () => {
    mockFetch(household());
    const user = setupUser();
    renderTransactions();
    await user.click(await screen.findByRole('button', { name: 'Transfer' }));
    const dialog = await findDialog('Bank Account Transfer');
    const amount = within(dialog).getByLabelText('Amount');
    await user.click(amount);
    await user.keyboard('500');
    expect(within(dialog).getByText('Chequing after the transfer').nextSibling?.textContent).toBe('450.00');
    await user.tab();
    expect(amount).toHaveValue('500.00');
  });

  it('opens with the focus in From, and asks "Close without saving?" before Cancel drops a description', async () => {
    const network = mockFetch(household());
    const user = setupUser();
    renderTransactions();
    await user.click(await screen.findByRole('button', { name: 'Transfer' }));
    const dialog = await findDialog('Bank Account Transfer');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'From' })).toHaveFocus());
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Pay the card' } });
    await cancelAndAnswer(user, dialog, 'No', 'this transfer');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Pay the card');
    await cancelAndAnswer(user, dialog, 'Yes', 'this transfer');
    await waitFor(() => expect(screen.queryByText('Bank Account Transfer', { selector: '.ant-modal-title' })).not.toBeInTheDocument());
    expect(network.find('POST', '/bank_accounts/1/transfer')).toHaveLength(0);
  });

  it('sends the transfer and says so', async () => {
    const network = mockFetch(household({ 'POST /bank_accounts/1/transfer': { withdrawal: {}, deposit: {} } }));
    const user = setupUser();
    const { store } = renderTransactions();
    await user.click(await screen.findByRole('button', { name: 'Transfer' }));
    const dialog = await findDialog('Bank Account Transfer');
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Pay the card' } });
    const amount = within(dialog).getByLabelText('Amount');
    await user.clear(amount);
    await user.type(amount, '25');
    // Each account's balance after the transfer: 950.00 − 25 and −70.00 + 25.
    expect(within(dialog).getByText('Chequing after the transfer').nextSibling?.textContent).toBe('925.00');
    expect(within(dialog).getByText('Visa after the transfer').nextSibling?.textContent).toBe('-45.00');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(store.getState().messages.current?.text).toBe('Transfer completed.'));
    expect(network.find('POST', '/bank_accounts/1/transfer')[0].body).toMatchObject({ to: 2, amount: 2500, description: 'Pay the card', budget_id: 7, from_allocation: null, to_allocation: null });
  });

  it("shows the server's refusal inside the dialog", async () => {
    mockFetch(household({ 'POST /bank_accounts/1/transfer': () => refusal(422, ['Amount must be greater than 0']) }));
    const user = setupUser();
    renderTransactions();
    await user.click(await screen.findByRole('button', { name: 'Transfer' }));
    const dialog = await findDialog('Bank Account Transfer');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByText('Amount must be greater than 0')).toBeInTheDocument();
  });
});
