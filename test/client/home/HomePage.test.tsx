import { screen } from '@testing-library/react';
import HomePage from '../../../src/features/home/HomePage';
import { mockFetch } from '../../support/fetchMock';
import { renderWithProviders, signedInState } from '../../support/render';

describe('home page', () => {
  it('shows the date of the last entered transaction in full', async () => {
    const network = mockFetch({ 'GET /transactions/last_update': { transaction_date: '2026-11-21', has_transactions: true } });
    renderWithProviders(<HomePage />, { preloadedState: signedInState() });
    expect(screen.getByText('Last Transaction Update')).toBeInTheDocument();
    expect(await screen.findByText('Saturday, November 21, 2026')).toBeInTheDocument();
    expect(screen.getByText('Last transaction entered:')).toBeInTheDocument();
    expect(network.find('GET', '/transactions/last_update')).toHaveLength(1);
    expect(screen.getByText('Recent updates')).toBeInTheDocument();
    expect(screen.getByText('Known gaps')).toBeInTheDocument();
  });

  it("says there are none yet instead of today's date when the household has no transactions", async () => {
    mockFetch({ 'GET /transactions/last_update': { transaction_date: '2026-11-25', has_transactions: false } });
    renderWithProviders(<HomePage />, { preloadedState: signedInState() });
    expect(await screen.findByText('None yet: no transactions have been entered.')).toBeInTheDocument();
    expect(screen.queryByText('Wednesday, November 25, 2026')).not.toBeInTheDocument();
  });

  it('when the date cannot be loaded, says so and offers a retry', async () => {
    mockFetch({ 'GET /transactions/last_update': () => ({ status: 500, body: { success: false, errors: ['Something went wrong on the server.'] } }) });
    const { store } = renderWithProviders(<HomePage />, { preloadedState: signedInState() });
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(store.getState().messages.current).toMatchObject({ text: 'Something went wrong on the server.', retry: { endpointName: 'getLastUpdate' } });
  });
});
