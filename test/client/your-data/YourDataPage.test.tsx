import { screen, waitFor } from '@testing-library/react';
import YourDataPage from '../../../src/features/your-data/YourDataPage';
import type { HistoryPreview } from '../../../src/shared/schemas/history';
import { mockFetch, refusal } from '../../support/fetchMock';
import { renderWithProviders, signedInState } from '../../support/render';
import { setupUser } from '../../support/user';

jest.setTimeout(90_000);

const preview: HistoryPreview = {
  source: 'ynab',
  title: 'YNAB export',
  allocation_categories: ['Bills', 'Everyday'],
  budgets: [{ month: '2026-01', name: 'Jan 01 - Jan 31, 2026', allocations: 3, allocated: 174000, incomes: 1 }],
  accounts: [{ name: 'Checking', opening_balance: 150000, opening_date: '2025-12-30', transactions: 11 }],
  transactions: 12,
  mapped_transactions: 7,
  unmapped_count: 1,
  unmapped: [{ date: '2026-02-20', account: 'Checking', description: 'Gym', category: 'Health: Gym', reason: 'no line that month' }],
};

describe('Your data', () => {
  it('previews YNAB files, lists what could not be mapped, and imports the same files on confirmation', async () => {
    const network = mockFetch({
      'POST /household/history/preview': preview,
      'POST /household/history/import': { imported: { allocation_categories: 2, budgets: 2, allocations: 7, incomes: 2, bank_accounts: 2, transactions: 12 } },
    });
    const user = setupUser();
    renderWithProviders(<YourDataPage />, { preloadedState: signedInState() });
    await user.upload(screen.getByLabelText('Plan.csv'), new File(['Month,Category\n'], 'Plan.csv', { type: 'text/csv' }));
    await user.upload(screen.getByLabelText('Register.csv'), new File(['Account,Date\n'], 'Register.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    expect(await screen.findByText('Could not be mapped (1)')).toBeTruthy();
    expect(screen.getByText('Health: Gym')).toBeTruthy();
    expect(network.find('POST', '/household/history/preview')[0].body).toEqual({ source: 'ynab', plan: 'Month,Category\n', register: 'Account,Date\n' });
    expect(network.find('POST', '/household/history/import')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Import history' }));
    expect(await screen.findByText('Imported 2 budgets, 7 allocations, 2 accounts and 12 transactions.')).toBeTruthy();
    expect(network.find('POST', '/household/history/import')[0].body).toEqual({ source: 'ynab', plan: 'Month,Category\n', register: 'Account,Date\n' });
  });

  it('shows the server’s reason when an export is refused', async () => {
    mockFetch({ 'POST /household/import': () => refusal(422, ['This file is not an EveryCent household export.']) });
    const user = setupUser();
    renderWithProviders(<YourDataPage />, { preloadedState: signedInState() });
    await user.upload(screen.getByLabelText('EveryCent export file'), new File(['{"hello":1}'], 'notes.json', { type: 'application/json' }));
    await user.click(screen.getByRole('button', { name: 'Import export' }));
    await waitFor(() => expect(screen.getAllByText('This file is not an EveryCent household export.').length).toBeGreaterThan(0));
  });
});
