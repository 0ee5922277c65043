import { screen, waitFor, within } from '@testing-library/react';
import { today } from '../../../src/shared/dates';
import type { ReconcilePreview } from '../../../src/shared/schemas/reconciliation';
import { mockFetch, refusal, type RecordedRequest } from '../../support/fetchMock';
import { setupUser } from '../../support/user';
import { chooseOption } from '../../support/pickers';
import { household, renderBalances } from '../account-balances/fixtures';
import { openDialog } from '../../support/dialogs';

// antd's first render of a dialog is slow in jsdom.
jest.setTimeout(60_000);

const TITLE = 'Reconcile to a Statement';

/** Visa (account 4) owes 70.00 today, with one charge of 50.00 not reconciled yet. */
const visaPreview = (overrides: Partial<ReconcilePreview> = {}): ReconcilePreview => ({
  bank_account_id: 4,
  statement_date: today(),
  balance_at_statement_date: -7_000,
  reconciled_through: null,
  reconciled_balance: null,
  ledger_at_reconciled: null,
  unreconciled: [
    {
      id: 31,
      transaction_date: today(),
      description: 'Groceries',
      withdrawal_amount: 5_000,
      deposit_amount: 0,
      net_amount: -5_000,
      allocation_id: null,
      sink_fund_allocation_id: null,
      status: 'unpaid',
      paid: false,
      brought_forward_status: null,
      bank_ref: 'V-1',
      is_manual_adjustment: false,
      bank_account_id: 4,
    },
  ],
  window_lock_version: 6,
  ...overrides,
});

const previewRoute = (answer: (request: RecordedRequest) => { status?: number; body?: unknown }) => ({ 'GET /bank_accounts/4/reconcile': answer });

async function openOnVisa(user: ReturnType<typeof setupUser>) {
  await screen.findByText('Chequing');
  const dialog = await openDialog(user, TITLE);
  await chooseOption(user, within(dialog).getByLabelText('Account'), 'Visa');
  return dialog;
}

describe('Reconcile to a Statement', () => {
  it.each(['75', '-75'])("asks a card for the statement's amount owed (typed %s: the same debt), shows the difference and the rows, and sends it signed with the window version", async (typed) => {
    const network = mockFetch(
      household({
        ...previewRoute(() => ({ body: visaPreview() })),
        'POST /bank_accounts/4/reconcile': { adjustment: null, reconciled_through: today(), reconciled_balance: -7_500 },
      }),
    );
    const user = setupUser();
    const { messages } = renderBalances();
    const dialog = await openOnVisa(user);

    expect(await within(dialog).findByLabelText('EveryCent balance')).toHaveTextContent('70.00');
    expect(within(dialog).getByLabelText('Difference')).toHaveTextContent('0.00');
    expect(within(within(dialog).getByRole('table', { name: 'Unreconciled rows' })).getByText('Groceries')).toBeInTheDocument();
    const owed = within(dialog).getByLabelText('Statement amount owed');
    await user.clear(owed);
    await user.type(owed, typed);
    expect(within(dialog).getByLabelText('Difference')).toHaveTextContent('5.00');
    const note = '-75.00 is read as 75.00 owed. An amount owed is typed as a positive number; it is stored and shown as a negative balance.';
    if (typed.startsWith('-')) expect(dialog).toHaveTextContent(note);
    else expect(dialog).not.toHaveTextContent('is read as');
    expect(dialog).toHaveTextContent('A "Manual Adjustment" dated');
    await user.click(within(dialog).getByText('Reconcile', { selector: 'button *' }));

    await waitFor(() => expect(messages).toContain('Account reconciled.'));
    expect(network.find('POST', '/bank_accounts/4/reconcile').map((request) => request.body)).toEqual([
      { statement_date: today(), statement_balance: -7_500, window_lock_version: 6 },
    ]);
    expect(network.find('GET', '/bank_accounts/4/reconcile')[0].search).toBe(`?statement_date=${today()}`);
    await waitFor(() => expect(screen.queryByText(TITLE, { selector: '.ant-modal-title' })).not.toBeInTheDocument());
    await waitFor(() => expect(network.find('GET', '/account_balances')).toHaveLength(2));
  });

  it("shows why a statement date is refused, in the dialog only, and offers no Reconcile", async () => {
    const reason = 'This account is already reconciled through Nov 20, 2026: choose that day or a later one';
    const network = mockFetch(household(previewRoute(() => refusal(422, [reason], { statement_date: [reason] }))));
    const user = setupUser();
    const { messages } = renderBalances();
    const dialog = await openOnVisa(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(reason);
    expect(within(dialog).getByText('Reconcile', { selector: 'button *' }).closest('button')).toBeDisabled();
    expect(messages).toEqual([]);
    expect(network.find('POST', '/bank_accounts/4/reconcile')).toHaveLength(0);
  });

  it('keeps the dialog open with the reason when the account changed meanwhile (409), and reads it again', async () => {
    let reads = 0;
    const network = mockFetch(
      household({
        ...previewRoute(() => ({ body: visaPreview({ window_lock_version: 6 + reads++ }) })),
        'POST /bank_accounts/4/reconcile': () => refusal(409, ["This account's transactions were changed by someone else. Reload to see their changes."]),
      }),
    );
    const user = setupUser();
    renderBalances();
    const dialog = await openOnVisa(user);
    await within(dialog).findByLabelText('EveryCent balance');
    const button = within(dialog).getByText('Reconcile', { selector: 'button *' }).closest('button')!;
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(network.find('POST', '/bank_accounts/4/reconcile')).toHaveLength(1));
    await waitFor(() => expect(dialog).toHaveTextContent("Account not reconciled. This account's transactions were changed by someone else."));
    await waitFor(() => expect(reads).toBe(2));
    expect(screen.getByText(TITLE, { selector: '.ant-modal-title' })).toBeInTheDocument();
  });

  it('warns when rows already reconciled changed since', async () => {
    mockFetch(household(previewRoute(() => ({ body: visaPreview({ reconciled_through: '2026-03-10', reconciled_balance: -2_000, ledger_at_reconciled: -2_500 }) }))));
    const user = setupUser();
    renderBalances();
    const dialog = await openOnVisa(user);
    expect(await within(dialog).findByText('Rows dated up to Mar 10, 2026 changed after they were reconciled: EveryCent now has 25.00 there.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Last reconciled through Mar 10, 2026 at 20.00.');
  });
});
