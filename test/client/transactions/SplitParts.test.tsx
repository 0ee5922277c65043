import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '../../support/fetchMock';
import { chooseOption } from '../../support/pickers';
import { setupUser } from '../../support/user';
import { transaction } from './builders';
import { household, renderTransactions, WINDOW, windowResponse } from './renderTransactions';

const rowOf = (text: string) => screen.getByDisplayValue(text).closest('tr') as HTMLElement;
const partsOf = (label: string) => screen.getByRole('table', { name: `Parts of ${label}` });

/** Issue 44: "Split" on a row of the window divides its amount into parts, each with its own allocation. */
describe('Splitting a transaction in the window', () => {
  it('splits a receipt three ways: the remaining amount proposed for each new part, the save refused until they add up', async () => {
    const network = mockFetch(household({ 'POST /transactions': windowResponse(WINDOW, 4) }));
    const user = setupUser();
    const { store } = renderTransactions();
    await user.click(await screen.findByRole('button', { name: 'Make Changes' }));

    await user.click(within(rowOf('Supermarket')).getByRole('button', { name: 'Split Supermarket' }));
    // The first part holds the whole 50.00 and the row's allocation.
    const first = within(partsOf('Supermarket')).getByLabelText('Amount of part 1 of Supermarket');
    expect(first).toHaveValue('50.00');
    await user.clear(first);
    await user.type(first, '30');
    expect(screen.getByText(/Not split:/)).toHaveTextContent('Not split: 20.00');

    // A save while the parts do not add up is refused on the screen, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('The parts are 20.00 short of the amount: give it to a part.')).toBeInTheDocument();
    expect(network.find('POST', '/transactions')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Add a part to Supermarket' }));
    expect(within(partsOf('Supermarket')).getByLabelText('Amount of part 2 of Supermarket')).toHaveValue('20.00');
    const second = within(partsOf('Supermarket')).getByLabelText('Amount of part 2 of Supermarket');
    await user.clear(second);
    await user.type(second, '15');
    await user.click(screen.getByRole('button', { name: 'Add a part to Supermarket' }));
    expect(within(partsOf('Supermarket')).getByLabelText('Amount of part 3 of Supermarket')).toHaveValue('5.00');
    await chooseOption(user, within(partsOf('Supermarket')).getByLabelText('Allocation of part 2 of Supermarket'), 'Restaurants');
    await user.type(within(partsOf('Supermarket')).getByLabelText('Memo of part 3 of Supermarket'), 'birthday');
    expect(screen.getByText('The parts add up to the amount.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(store.getState().messages.current?.text).toBe('Transactions saved.'));
    const [save] = network.find('POST', '/transactions');
    const sent = (save.body as { transactions: Array<Record<string, unknown>> }).transactions.find((row) => row.id === 101)!;
    expect(sent).toMatchObject({ allocation_id: null, sink_fund_allocation_id: null });
    expect(sent.splits).toEqual([
      { id: null, amount: -3000, allocation_id: 11, sink_fund_allocation_id: null, memo: null },
      { id: null, amount: -1500, allocation_id: 12, sink_fund_allocation_id: null, memo: null },
      { id: null, amount: -500, allocation_id: null, sink_fund_allocation_id: null, memo: 'birthday' },
    ]);
  });

  it("shows a split row's parts in view mode, and the original rows send no parts", async () => {
    const split = transaction({
      id: 101,
      transaction_date: '2026-03-02',
      description: 'Supermarket',
      withdrawal_amount: 5000,
      allocation_id: null,
      splits: [
        { id: 1, amount: -3500, allocation_id: 11, sink_fund_allocation_id: null, memo: 'food' },
        { id: 2, amount: -1500, allocation_id: 12, sink_fund_allocation_id: null, memo: 'dinner' },
      ],
    });
    const network = mockFetch(household({ 'GET /transactions': windowResponse([split, ...WINDOW.slice(1)]), 'POST /transactions': windowResponse(WINDOW, 4) }));
    const user = setupUser();
    renderTransactions();
    const parts = await screen.findByRole('table', { name: 'Parts of Supermarket' });
    expect(within(parts).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['Split (1/2)Groceriesfood35.00', 'Split (2/2)Restaurantsdinner15.00']);

    await user.click(screen.getByRole('button', { name: 'Make Changes' }));
    await user.type(within(rowOf('Mystery charge')).getByLabelText('Description'), '!');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(network.find('POST', '/transactions')).toHaveLength(1));
    const sent = (network.find('POST', '/transactions')[0].body as { transactions: Array<Record<string, unknown>> }).transactions;
    expect(sent.find((row) => row.id === 101)!.splits).toEqual([
      { id: 1, amount: -3500, allocation_id: 11, sink_fund_allocation_id: null, memo: 'food' },
      { id: 2, amount: -1500, allocation_id: 12, sink_fund_allocation_id: null, memo: 'dinner' },
    ]);
    expect(sent.find((row) => row.id === 102)).not.toHaveProperty('splits');
  });
});
