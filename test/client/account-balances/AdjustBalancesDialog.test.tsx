import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, refusal } from '../../support/fetchMock';
import { setupUser } from '../../support/user';
import { household, renderBalances } from './fixtures';
import { openDialog } from '../../support/dialogs';

// antd's first render of a dialog is slow in jsdom.
jest.setTimeout(60_000);

const TITLE = 'Adjust Account Balances';

async function openAdjustDialog(user: ReturnType<typeof setupUser>) {
  await screen.findByText('Chequing');
  return openDialog(user, TITLE);
}

async function typeBalance(user: ReturnType<typeof setupUser>, dialog: HTMLElement, account: string, text: string) {
  const input = within(dialog).getByLabelText(`New Account Balance: ${account}`);
  await user.clear(input);
  await user.type(input, text);
  return input;
}

describe('Adjust Account Balances', () => {
  it('asks "Close without saving?" before Cancel drops a typed balance: No keeps it, Yes closes', async () => {
    mockFetch(household());
    const user = setupUser();
    renderBalances();
    const dialog = await openAdjustDialog(user);
    const input = await typeBalance(user, dialog, 'Chequing', '850');
    await user.click(within(dialog).getByText('Cancel'));
    const question = async () => (await screen.findAllByText('Close without saving?', { selector: '.ant-modal-confirm-title' }))[0].closest('.ant-modal') as HTMLElement;
    expect(await question()).toHaveTextContent('You have unsaved changes to these balances. Close and lose them?');
    await user.click(within(await question()).getByText('No'));
    await waitFor(() => expect(screen.queryByText('Close without saving?')).not.toBeInTheDocument());
    expect(input).toHaveValue('850.00');
    await user.click(within(dialog).getByText('Cancel'));
    await user.click(within(await question()).getByText('Yes'));
    await waitFor(() => expect(screen.queryByText(TITLE, { selector: '.ant-modal-title' })).not.toBeInTheDocument());
  });

  it('offers every account at its current balance and shows the difference each new balance will book', async () => {
    mockFetch(household());
    const user = setupUser();
    renderBalances();
    const dialog = await openAdjustDialog(user);
    const names = [...dialog.querySelectorAll('tbody th')].map((cell) => cell.textContent);
    expect(names).toEqual(['Chequing', 'Rainy Day', 'House', 'Visa', 'Mortgage']);
    expect(within(dialog).getByLabelText('New Account Balance: Visa')).toHaveValue('-70.00');
    expect(within(dialog).getByText('Save').closest('button')).toBeDisabled();

    await typeBalance(user, dialog, 'Chequing', '850');
    expect(within(dialog).getByLabelText('Difference: Chequing')).toHaveTextContent('-50.00');
    expect(within(dialog).getByLabelText('Difference: Chequing').querySelector('.ec-money--negative')).not.toBeNull();
    await typeBalance(user, dialog, 'Visa', '-65.5');
    expect(within(dialog).getByLabelText('Difference: Visa')).toHaveTextContent('4.50');
    expect(within(dialog).getByLabelText('Difference: House')).toHaveTextContent('0.00');
    expect(within(dialog).getByText('2 accounts to adjust.')).toBeInTheDocument();
  });

  it('sends only the accounts that changed, says so, closes and reloads the balances', async () => {
    const network = mockFetch(household({ 'POST /bank_accounts/manually_adjust_balances': { success: true } }));
    const user = setupUser();
    const { messages } = renderBalances();
    const dialog = await openAdjustDialog(user);
    await typeBalance(user, dialog, 'Chequing', '1,000.01');
    // Typed, then put back: not a change.
    await typeBalance(user, dialog, 'House', '1');
    await typeBalance(user, dialog, 'House', '300000');
    await user.click(within(dialog).getByText('Save'));

    await waitFor(() => expect(messages).toContain('Balances adjusted.'));
    expect(network.find('POST', '/bank_accounts/manually_adjust_balances').map((request) => request.body)).toEqual([
      { adjustments: [{ bank_account_id: 1, new_balance: 100_001 }] },
    ]);
    await waitFor(() => expect(screen.queryByText(TITLE, { selector: '.ant-modal-title' })).not.toBeInTheDocument());
    await waitFor(() => expect(network.find('GET', '/account_balances')).toHaveLength(2));
  });

  it("keeps the dialog and every typed balance when the save fails, with the server's reason on the account", async () => {
    const network = mockFetch(
      household({
        'POST /bank_accounts/manually_adjust_balances': () => refusal(422, ["Bank account doesn't exist"], { 'adjustments.1.bank_account_id': ["Bank account doesn't exist"] }),
      }),
    );
    const user = setupUser();
    const { messages } = renderBalances();
    const dialog = await openAdjustDialog(user);
    await typeBalance(user, dialog, 'Chequing', '850');
    await typeBalance(user, dialog, 'Visa', '0');
    await user.click(within(dialog).getByText('Save'));

    await waitFor(() => expect(messages).toContain("Balances not adjusted. Bank account doesn't exist"));
    expect(within(dialog).getByRole('alert')).toHaveTextContent("Balances not adjusted. Bank account doesn't exist");
    expect(screen.getByText(TITLE, { selector: '.ant-modal-title' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('New Account Balance: Chequing')).toHaveValue('850.00');
    expect(within(dialog).getByLabelText('New Account Balance: Visa')).toHaveValue('0.00');
    const visaRow = within(dialog).getByLabelText('New Account Balance: Visa').closest('tr') as HTMLElement;
    expect(within(visaRow).getByText("Bank account doesn't exist")).toBeInTheDocument();
    expect(network.find('GET', '/account_balances')).toHaveLength(1);
  });

  it('refuses a balance beyond what the server accepts instead of sending it', async () => {
    const network = mockFetch(household());
    const user = setupUser();
    renderBalances();
    const dialog = await openAdjustDialog(user);
    await typeBalance(user, dialog, 'Chequing', '99999999999999999');
    expect(within(dialog).getByText('New Account Balance is too large')).toBeInTheDocument();
    expect(within(dialog).getByText('Save').closest('button')).toBeDisabled();
    expect(network.find('POST', '/bank_accounts/manually_adjust_balances')).toHaveLength(0);
  });
});
