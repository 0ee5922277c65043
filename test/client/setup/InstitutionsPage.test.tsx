import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, refusal } from '../../support/fetchMock';
import { settings } from '../../support/fixtures';
import { setupUser } from '../../support/user';
import { renderSetupPage } from './renderSetup';
import { openDialog, queryDialog } from '../../support/dialogs';
import { setUpHousehold } from './setupFixtures';

describe('Financial Institutions', () => {
  it('adds an institution and names it in the message', async () => {
    const network = mockFetch({ ...setUpHousehold(), 'POST /institutions': { id: 2, name: 'Credit Union' } });
    const user = setupUser();
    const { messages } = renderSetupPage('/setup/institutions');
    const dialog = await openDialog(user, 'Add Institution');
    await user.type(within(dialog).getByLabelText('Name'), 'Credit Union');
    await user.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(messages).toContain('Institution saved.'));
    expect(network.find('POST', '/institutions')[0].body).toEqual({ name: 'Credit Union' });
  });

  it('shows a duplicate refusal in the dialog, and Escape then asks before dropping the typed name', async () => {
    const network = mockFetch({ ...setUpHousehold(), 'POST /institutions': () => refusal(422, ['Institution already exists.']) });
    const user = setupUser();
    const { messages } = renderSetupPage('/setup/institutions');
    const dialog = await openDialog(user, 'Add Institution');
    await user.type(within(dialog).getByLabelText('Name'), 'First Bank{Enter}');
    expect(await within(dialog).findByText('Institution already exists.')).toBeInTheDocument();
    expect(messages).toContain('Institution not saved. Institution already exists.');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('First Bank');
    await user.keyboard('{Escape}');
    const question = (await screen.findAllByText('Close without saving?', { selector: '.ant-modal-confirm-title' }))[0].closest('.ant-modal') as HTMLElement;
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(queryDialog('Add Institution')).not.toBeInTheDocument());
    expect(network.find('POST', '/institutions')).toHaveLength(1);
  });
});

describe('Getting started', () => {
  it('lists the setup steps in order, ticking off the ones done', async () => {
    mockFetch({ ...setUpHousehold(), 'GET /bank_accounts': [], 'GET /allocation_categories': [], 'GET /settings': settings({ lock_version: 0 }) });
    renderSetupPage('/setup/institutions');
    const steps = await screen.findAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      // One marker per step (issue 32): its number, or ✓ once done.
      '✓Add your bank or financial institution (done)',
      '2Add your bank accounts',
      '3Add your allocation categories',
      '4Choose your settings',
    ]);
    expect(screen.getByText('Add your bank accounts')).toHaveAttribute('href', '/setup/bank-accounts');
  });
});
