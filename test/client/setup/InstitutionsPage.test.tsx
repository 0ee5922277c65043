import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, refusal } from '../../support/fetchMock';
import { settings } from '../../support/fixtures';
import { setupUser } from '../../support/user';
import { renderSetupPage } from './renderSetup';
import { openDialog, queryDialog } from '../../support/dialogs';
import { setUpHousehold } from './setupFixtures';
import { guideSteps } from '../../../src/features/guide/guideSteps';

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

describe('Guided start on the setup pages', () => {
  it("lists the guided start's own steps (one list of steps, not a second one), ticking off the ones done", async () => {
    mockFetch({
      ...setUpHousehold(),
      'GET /bank_accounts': [],
      'GET /allocation_categories': [],
      'GET /settings': settings({ lock_version: 0 }),
      'GET /transactions/last_update': { transaction_date: null, has_transactions: false },
    });
    renderSetupPage('/setup/institutions');
    const checklist = await screen.findByRole('complementary', { name: 'Guided start' });
    const steps = within(checklist).getAllByRole('listitem');
    expect(steps.map((step) => step.firstElementChild?.textContent)).toEqual(['1', '2', '3', '4']);
    expect(steps.map((step) => within(step).getAllByRole('link')[0].textContent)).toEqual(guideSteps.map((step) => step.links[0].label));
    expect(steps[0]).toHaveTextContent(guideSteps[0].title);
    expect(within(checklist).getByRole('link', { name: 'Add your accounts (Bank Accounts)' })).toHaveAttribute('href', '/setup/bank-accounts');
    expect(within(checklist).getByRole('link', { name: /\(Settings\)$/ })).toHaveAttribute('href', '/setup/settings');
    expect(screen.queryByRole('complementary', { name: 'Getting started' })).not.toBeInTheDocument();
  });

  it('ticks a step done from the household\'s data', async () => {
    mockFetch({ ...setUpHousehold(), 'GET /transactions/last_update': { transaction_date: null, has_transactions: false } });
    renderSetupPage('/setup/institutions');
    const checklist = await screen.findByRole('complementary', { name: 'Guided start' });
    const [accounts, budget] = within(checklist).getAllByRole('listitem');
    expect(accounts.firstElementChild).toHaveTextContent('✓');
    expect(accounts).toHaveTextContent('(done)');
    expect(budget.firstElementChild).toHaveTextContent('2');
  });
});

