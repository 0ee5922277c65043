import { configure, screen, waitFor, within } from '@testing-library/react';
import SinkFundsPage from '../../../src/features/sink-funds/SinkFundsPage';
import { SINK_FUND_CONFLICT_MESSAGE } from '../../../src/shared/schemas/sinkFunds';
import { mockFetch, refusal, type RecordedRequest } from '../../support/fetchMock';
import { renderWithProviders, signedInState } from '../../support/render';
import { setupUser } from '../../support/user';
import { billsFund, envelope, savingsFund } from './fixtures';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(60_000);

const table = () => screen.getByRole('table', { name: 'Sink Fund Allocations' });
const rowOf = (name: string) => within(table()).getByDisplayValue(name).closest('tr') as HTMLElement;

// Issue 42: after a 409, the edits kept on top of the other change were marked on the budget page only.
describe('an envelope both people changed', () => {
  it("is marked after Reload with their value beside the person's own, and the save keeps the person's", async () => {
    const requests: RecordedRequest[] = [];
    let reads = 0;
    const theirs = savingsFund({
      lock_version: 6,
      sink_fund_allocations: [envelope(11, 'Car', 30_000, 55_000, { comment: 'service in May' }), envelope(12, 'Christmas fund', 5_000, 0), envelope(13, 'Insurance', 2_000, 20_000, { status: 'closed' })],
    });
    mockFetch({
      'GET /sink_funds': [savingsFund(), billsFund()],
      'GET /sink_funds/6': billsFund(),
      'GET /sink_funds/5': () => ({ body: reads++ === 0 ? savingsFund() : theirs }),
      'PUT /sink_funds/5': (request: RecordedRequest) => {
        requests.push(request);
        return requests.length === 1 ? refusal(409, [SINK_FUND_CONFLICT_MESSAGE]) : { body: theirs };
      },
    });
    renderWithProviders(<SinkFundsPage />, { path: '/sink-funds', url: '/sink-funds', preloadedState: signedInState() });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Make Changes' }));
    const target = () => within(rowOf('Car')).getByLabelText('Target for Car');
    await user.clear(target());
    await user.type(target(), '650');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByRole('button', { name: 'Reload' });
    expect(within(rowOf('Car')).queryByText(/Theirs:/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(rowOf('Car')).getByText(/Theirs:/)).toHaveTextContent('Theirs: 550.00'));
    expect(target()).toHaveValue('650.00');
    expect(rowOf('Car')).toHaveClass('ec-row--clash');
    // Christmas was renamed on their side only: it simply takes their name, unmarked.
    expect(within(rowOf('Christmas fund')).queryByText(/Theirs:/)).not.toBeInTheDocument();
    expect(rowOf('Christmas fund')).not.toHaveClass('ec-row--clash');

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByRole('button', { name: 'Make Changes' });
    const saved = requests[1].body as { lock_version: number; sink_fund_allocations: Array<{ id: number; target: number }> };
    expect(saved.lock_version).toBe(6);
    expect(saved.sink_fund_allocations.find((row) => row.id === 11)?.target).toBe(65_000);
    expect(screen.queryByText(/Theirs:/)).not.toBeInTheDocument();
  });
});
