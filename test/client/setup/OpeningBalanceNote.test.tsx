import { screen, within } from '@testing-library/react';
import { mockFetch } from '../../support/fetchMock';
import { bankAccount } from '../../support/fixtures';
import { setupUser } from '../../support/user';
import { findDialog, openDialog, renderSetupPage } from './renderSetup';
import { setUpHousehold } from './setupFixtures';

const budget = (id: number, start: string, status: 'open' | 'closed') => ({ id, name: `Budget ${id}`, start_date: start, end_date: start, status });

describe('Opening Balance in the bank account dialog', () => {
  it('says at the end of which day a new account’s opening balance counts: the day before the current budget', async () => {
    mockFetch({
      ...setUpHousehold(),
      'GET /budgets': [budget(9, '2026-04-01', 'open'), budget(8, '2026-03-01', 'open'), budget(7, '2026-02-01', 'closed')],
    });
    const user = setupUser();
    renderSetupPage('/setup/bank-accounts');
    const dialog = await openDialog(user, 'Add Bank Account');
    expect(
      await within(dialog).findByText('Your balance at the end of Feb 28, 2026: transactions dated up to that day are already in it, later ones are added to it.'),
    ).toBeInTheDocument();
  });

  it('says that correcting an existing account’s opening balance moves its balances', async () => {
    const network = mockFetch({ ...setUpHousehold(), 'GET /bank_accounts': [bankAccount({ name: 'Chequing' })] });
    const user = setupUser();
    renderSetupPage('/setup/bank-accounts');
    await user.click(await screen.findByLabelText('Edit Chequing'));
    const dialog = await findDialog('Edit Bank Account: Chequing');
    expect(within(dialog).getByText('Changing it moves every balance of this account by the same amount.')).toBeInTheDocument();
    expect(network.find('GET', '/budgets')).toHaveLength(0);
  });
});
