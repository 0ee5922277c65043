import { screen, waitFor, within } from '@testing-library/react';
import { WINDOW_CONFLICT_MESSAGE } from '../../../src/shared/schemas/transactions';
import { mockFetch, refusal } from '../../support/fetchMock';
import { setupUser } from '../../support/user';
import { household, renderTransactions, WINDOW, windowResponse } from './renderTransactions';

const rowOf = (text: string) => screen.getByDisplayValue(text).closest('tr') as HTMLElement;

// Issue 42: after a 409, the edits kept on top of the other change were marked on the budget page only.
describe('a transaction both people changed', () => {
  it("is marked after Reload with their value beside the person's own, and the save keeps the person's", async () => {
    let theirs = false;
    let saves = 0;
    const network = mockFetch(
      household({
        'GET /transactions': () =>
          theirs
            ? windowResponse(
                WINDOW.map((row) =>
                  row.description === 'Supermarket' ? { ...row, description: 'Supermarket (theirs)' } : row.description === 'Mystery charge' ? { ...row, description: 'Mystery charge (theirs)' } : row,
                ),
                4,
              )()
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
    expect(within(rowOf('Supermarket X')).queryByText(/Theirs:/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(rowOf('Supermarket X')).getByText(/Theirs:/)).toHaveTextContent('Theirs: Supermarket (theirs)'));
    expect(rowOf('Supermarket X')).toHaveClass('ec-row--clash');
    // Mystery charge changed on their side only: it simply takes their description, unmarked.
    expect(within(rowOf('Mystery charge (theirs)')).queryByText(/Theirs:/)).not.toBeInTheDocument();
    expect(rowOf('Mystery charge (theirs)')).not.toHaveClass('ec-row--clash');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(network.find('POST', '/transactions')).toHaveLength(2));
    const second = network.find('POST', '/transactions')[1].body as { window_lock_version: number; transactions: { description: string }[] };
    expect(second.window_lock_version).toBe(4);
    expect(second.transactions.map((row) => row.description)).toEqual(expect.arrayContaining(['Supermarket X', 'Mystery charge (theirs)']));
    expect(await screen.findByRole('button', { name: 'Make Changes' })).toBeInTheDocument();
    expect(screen.queryByText(/Theirs:/)).not.toBeInTheDocument();
  });
});
