import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, refusal } from '../../support/fetchMock';
import { setupUser } from '../../support/user';
import { household, renderTransactions, suggestionsResponse, windowResponse } from './renderTransactions';
import { findDialog } from '../../support/dialogs';

const rowOf = (text: string) => screen.getByDisplayValue(text).closest('tr') as HTMLElement;
type SentRow = { id: number | null; description: string; allocation_id: number | null; status: string };

const CSV = ['Date,Description,Amount', '2026-03-09,TESCO STORES 3271,-12.00', '2026-03-10,Pizza Place,-30.00', '2026-03-11,TESCO STORES 3271,-8.00', '2026-03-12,Unknown shop,-5.00'].join('\n');

async function importCsv(user: ReturnType<typeof setupUser>, csv = CSV) {
  await user.click(await screen.findByRole('button', { name: 'Make Changes' }));
  await user.click(screen.getByRole('button', { name: 'Import Transactions' }));
  const dialog = await findDialog('Import Transactions');
  fireEvent.change(within(dialog).getByLabelText('Pasted text'), { target: { value: csv } });
  await user.click(within(dialog).getByRole('button', { name: 'Read Text' }));
  await user.click(within(dialog).getByRole('button', { name: /^Add \d+ Rows$/ }));
}

/** An empty window, the CSV imported, and the server suggesting Groceries for Tesco and Restaurants for the pizza. */
async function importWithSuggestions() {
  const network = mockFetch(
    household({
      'GET /transactions': windowResponse([]),
      'POST /transactions/suggestions': suggestionsResponse({ 'TESCO STORES 3271': 11, 'Pizza Place': 12 }),
      'POST /transactions': windowResponse([], 4),
    }),
  );
  const user = setupUser();
  const { store } = renderTransactions();
  await importCsv(user);
  return { network, user, store };
}

describe('Suggested allocations', () => {
  it('asks once for a whole import, marks each suggestion, and saves only the ones accepted', async () => {
    const { network, user, store } = await importWithSuggestions();

    expect(await screen.findByRole('button', { name: 'Accept all suggestions (3)' })).toBeInTheDocument();
    const asked = network.find('POST', '/transactions/suggestions');
    expect(asked).toHaveLength(1);
    // Each description once, for this window's budget.
    expect(asked[0].body).toEqual({ budget_id: 7, descriptions: ['TESCO STORES 3271', 'Pizza Place', 'Unknown shop'] });

    const pizza = rowOf('Pizza Place');
    expect(within(pizza).getByText('Suggested')).toBeInTheDocument();
    expect(within(pizza).getByText('Restaurants')).toBeInTheDocument();
    expect(within(rowOf('Unknown shop')).queryByText('Suggested')).not.toBeInTheDocument();
    // A suggestion is not an allocation: the picker stays empty and nothing counts as spent.
    expect(within(pizza).getByRole('combobox', { name: 'Allocation' }).closest('.ant-select')).not.toHaveTextContent('Restaurants');

    await user.click(within(pizza).getByRole('button', { name: 'Accept suggestion Restaurants for Pizza Place' }));
    expect(within(rowOf('Pizza Place')).queryByText('Suggested')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept all suggestions (2)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(store.getState().messages.current?.text).toBe('Transactions saved.'));
    const sent = (network.find('POST', '/transactions')[0].body as { transactions: SentRow[] }).transactions;
    expect(sent.map((row) => [row.description, row.allocation_id])).toEqual([
      ['TESCO STORES 3271', null],
      ['Pizza Place', 12],
      ['TESCO STORES 3271', null],
      ['Unknown shop', null],
    ]);
    expect(Object.keys(sent[0])).not.toContain('suggestedAllocationId');
  });

  it('"Accept all suggestions" gives every suggested row its allocation (and marks it paid, as picking does)', async () => {
    const { network, user, store } = await importWithSuggestions();
    await user.click(await screen.findByRole('button', { name: 'Accept all suggestions (3)' }));
    expect(screen.queryByRole('button', { name: /Accept all suggestions/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Suggested')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(store.getState().messages.current?.text).toBe('Transactions saved.'));
    const sent = (network.find('POST', '/transactions')[0].body as { transactions: SentRow[] }).transactions;
    expect(sent.map((row) => [row.description, row.allocation_id, row.status])).toEqual([
      ['TESCO STORES 3271', 11, 'paid'],
      ['Pizza Place', 12, 'paid'],
      ['TESCO STORES 3271', 11, 'paid'],
      ['Unknown shop', null, 'paid'],
    ]);
  });

  it('suggests for a typed row once typing pauses, and again when its description changes', async () => {
    const network = mockFetch(household({ 'POST /transactions/suggestions': suggestionsResponse({ Bakery: 11, 'Rent March': 13 }) }));
    const user = setupUser();
    renderTransactions();
    await user.click(await screen.findByRole('button', { name: 'Make Changes' }));
    await user.click(screen.getByRole('button', { name: 'Add New Transaction' }));
    await user.type(screen.getAllByLabelText('Description').at(-1)!, 'Bakery');

    expect(await within(rowOf('Bakery')).findByText('Groceries')).toBeInTheDocument();
    // One request for the whole word, not one per keystroke; the saved rows (with ids) are not asked about.
    expect(network.find('POST', '/transactions/suggestions').map((request) => request.body)).toEqual([{ budget_id: 7, descriptions: ['Bakery'] }]);

    const description = screen.getByDisplayValue('Bakery');
    await user.clear(description);
    await user.type(description, 'Rent March');
    expect(within(rowOf('Rent March')).queryByText('Groceries')).not.toBeInTheDocument();
    expect(await within(rowOf('Rent March')).findByText('Rent')).toBeInTheDocument();
    expect(network.find('POST', '/transactions/suggestions')).toHaveLength(2);
  });

  it('says so when suggestions cannot be had, keeps the rows, and asks again on Retry', async () => {
    let answer = refusal(500, ['Something went wrong (request abc).']);
    mockFetch(
      household({
        'GET /transactions': windowResponse([]),
        'POST /transactions/suggestions': (request: { body: unknown }) => (answer.status === 200 ? suggestionsResponse({ 'Pizza Place': 12 })(request) : answer),
      }),
    );
    const user = setupUser();
    renderTransactions();
    await importCsv(user);
    expect(await screen.findByText('Allocations could not be suggested. Something went wrong (request abc).')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Pizza Place')).toBeInTheDocument();

    answer = { status: 200, body: { success: false, errors: [] } };
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await within(rowOf('Pizza Place')).findByText('Restaurants')).toBeInTheDocument();
    expect(screen.queryByText(/Allocations could not be suggested/)).not.toBeInTheDocument();
  });
});
