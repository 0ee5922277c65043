import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import QuickAddPage from '../../../src/features/quick-add/QuickAddPage';
import { MessageBar } from '../../../src/platform/messages/MessageBar';
import { mockFetch, type RecordedRequest } from '../../support/fetchMock';
import { renderWithProviders, signedInState, storeTestCredentials } from '../../support/render';
import { setupUser } from '../../support/user';
import { chooseOption } from '../../support/pickers';
import { transaction } from '../transactions/builders';
import { CHEQUING, household, suggestionsResponse } from '../transactions/renderTransactions';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(240_000);

const saved = (request: RecordedRequest) => ({ status: 201, body: transaction({ id: 500, ...(request.body as object) }) });

beforeEach(() => {
  window.localStorage.clear();
  storeTestCredentials();
});

/** Issue 44: Quick Add can split one receipt across allocations. */
describe('Quick Add split', () => {
  it('splits the amount into parts, proposing what is left for each new one, and refuses to send parts that do not add up', async () => {
    const network = mockFetch(household({ 'GET /bank_accounts': [CHEQUING], 'POST /transactions/suggestions': suggestionsResponse({}), 'POST /transactions/one': saved }));
    renderWithProviders(
      <>
        <MessageBar />
        <QuickAddPage />
      </>,
      { path: '/quick-add', preloadedState: signedInState() },
    );
    const user = setupUser();
    fireEvent.change(await screen.findByLabelText('Date'), { target: { value: '2026-03-14' } });
    await user.type(screen.getByLabelText('Description'), 'Supermarket');
    await user.type(screen.getByLabelText('Amount'), '100');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Split' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Split' }));

    const parts = screen.getByRole('group', { name: 'Parts' });
    const first = within(parts).getByLabelText('Amount of part 1');
    expect(first).toHaveValue('100.00');
    await user.clear(first);
    await user.type(first, '70');
    await chooseOption(user, within(parts).getByRole('combobox', { name: 'Allocation of part 1' }), 'Groceries');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The parts are 30.00 short of the amount.');
    expect(network.find('POST', '/transactions/one')).toHaveLength(0);

    await user.click(within(parts).getByRole('button', { name: 'Add part' }));
    expect(within(parts).getByLabelText('Amount of part 2')).toHaveValue('30.00');
    await chooseOption(user, within(parts).getByRole('combobox', { name: 'Allocation of part 2' }), 'Restaurants');
    await user.type(within(parts).getByLabelText('Memo of part 2'), 'lunch');
    expect(within(parts).getByRole('status')).toHaveTextContent('The parts add up to the amount.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(network.find('POST', '/transactions/one')).toHaveLength(1));
    expect(network.find('POST', '/transactions/one')[0].body).toMatchObject({
      description: 'Supermarket',
      withdrawal_amount: 10_000,
      allocation_id: null,
      splits: [
        { amount: -7_000, allocation_id: 11, sink_fund_allocation_id: null, memo: null },
        { amount: -3_000, allocation_id: 12, sink_fund_allocation_id: null, memo: 'lunch' },
      ],
    });
    // Ready for the next one: no parts left over.
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Parts' })).not.toBeInTheDocument());
  });
});
