import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '../../support/fetchMock';
import { chooseOption } from '../../support/pickers';
import { setupUser } from '../../support/user';
import { findDialog } from '../../support/dialogs';
import { household, renderTransactions, suggestionsResponse, windowResponse } from './renderTransactions';

const CSV = ['Date,Description,Amount', '2026-03-09,TESCO STORES 3271,-100.00', '2026-03-10,Pizza Place,-30.00'].join('\n');
type SentRow = { id: number | null; description: string; allocation_id: number | null; splits?: unknown[] };

/** An empty window, the server suggesting Groceries for Tesco; the CSV read in the import dialog and "Split" on Tesco. */
async function splitInPreview() {
  const network = mockFetch(
    household({
      'GET /transactions': windowResponse([]),
      'POST /transactions/suggestions': suggestionsResponse({ 'TESCO STORES 3271': 11 }),
      'POST /transactions': windowResponse([], 4),
    }),
  );
  const user = setupUser();
  const { store } = renderTransactions();
  await user.click(await screen.findByRole('button', { name: 'Make Changes' }));
  await user.click(screen.getByRole('button', { name: 'Import Transactions' }));
  const dialog = await findDialog('Import Transactions');
  fireEvent.change(within(dialog).getByLabelText('Pasted text'), { target: { value: CSV } });
  await user.click(within(dialog).getByRole('button', { name: 'Read Text' }));
  await user.click(within(dialog).getByRole('button', { name: 'Split TESCO STORES 3271' }));
  return { network, user, store, dialog, parts: within(dialog).getByRole('table', { name: 'Parts of TESCO STORES 3271' }) };
}

type Opened = Awaited<ReturnType<typeof splitInPreview>>;

/** "Save Changes", and the rows the save sent. */
async function saved(user: Opened['user'], store: Opened['store'], network: Opened['network']): Promise<SentRow[]> {
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(store.getState().messages.current?.text).toBe('Transactions saved.'));
  return (network.find('POST', '/transactions')[0].body as { transactions: SentRow[] }).transactions;
}

/** Issue 44: a row of a bank file split in the import preview, before it is added to the window. */
describe('Splitting an imported row in the preview', () => {
  it('splits a row with the window\'s editor, waits until the parts add up, and a part left unallocated takes the suggestion', async () => {
    const { network, user, store, dialog, parts } = await splitInPreview();
    const first = within(parts).getByLabelText('Amount of part 1 of TESCO STORES 3271');
    expect(first).toHaveValue('100.00');
    await user.clear(first);
    await user.type(first, '70');
    await user.tab();
    expect(within(dialog).getByText(/Not split:/)).toHaveTextContent('Not split: 30.00');
    // "Add" waits until the parts add up.
    expect(within(dialog).getByRole('button', { name: 'Make the parts add up first' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Add a part to TESCO STORES 3271' }));
    expect(within(parts).getByLabelText('Amount of part 2 of TESCO STORES 3271')).toHaveValue('30.00');
    await chooseOption(user, within(parts).getByLabelText('Allocation of part 2 of TESCO STORES 3271'), 'Restaurants');
    await user.type(within(parts).getByLabelText('Memo of part 2 of TESCO STORES 3271'), 'lunch');
    expect(within(dialog).getByText('The parts add up to the amount.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 Rows' }));

    // In the window the row keeps its parts; the suggestion is offered to the part left without an allocation.
    const windowParts = await screen.findByRole('table', { name: 'Parts of TESCO STORES 3271' });
    await user.click(await within(windowParts).findByRole('button', { name: 'Accept suggestion Groceries for part 1 of TESCO STORES 3271' }));
    expect(within(windowParts).queryByRole('button', { name: /Accept suggestion/ })).not.toBeInTheDocument();

    const sent = await saved(user, store, network);
    expect(sent.find((row) => row.description === 'TESCO STORES 3271')).toMatchObject({
      allocation_id: null,
      splits: [
        { id: null, amount: -7000, allocation_id: 11, sink_fund_allocation_id: null, memo: null },
        { id: null, amount: -3000, allocation_id: 12, sink_fund_allocation_id: null, memo: 'lunch' },
      ],
    });
    expect(sent.find((row) => row.description === 'Pizza Place')).not.toHaveProperty('splits');
  });

  it('"Accept all suggestions" gives a split row\'s suggestion to its unallocated parts only, never to the row', async () => {
    const { network, user, store, dialog, parts } = await splitInPreview();
    await chooseOption(user, within(parts).getByLabelText('Allocation of part 1 of TESCO STORES 3271'), 'Rent');
    const first = within(parts).getByLabelText('Amount of part 1 of TESCO STORES 3271');
    await user.clear(first);
    await user.type(first, '60');
    await user.tab();
    await user.click(within(dialog).getByRole('button', { name: 'Add a part to TESCO STORES 3271' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 Rows' }));

    await user.click(await screen.findByRole('button', { name: 'Accept all suggestions (1)' }));
    const sent = await saved(user, store, network);
    expect(sent.find((row) => row.description === 'TESCO STORES 3271')).toMatchObject({
      allocation_id: null,
      splits: [
        { amount: -6000, allocation_id: 13 },
        { amount: -4000, allocation_id: 11 },
      ],
    });
  });
});
