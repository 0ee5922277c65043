import { screen, waitFor, within } from '@testing-library/react';
import YourDataPage from '../../../src/features/your-data/YourDataPage';
import { HISTORY_FILE_MAX_BYTES, type HistoryPreview } from '../../../src/shared/schemas/history';
import type { ImportPreview, ImportResult } from '../../../src/shared/schemas/householdData';
import { mockFetch, refusal } from '../../support/fetchMock';
import { renderWithProviders, signedInState } from '../../support/render';
import { setupUser } from '../../support/user';

jest.setTimeout(90_000);

const preview: HistoryPreview = {
  source: 'ynab',
  title: 'YNAB export',
  exported_on: '2026-02-28',
  fingerprint: 'f1',
  allocation_categories: ['Bills', 'Everyday'],
  groups: [
    { name: 'Bills', match: null, allocation_class: 'need', allocations: 2 },
    { name: 'Everyday', match: { id: 7, name: 'Everyday' }, allocation_class: 'need', allocations: 1 },
  ],
  kept_months: [],
  household: { accounts: [{ id: 3, name: 'Checking' }], categories: [{ id: 7, name: 'Everyday' }] },
  budgets: [{ month: '2026-01', name: 'Jan 01 - Jan 31, 2026', allocations: 3, allocated: 174000, incomes: 1 }],
  accounts: [
    {
      name: 'Checking',
      kind: 'current',
      match: null,
      before: null,
      after: { opening_date: '2025-12-30', opening_balance: 150000 },
      earlier_rows: 'move_opening_date',
      earlier: 0,
      transactions: 11,
      balance_before: null,
      balance_after: 200000,
      opening_balance: 150000,
      opening_date: '2025-12-30',
    },
  ],
  transactions: 12,
  mapped_transactions: 7,
  upcoming_count: 1,
  upcoming: [{ origin: 'Register.csv line 15', date: '2026-03-05', account: 'Checking', description: 'Landlord', category: 'Bills: Rent', amount: -95000 }],
  unmapped_count: 1,
  unmapped: [{ origin: 'Register.csv line 14', date: '2026-02-20', account: 'Checking', description: 'Gym', category: 'Health: Gym', reason: 'no line that month' }],
};

