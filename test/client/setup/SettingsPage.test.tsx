import { screen, waitFor } from '@testing-library/react';
import { SETTINGS_CONFLICT_MESSAGE, type SettingsBody } from '../../../src/shared/schemas/setup';
import { mockFetch, refusal, type RecordedRequest } from '../../support/fetchMock';
import { settings } from '../../support/fixtures';
import { setupUser } from '../../support/user';
import { renderSetupPage } from './renderSetup';
import { setUpHousehold } from './setupFixtures';

const saved = (request: RecordedRequest) => ({ body: { ...(request.body as SettingsBody), lock_version: ((request.body as SettingsBody).lock_version ?? 0) + 1 } });

describe('Settings', () => {
  it("asks a couple for both names and a single person for one, and saves with the version it loaded", async () => {
    const network = mockFetch({ ...setUpHousehold(), 'POST /settings': saved });
    const user = setupUser();
    const { messages } = renderSetupPage('/setup/settings');
    expect(await screen.findByLabelText("Second Partner's Name")).toHaveValue('Husband');
    expect(screen.getByLabelText("First Partner's Name")).toHaveValue('Wife');
    expect(screen.queryByLabelText("Person's Name")).not.toBeInTheDocument();

    await user.click(screen.getByText('Single'));
    const person = await screen.findByLabelText("Person's Name");
    expect(screen.queryByLabelText("Second Partner's Name")).not.toBeInTheDocument();
    await user.clear(person);
    await user.type(person, 'Sam{Enter}');

    await waitFor(() => expect(messages).toContain('Settings saved.'));
    expect(network.find('POST', '/settings')[0].body).toEqual({
      family_type: 'single',
      single_person: 'Sam',
      husband: 'Husband',
      wife: 'Wife',
      split_rule: 'even',
      primary_budget_account_id: null,
      default_allocation_category_id_for_special_events: null,
      lock_version: 3,
    });
  });

  it('guards edits like every edit mode: leaving the tab is held until they are saved', async () => {
    mockFetch({ ...setUpHousehold(), 'POST /settings': saved });
    const user = setupUser();
    const { messages } = renderSetupPage('/setup/settings');
    const husband = await screen.findByLabelText("Second Partner's Name");
    const unloadIsHeld = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    expect(unloadIsHeld()).toBe(false);
    await user.type(husband, ' Jr');
    expect(unloadIsHeld()).toBe(true);
    await user.type(husband, '{Enter}');
    await waitFor(() => expect(messages).toContain('Settings saved.'));
    expect(unloadIsHeld()).toBe(false);
  });

  it('lets a partner stay unnamed (the placeholder says who), but requires the single person\'s name', async () => {
    const network = mockFetch({ ...setUpHousehold(), 'POST /settings': saved });
    const user = setupUser();
    const { messages } = renderSetupPage('/setup/settings');
    const first = await screen.findByLabelText("First Partner's Name");
    expect(first).toHaveAttribute('placeholder', 'First partner');
    expect(screen.getByLabelText("Second Partner's Name")).toHaveAttribute('placeholder', 'Second partner');
    await user.clear(first);
    await user.click(screen.getByText('Save Settings'));
    await waitFor(() => expect(messages).toContain('Settings saved.'));
    expect(network.find('POST', '/settings')[0].body).toMatchObject({ wife: '', husband: 'Husband' });

    await user.click(screen.getByText('Single'));
    await user.clear(await screen.findByLabelText("Person's Name"));
    await user.click(screen.getByText('Save Settings'));
    expect(await screen.findByText("Name can't be blank")).toBeInTheDocument();
    expect(network.find('POST', '/settings')).toHaveLength(1);
  });

  it('keeps what was typed on a conflict, and Reload brings in the other change', async () => {
    let version = 3;
    const network = mockFetch({
      ...setUpHousehold(),
      'GET /settings': () => ({ body: version === 3 ? settings() : settings({ husband: 'Robert', wife: 'Alice', lock_version: 4 }) }),
      'POST /settings': (request: RecordedRequest) => ((request.body as SettingsBody).lock_version === version ? saved(request) : refusal(409, [SETTINGS_CONFLICT_MESSAGE])),
    });
    const user = setupUser();
    const { messages } = renderSetupPage('/setup/settings');
    const husband = await screen.findByLabelText("Second Partner's Name");
    version = 4; // someone else saves meanwhile
    await user.clear(husband);
    await user.type(husband, 'Bob');
    await user.click(screen.getByText('Save Settings'));

    expect(await screen.findByText(SETTINGS_CONFLICT_MESSAGE)).toBeInTheDocument();
    expect(messages).toContain(`Settings not saved. ${SETTINGS_CONFLICT_MESSAGE}`);
    expect(screen.getByLabelText("Second Partner's Name")).toHaveValue('Bob');

    await user.click(screen.getByText('Reload'));
    await waitFor(() => expect(screen.getByLabelText("Second Partner's Name")).toHaveValue('Robert'));
    expect(screen.getByLabelText("First Partner's Name")).toHaveValue('Alice');
    expect(screen.queryByText(SETTINGS_CONFLICT_MESSAGE)).not.toBeInTheDocument();

    await user.click(screen.getByText('Save Settings'));
    await waitFor(() => expect(messages).toContain('Settings saved.'));
    expect(network.find('POST', '/settings').map((r) => (r.body as SettingsBody).lock_version)).toEqual([3, 4]);
  });

  it('points a new household to the setup it is missing', async () => {
    mockFetch({ ...setUpHousehold(), 'GET /bank_accounts': [], 'GET /allocation_categories': [] });
    renderSetupPage('/setup/settings');
    expect(await screen.findByText('Add your bank accounts')).toHaveAttribute('href', '/setup/bank-accounts');
    expect(screen.getByText('Add your allocation categories')).toHaveAttribute('href', '/setup/allocation-categories');
  });
});
