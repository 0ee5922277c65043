import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '../../support/fetchMock';
import { bankAccount } from '../../support/fixtures';
import { setupUser } from '../../support/user';
import { renderSetupPage } from './renderSetup';
import { findDialog, openDialog } from '../../support/dialogs';
import { setUpHousehold } from './setupFixtures';

const budget = (id: number, start: string, status: 'open' | 'closed') => ({ id, name: `Budget ${id}`, start_date: start, end_date: start, status });

describe('Opening Balance and Opening Date in the bank account dialog', () => {
  it('opens a new account the day before the earliest budget, says what that means, and sends the date chosen', async () => {
    const network = mockFetch({
      ...setUpHousehold(),
      'GET /budgets': [budget(9, '2026-04-01', 'open'), budget(8, '2026-03-01', 'open'), budget(7, '2026-02-01', 'closed')],
      'POST /bank_accounts': bankAccount({ id: 2, name: 'Cash' }),
    });
    const user = setupUser();
    const { messages } = renderSetupPage('/setup/bank-accounts');
    const dialog = await openDialog(user, 'Add Bank Account');
    const date = within(dialog).getByLabelText('Opening Date');
    await waitFor(() => expect(date).toHaveValue('2026-01-31'));
    expect(
      within(dialog).getByText('Your balance at the end of Jan 31, 2026: transactions dated after that day are added to it; earlier ones cannot be entered.'),
    ).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name'), 'Cash');
    // jsdom's date input takes no typing: set it as a date picker does.
    fireEvent.change(date, { target: { value: '2026-02-28' } });
    expect(await within(dialog).findByText(/^Your balance at the end of Feb 28, 2026:/)).toBeInTheDocument();
    await user.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(messages).toContain('Bank Account saved.'));
    expect(network.find('POST', '/bank_accounts')[0].body).toMatchObject({ name: 'Cash', opening_balance: 0, opening_date: '2026-02-28' });
  });

  it('shows an existing account’s opening date and says that changing it recomputes its balances', async () => {
    const network = mockFetch({ ...setUpHousehold(), 'GET /bank_accounts': [bankAccount({ name: 'Chequing', opening_date: '2026-01-31' })] });
    const user = setupUser();
    renderSetupPage('/setup/bank-accounts');
    const edit = await screen.findByLabelText('Edit Chequing');
    // The page's guided-start checklist reads the budgets; the dialog of an existing account needs none.
    const budgetReadsBefore = network.find('GET', '/budgets').length;
    await user.click(edit);
    const dialog = await findDialog('Edit Bank Account: Chequing');
    expect(within(dialog).getByLabelText('Opening Date')).toHaveValue('2026-01-31');
    expect(within(dialog).getByText(/Changing the opening balance or date recomputes every balance of this account\.$/)).toBeInTheDocument();
    expect(network.find('GET', '/budgets')).toHaveLength(budgetReadsBefore);
  });
});