describe('Your data', () => {
  it('previews YNAB files, lists what could not be mapped, and imports the same files on confirmation', async () => {
    const network = mockFetch({
      'POST /household/history/preview': preview,
      'POST /household/history/import': { imported: { allocation_categories: 2, budgets: 2, allocations: 7, incomes: 2, bank_accounts: 1, matched_accounts: 1, transactions: 12 } },
    });
    const user = setupUser();
    renderWithProviders(<YourDataPage />, { preloadedState: signedInState() });
    await user.upload(screen.getByLabelText('Plan.csv'), new File(['Month,Category\n'], 'Plan.csv', { type: 'text/csv' }));
    await user.upload(screen.getByLabelText('Register.csv'), new File(['Account,Date\n'], 'Register.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    expect(await screen.findByText('Could not be mapped (1)')).toBeTruthy();
    expect(screen.getByText('Health: Gym')).toBeTruthy();
    // YNAB's scheduled row has its own heading, as the upcoming bill it becomes, with its amount.
    expect(screen.getByText('Upcoming bills (1)')).toBeTruthy();
    const upcoming = screen.getByRole('table', { name: 'Upcoming bills' });
    expect(within(upcoming).getByText('Landlord')).toBeTruthy();
    expect(within(upcoming).getByText('-950.00')).toBeTruthy();
    const files = { source: 'ynab', plan: 'Month,Category\n', register: 'Account,Date\n', names: ['Plan.csv', 'Register.csv'] };
    expect(network.find('POST', '/household/history/preview')[0].body).toEqual({ ...files, choices: {} });
    // The preview shows each account's and group's fate: the group matched with the household's own category.
    expect(screen.getByLabelText('Everyday becomes')).toBeTruthy();
    expect(screen.getByText('A new account')).toBeTruthy();
    expect(network.find('POST', '/household/history/import')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Import history' }));
    expect(await screen.findByText('Imported 2 budgets, 7 allocations, 1 new accounts (1 joined yours) and 12 transactions.')).toBeTruthy();
    // The import sends the same files and choices with the preview's fingerprint: it writes exactly what was shown.
    expect(network.find('POST', '/household/history/import')[0].body).toEqual({ ...files, choices: { preview: 'f1' } });
  });

  it('shows the server’s reason when an export is refused at its preview', async () => {
    const network = mockFetch({ 'POST /household/import/preview': () => refusal(422, ['This file is not an EveryCent household export.']) });
    const user = setupUser();
    renderWithProviders(<YourDataPage />, { preloadedState: signedInState() });
    await user.upload(screen.getByLabelText('EveryCent export file'), new File(['{"hello":1}'], 'notes.json', { type: 'application/json' }));
    await user.click(screen.getByRole('button', { name: 'Preview export' }));
    await waitFor(() => expect(screen.getAllByText('This file is not an EveryCent household export.').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: 'Import export' })).toBeNull();
    expect(network.find('POST', '/household/import')).toHaveLength(0);
  });

  it('an export between installs: the preview shows the new name and offers the file’s people, the import invites the ticked ones and shows their temporary passwords', async () => {
    const exportPreview: ImportPreview = {
      household: { name: 'Kim & Alex', current_name: 'Fresh' },
      counts: { allocation_categories: 3, institutions: 1, bank_accounts: 2, special_events: 0, budgets: 4, incomes: 4, allocations: 20, sink_fund_allocations: 0, transactions: 120, schedules: 0, activities: 9 },
      members: [
        { id: 11, name: 'Kim', email: 'kim@example.com', role_in_file: 'owner', here: true },
        { id: 12, name: 'Alex', email: 'alex@example.com', role_in_file: 'owner', here: false },
        { id: 13, name: 'Sam', email: 'sam@example.com', role_in_file: 'member', here: false },
      ],
    };
    const result: ImportResult = {
      imported: exportPreview.counts,
      household_name: 'Kim & Alex',
      invited: [{ name: 'Alex', email: 'alex@example.com', role_in_file: 'owner', temporary_password: 'tmp-Alex-123' }],
      not_added: [{ name: 'Sam', email: 'sam@example.com' }],
    };
    const network = mockFetch({ 'POST /household/import/preview': exportPreview, 'POST /household/import?invite=12': result });
    const user = setupUser();
    const { store } = renderWithProviders(<YourDataPage />, { preloadedState: signedInState() });
    await user.upload(screen.getByLabelText('EveryCent export file'), new File(['{"format":"everycent-household"}'], 'export.json', { type: 'application/json' }));
    await user.click(screen.getByRole('button', { name: 'Preview export' }));

    const shown = await screen.findByLabelText('Import preview');
    expect(shown.textContent).toContain('This household will be named "Kim & Alex" (now "Fresh").');
    expect(shown.textContent).toContain('4 budgets, 2 accounts and 120 transactions will be imported.');
    expect(shown.textContent).toContain('Kim (kim@example.com): already a member here');
    expect(within(shown).getByLabelText('Invite Alex').closest('label')!.textContent).toContain('will be invited');
    // Sam is unticked: not invited.
    await user.click(within(shown).getByLabelText('Invite Sam'));
    expect(within(shown).getByLabelText('Invite Sam').closest('label')!.textContent).toContain('will not be added');
    expect(network.find('POST', '/household/import')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Import export' }));
    const done = await screen.findByLabelText('Import result');
    expect(done.textContent).toContain('This household is now "Kim & Alex".');
    expect(within(done).getByRole('list', { name: 'Invited' }).textContent).toContain('Alex (alex@example.com): tmp-Alex-123');
    expect(done.textContent).toContain('Not added: Sam (sam@example.com).');
    const sent = network.find('POST', '/household/import');
    expect(sent.map((r) => r.search)).toEqual(['?invite=12']);
    expect(store.getState().auth.householdName).toBe('Kim & Alex');
  });

  const member = (role: 'owner' | 'member') => ({ id: 1, name: 'Ben', email: 'ben@example.com', last_sign_in_at: null, must_change_password: false, is_you: true, role });

  it('tells a member that only owners export and import, and offers neither', async () => {
    mockFetch({ 'GET /members': [member('member')] });
    renderWithProviders(<YourDataPage />, { preloadedState: signedInState() });
    expect(await screen.findByText('Only an owner of the household can export it or import into it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download everything (JSON)' })).toBeNull();
    expect(screen.queryByLabelText('EveryCent export file')).toBeNull();
  });

  it('says a file is beyond the limit before reading or sending it', async () => {
    const network = mockFetch({ 'GET /members': [member('owner')] });
    const user = setupUser();
    renderWithProviders(<YourDataPage />, { preloadedState: signedInState() });
    await user.click(await screen.findByRole('radio', { name: 'Actual Budget' }));
    const zip = new File(['PK'], 'export.zip', { type: 'application/zip' });
    Object.defineProperty(zip, 'size', { value: HISTORY_FILE_MAX_BYTES + 1 });
    await user.upload(screen.getByLabelText('Actual export (zip)'), zip);
    expect(await screen.findByText('export.zip is larger than 100 MB, the most EveryCent reads from one file.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Preview' }) as HTMLButtonElement).disabled).toBe(true);
    expect(network.find('POST', '/household/history/preview')).toHaveLength(0);
  });
});
