import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, refusal } from '../../support/fetchMock';
import { setupUser } from '../../support/user';
import { renderSetupPage } from './renderSetup';
import { findDialog, openDialog, queryDialog } from '../../support/dialogs';
import { setUpHousehold } from './setupFixtures';

const openAddDialog = (user: ReturnType<typeof setupUser>) => openDialog(user, 'Add Allocation Category');

describe('Allocation Categories', () => {
  it('refuses a blank name on the client and sends nothing', async () => {
    const network = mockFetch(setUpHousehold());
    const user = setupUser();
    renderSetupPage('/setup/allocation-categories');
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText('Name'), '   ');
    await user.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText("Name can't be blank")).toBeInTheDocument();
    expect(network.find('POST', '/allocation_categories')).toHaveLength(0);
  });

  it('saves a new category with Enter, closes the dialog and says so', async () => {
    const network = mockFetch({ ...setUpHousehold(), 'POST /allocation_categories': { id: 2, name: 'Rent' } });
    const user = setupUser();
    const { messages } = renderSetupPage('/setup/allocation-categories');
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText('Name'), '  Rent {Enter}');
    await waitFor(() => expect(messages).toContain('Allocation Category saved.'));
    expect(network.find('POST', '/allocation_categories')[0].body).toEqual({ name: 'Rent' });
    await waitFor(() => expect(queryDialog('Add Allocation Category')).not.toBeInTheDocument());
    // The list is fetched again after the save.
    await waitFor(() => expect(network.find('GET', '/allocation_categories').length).toBeGreaterThanOrEqual(2));
  });

  it('keeps the dialog open with the typed name when the server refuses a duplicate', async () => {
    mockFetch({
      ...setUpHousehold(),
      'POST /allocation_categories': () => refusal(422, ['Allocation Category already exists.'], { name: ['Allocation Category already exists.'] }),
    });
    const user = setupUser();
    const { messages } = renderSetupPage('/setup/allocation-categories');
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText('Name'), 'groceries');
    await user.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('Allocation Category already exists.')).toBeInTheDocument();
    expect(messages).toContain('Allocation Category not saved. Allocation Category already exists.');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('groceries');
    expect(queryDialog('Add Allocation Category')).toBeInTheDocument();
  });

  it('renames a category through the Edit dialog', async () => {
    const network = mockFetch({ ...setUpHousehold(), 'PUT /allocation_categories/1': { id: 1, name: 'Food' } });
    const user = setupUser();
    const { messages } = renderSetupPage('/setup/allocation-categories');
    await user.click(await screen.findByLabelText('Edit Groceries'));
    const dialog = await findDialog('Edit Allocation Category');
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('Groceries');
    await user.clear(name);
    await user.type(name, 'Food');
    await user.click(within(dialog).getByText('Save'));
    await waitFor(() => expect(messages).toContain('Allocation Category saved.'));
    expect(network.find('PUT', '/allocation_categories/1')[0].body).toEqual({ name: 'Food' });
  });

  it('asks before deleting and shows the reason when the category is in use', async () => {
    const network = mockFetch({
      ...setUpHousehold(),
      'DELETE /allocation_categories/1': () => refusal(422, ["Category 'Groceries' is used by 14 allocations"]),
    });
    const user = setupUser();
    renderSetupPage('/setup/allocation-categories');
    await user.click(await screen.findByLabelText('Delete Groceries'));
    const question = await findDialog('Delete Allocation Category?');
    expect(within(question).getByText("Are you sure you want to delete 'Groceries'?")).toBeInTheDocument();
    await user.click(within(question).getByText('Yes'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Allocation Category not deleted.')).toBeInTheDocument();
    expect(within(alert).getByText("Category 'Groceries' is used by 14 allocations.")).toBeInTheDocument();
    expect(network.find('DELETE', '/allocation_categories/1')).toHaveLength(1);
  });

  it('deletes nothing when the person answers No', async () => {
    const network = mockFetch(setUpHousehold());
    const user = setupUser();
    renderSetupPage('/setup/allocation-categories');
    await user.click(await screen.findByLabelText('Delete Groceries'));
    const question = await findDialog('Delete Allocation Category?');
    await user.click(within(question).getByText('No'));
    await waitFor(() => expect(queryDialog('Delete Allocation Category?')).not.toBeInTheDocument());
    expect(network.find('DELETE', '/allocation_categories/1')).toHaveLength(0);
  });
});
