import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, refusal, type RecordedRequest } from '../../support/fetchMock';
import { today } from '../../../src/shared/dates';
import { defaultOpeningDate } from '../../../src/shared/openingBalance';
import { bankAccount } from '../../support/fixtures';
import { setupUser } from '../../support/user';
import { renderSetupPage } from './renderSetup';
import { findDialog, openDialog, queryDialog } from '../../support/dialogs';
import { setUpHousehold } from './setupFixtures';

const openAddDialog = (user: ReturnType<typeof setupUser>) => openDialog(user, 'Add Bank Account');

describe('Bank Accounts', () => {
  it('asks for statement and payment days only for credit cards, and checks they are days of the month', async () => {
    const network = mockFetch(setUpHousehold());
    const user = setupUser();
    renderSetupPage('/setup/bank-accounts');
    const dialog = await openAddDialog(user);
    expect(within(dialog).queryByLabelText('Statement Day')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Payment Due Day')).not.toBeInTheDocument();

    await user.click(within(dialog).getByText('Credit Card'));
    await user.type(within(dialog).getByLabelText('Name'), 'Visa');
    await user.type(await within(dialog).findByLabelText('Statement Day'), '32');
    await user.type(within(dialog).getByLabelText('Payment Due Day'), '0');
    await user.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('Statement Day must be a day of the month (1–31)')).toBeInTheDocument();
    expect(within(dialog).getByText('Payment Due Day must be a day of the month (1–31)')).toBeInTheDocument();
    expect(network.find('POST', '/bank_accounts')).toHaveLength(0);

    await user.click(within(dialog).getByText('Normal'));
    expect(within(dialog).queryByLabelText('Statement Day')).not.toBeInTheDocument();
  });

  it('asks a credit card for the amount owed as a positive number and sends it negative, with the credit card days', async () => {
    const network = mockFetch({ ...setUpHousehold(), 'POST /bank_accounts': bankAccount({ id: 2, name: 'Visa' }) });
    const user = setupUser();
    const { messages } = renderSetupPage('/setup/bank-accounts');
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Visa');
    await user.click(within(dialog).getByText('Credit Card'));
    await user.type(within(dialog).getByLabelText('Official Account #'), ' 4500-01 ');
    expect(within(dialog).queryByLabelText('Opening Balance')).toBeNull();
    expect(dialog).toHaveTextContent('What you owe, as a positive number: it is stored and shown as a negative balance.');
    const balance = within(dialog).getByLabelText('Amount owed');
    await user.clear(balance);
    await user.type(balance, '1,234.56');
    await user.type(await within(dialog).findByLabelText('Statement Day'), '5');
    await user.type(within(dialog).getByLabelText('Payment Due Day'), '25');
    await user.click(within(dialog).getByText('Save'));

    await waitFor(() => expect(messages).toContain('Bank Account saved.'));
    expect(network.find('POST', '/bank_accounts')[0].body).toEqual({
      name: 'Visa',
      account_type: 'credit_card',
      account_category: 'liability',
      is_cash: false,
      institution_id: null,
      account_no: '4500-01',
      opening_balance: -123456,
      // Without budgets: the last day of the previous month.
      opening_date: defaultOpeningDate(null, today()),
      import_format: null,
      status: 'open',
      statement_day: 5,
      payment_due_day: 25,
    });
  });

  it.each(['612.40', '-612.40'])('reads an amount owed typed as %s as the same debt of 612.40 (stored -612.40), and says so for a negative one', async (typed) => {
    const network = mockFetch({ ...setUpHousehold(), 'POST /bank_accounts': bankAccount({ id: 2, name: 'Visa' }) });
    const user = setupUser();
    const { messages } = renderSetupPage('/setup/bank-accounts');
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Visa');
    await user.click(within(dialog).getByText('Credit Card'));
    const balance = within(dialog).getByLabelText('Amount owed');
    await user.clear(balance);
    await user.type(balance, typed);
    const note = '-612.40 is read as 612.40 owed. An amount owed is typed as a positive number; it is stored and shown as a negative balance.';
    if (typed.startsWith('-')) expect(within(dialog).getByRole('status')).toHaveTextContent(note);
    else expect(dialog).not.toHaveTextContent('is read as');
    await user.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(messages).toContain('Bank Account saved.'));
    expect(network.find('POST', '/bank_accounts')[0].body).toMatchObject({ account_category: 'liability', opening_balance: -61_240 });
  });

  it('keeps a liability saved before with a positive balance as it is when another field is changed, and says what it is', async () => {
    const loan = bankAccount({ id: 1, name: 'Car Loan', account_category: 'liability', is_cash: false, opening_balance: 61_240 });
    const network = mockFetch({ ...setUpHousehold(), 'GET /bank_accounts': [loan], 'PUT /bank_accounts/1': loan });
    const user = setupUser();
    const { messages } = renderSetupPage('/setup/bank-accounts');
    await user.click(await screen.findByLabelText('Edit Car Loan'));
    const dialog = await findDialog('Edit Bank Account: Car Loan');
    expect(within(dialog).getByLabelText('Amount owed')).toHaveValue('-612.40');
    expect(dialog).toHaveTextContent('Saved before as a credit of 612.40 (a positive balance): it is kept unless you type the amount owed.');
    await user.type(within(dialog).getByLabelText('Official Account #'), '77');
    await user.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(messages).toContain('Bank Account saved.'));
    expect(network.find('PUT', '/bank_accounts/1')[0].body).toMatchObject({ opening_balance: 61_240 });
  });

  it('makes a new credit card a liability and not cash, and keeps an opening balance typed after clicking the field', async () => {
    const user = setupUser();
    mockFetch(setUpHousehold());
    renderSetupPage('/setup/bank-accounts');
    const dialog = await openAddDialog(user);
    expect(within(dialog).getByLabelText('Current')).toBeChecked();
    expect(within(dialog).getByLabelText('Is Cash Account?')).toBeChecked();
    await user.click(within(dialog).getByText('Credit Card'));
    expect(within(dialog).getByLabelText('Liability')).toBeChecked();
    expect(within(dialog).getByLabelText('Is Cash Account?')).not.toBeChecked();

    const balance = within(dialog).getByLabelText('Amount owed');
    await user.click(balance);
    await user.keyboard('2500');
    await user.tab();
    expect(balance).toHaveValue('2500.00');
  });

  it('shows a stored debt as the amount owed and keeps its sign on saving; an asset keeps "Opening Balance"', async () => {
    const visa = bankAccount({ id: 1, name: 'Visa', account_type: 'credit_card', account_category: 'liability', opening_balance: -45_000 });
    const network = mockFetch({ ...setUpHousehold(), 'GET /bank_accounts': [visa], 'PUT /bank_accounts/1': visa });
    const user = setupUser();
    const { messages } = renderSetupPage('/setup/bank-accounts');
    await user.click(await screen.findByLabelText('Edit Visa'));
    const dialog = await findDialog('Edit Bank Account: Visa');
    const owed = within(dialog).getByLabelText('Amount owed');
    expect(owed).toHaveValue('450.00');
    await user.clear(owed);
    await user.type(owed, '500');
    await user.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(messages).toContain('Bank Account saved.'));
    expect(network.find('PUT', '/bank_accounts/1')[0].body).toMatchObject({ account_category: 'liability', opening_balance: -50_000 });

    await user.click(await screen.findByLabelText('Edit Visa'));
    const again = await findDialog('Edit Bank Account: Visa');
    await user.click(within(again).getByText('Asset'));
    expect(within(again).getByLabelText('Opening Balance')).toBeInTheDocument();
    expect(again).not.toHaveTextContent('What you owe');
  });

  it('asks "Close without saving?" (Yes / No) before Cancel drops what was typed, and closes at once when nothing was', async () => {
    mockFetch(setUpHousehold());
    const user = setupUser();
    renderSetupPage('/setup/bank-accounts');
    let dialog = await openAddDialog(user);
    await user.click(within(dialog).getByText('Cancel'));
    await waitFor(() => expect(queryDialog('Add Bank Account')).toBeNull());

    dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Savings');
    await user.click(within(dialog).getByText('Cancel'));
    const question = await findDialog('Close without saving?');
    expect(question).toHaveTextContent('You have unsaved changes to this bank account. Close and lose them?');
    await user.click(within(question).getByText('No'));
    await waitFor(() => expect(queryDialog('Close without saving?')).toBeNull());
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Savings');
    await user.click(within(dialog).getByText('Cancel'));
    await user.click(within(await findDialog('Close without saving?')).getByText('Yes'));
    await waitFor(() => expect(queryDialog('Add Bank Account')).toBeNull());
  });

  it('refuses an opening balance beyond what the server accepts instead of saving 0', async () => {
    const network = mockFetch(setUpHousehold());
    const user = setupUser();
    renderSetupPage('/setup/bank-accounts');
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Savings');
    const balance = within(dialog).getByLabelText('Opening Balance');
    await user.clear(balance);
    await user.type(balance, '99999999999999999');
    await user.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('Opening Balance is too large')).toBeInTheDocument();
    expect(network.find('POST', '/bank_accounts')).toHaveLength(0);
  });

  it("keeps the dialog open and puts the server's field errors on the fields", async () => {
    mockFetch({
      ...setUpHousehold(),
      'PUT /bank_accounts/1': () => refusal(422, ['Validation failed'], { account_no: ['is already used by another account'] }),
    });
    const user = setupUser();
    const { messages } = renderSetupPage('/setup/bank-accounts');
    await user.click(await screen.findByLabelText('Edit Chequing'));
    const dialog = await findDialog('Edit Bank Account: Chequing');
    await user.type(within(dialog).getByLabelText('Official Account #'), '123');
    await user.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('Official Account # is already used by another account')).toBeInTheDocument();
    expect(within(dialog).getByText('Validation failed')).toBeInTheDocument();
    expect(messages).toContain('Bank Account not saved. Validation failed.');
    expect(within(dialog).getByLabelText('Official Account #')).toHaveValue('123');
  });

  it('closes an account after confirmation, keeping its other details', async () => {
    const visa = bankAccount({ id: 1, name: 'Visa', account_type: 'credit_card', account_category: 'liability', statement_day: 5, payment_due_day: 25, opening_balance: -5000, institution_id: 1, institution: { id: 1, name: 'First Bank' }, import_format: 'csv' });
    const network = mockFetch({ ...setUpHousehold(), 'GET /bank_accounts': [visa], 'PUT /bank_accounts/1': { ...visa, status: 'closed' } });
    const user = setupUser();
    const { messages } = renderSetupPage('/setup/bank-accounts');
    await user.click(await screen.findByLabelText('Close Visa'));
    const question = await findDialog('Close Bank Account?');
    await user.click(within(question).getByText('Yes'));
    await waitFor(() => expect(messages).toContain('Bank Account saved.'));
    expect(network.find('PUT', '/bank_accounts/1')[0].body).toEqual({
      name: 'Visa',
      account_type: 'credit_card',
      account_category: 'liability',
      is_cash: true,
      institution_id: 1,
      account_no: null,
      opening_balance: -5000,
      opening_date: '2026-01-31',
      import_format: 'csv',
      status: 'closed',
      statement_day: 5,
      payment_due_day: 25,
    });
  });

  it('says a refused delete once, on the page, one sentence per reason', async () => {
    const reasons = ["Bank account 'Chequing' has 12 transactions: close it instead", "Bank account 'Chequing' is used by 6 incomes"];
    mockFetch({ ...setUpHousehold(), 'DELETE /bank_accounts/1': () => refusal(422, reasons) });
    const user = setupUser();
    const { messages } = renderSetupPage('/setup/bank-accounts');
    await user.click(await screen.findByLabelText('Delete Chequing'));
    await user.click(within(await findDialog('Delete Bank Account?')).getByText('Yes'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Bank Account not deleted.')).toBeInTheDocument();
    expect(within(alert).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "Bank account 'Chequing' has 12 transactions: close it instead.",
      "Bank account 'Chequing' is used by 6 incomes.",
    ]);
    // Said once: the message bar does not repeat what the page shows.
    expect(messages.filter((text) => text.includes('not deleted'))).toEqual([]);
    expect(screen.getAllByText(/is used by 6 incomes/)).toHaveLength(1);
  });

  it('lists closed accounts only when asked', async () => {
    const network = mockFetch({
      ...setUpHousehold(),
      'GET /bank_accounts': (request: RecordedRequest) => ({
        body: request.search.includes('include_closed=true') ? [bankAccount(), bankAccount({ id: 2, name: 'Old Savings', status: 'closed' })] : [bankAccount()],
      }),
    });
    const user = setupUser();
    renderSetupPage('/setup/bank-accounts');
    expect(await screen.findByText('Chequing')).toBeInTheDocument();
    expect(screen.queryByText('Old Savings')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Show Closed Accounts?'));
    expect(await screen.findByText('Old Savings')).toBeInTheDocument();
    expect(network.requests.some((r) => r.path === '/bank_accounts' && r.search === '?include_closed=true')).toBe(true);
  });
});
