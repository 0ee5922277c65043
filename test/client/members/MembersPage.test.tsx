import { screen, waitFor, within } from '@testing-library/react';
import { type AddMemberBody, type DeviceSession, LAST_OWNER_CANNOT_LEAVE, type Member } from '../../../src/shared/schemas/members';
import { hasCredentials } from '../../../src/platform/credentials';
import { storeTestCredentials } from '../../support/render';
import { mockFetch, refusal, type RecordedRequest } from '../../support/fetchMock';
import { setupUser } from '../../support/user';
import MembersPage from '../../../src/features/members/MembersPage';
import { recordMessages } from '../../support/messages';
import { findDialog, openDialog } from '../../support/dialogs';
import { renderWithProviders, signedInState } from '../../support/render';

const ann: Member = { id: 1, name: 'Ann', email: 'ann@example.com', last_sign_in_at: '2026-11-25T10:00:00.000Z', must_change_password: false, is_you: true, role: 'owner' };
const ben: Member = { id: 2, name: 'Ben', email: 'ben@example.com', last_sign_in_at: null, must_change_password: true, is_you: false, role: 'member' };
const sessions: DeviceSession[] = [
  { id: 10, device: 'Chrome on Linux', signed_in_at: '2026-11-25T10:00:00.000Z', last_used_at: '2026-11-25T10:00:00.000Z', expires_at: '2026-12-09T10:00:00.000Z', current: true },
  { id: 11, device: 'Safari on iOS', signed_in_at: '2026-11-20T10:00:00.000Z', last_used_at: '2026-11-21T10:00:00.000Z', expires_at: '2026-12-04T10:00:00.000Z', current: false },
];

// Generous: antd's first render of a dialog is slow in jsdom, more so on a busy machine.
jest.setTimeout(90_000);

/** The Members page as the router mounts it (beside the setup pages), with every message it shows. */
function renderMembersPage() {
  const rendered = renderWithProviders(<MembersPage />, { path: '/setup/members', preloadedState: signedInState() });
  return { ...rendered, messages: recordMessages(rendered.store) };
}

describe('Members', () => {
  it('adds a member and shows the temporary password once', async () => {
    let members = [ann];
    const network = mockFetch({
      'GET /members': () => ({ body: members }),
      'GET /account/sessions': sessions,
      'POST /members': (request: RecordedRequest) => {
        const body = request.body as AddMemberBody;
        const member = { ...ben, name: body.name, email: body.email };
        members = [ann, member];
        return { status: 201, body: { member, temporary_password: 'Temp-Pass-1234' } };
      },
    });
    const user = setupUser();
    const { messages } = renderMembersPage();
    expect(await screen.findByText('You')).toBeInTheDocument();
    expect(screen.queryByLabelText('Remove Ann')).not.toBeInTheDocument();

    const dialog = await openDialog(user, 'Add Member');
    await user.type(within(dialog).getByLabelText('Name'), 'Ben');
    await user.type(within(dialog).getByLabelText('Email'), 'ben@example.com{Enter}');

    await waitFor(() => expect(messages).toContain('Member added.'));
    expect(network.find('POST', '/members')[0].body).toEqual({ name: 'Ben', email: 'ben@example.com' });
    expect(await screen.findByText('Temp-Pass-1234')).toBeInTheDocument();
    expect(screen.getByText(/shown only this once/)).toBeInTheDocument();
    expect(await screen.findByText('Temporary password')).toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when the email is taken', async () => {
    mockFetch({
      'GET /members': [ann],
      'GET /account/sessions': sessions,
      'POST /members': () => refusal(422, ['This email is already a member of this household'], { email: ['This email is already a member of this household'] }),
    });
    const user = setupUser();
    const { messages } = renderMembersPage();
    const dialog = await openDialog(user, 'Add Member');
    await user.type(within(dialog).getByLabelText('Name'), 'Ben');
    await user.type(within(dialog).getByLabelText('Email'), 'ann@example.com{Enter}');
    await waitFor(() => expect(messages).toContain('Member not added. This email is already a member of this household.'));
    expect(within(await findDialog('Add Member')).getByLabelText('Email')).toHaveValue('ann@example.com');
  });

  const removals = () =>
    mockFetch({
      'GET /members': [ann, ben],
      'GET /account/sessions': sessions,
      'DELETE /members/2': { success: true },
      'DELETE /account/sessions/11': { success: true },
    });

  it('guards a password being typed: leaving the page asks first, and a change saved lets it go', async () => {
    const network = mockFetch({ 'GET /members': [ann], 'GET /account/sessions': sessions, 'PUT /account/password': { success: true } });
    const user = setupUser();
    const { router, messages } = renderMembersPage();
    const unloadIsHeld = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    await user.type(await screen.findByLabelText('Current password'), 'old password 1');
    expect(unloadIsHeld()).toBe(true);
    void router.navigate('/setup/settings');
    const question = await findDialog('Leave without saving?');
    expect(question).toHaveTextContent('You have unsaved changes to your password. Leave this page and lose them?');
    await user.click(within(question).getByText('No', { selector: 'button *' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/setup/members'));
    expect(screen.getByLabelText('Current password')).toHaveValue('old password 1');

    await user.type(screen.getByLabelText('New password'), 'a new long password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a new long password{Enter}');
    await waitFor(() => expect(messages).toContain('Password changed. Your other devices are signed out.'));
    expect(network.find('PUT', '/account/password')).toHaveLength(1);
    expect(unloadIsHeld()).toBe(false);
  });

  it('removes another member after asking', async () => {
    const network = removals();
    const user = setupUser();
    const { messages } = renderMembersPage();
    await user.click(await screen.findByLabelText('Remove Ben'));
    await findDialog('Remove member?');
    await user.click(screen.getByText('Yes', { selector: 'button *' }));
    await waitFor(() => expect(messages).toContain('Member removed.'));
    expect(network.find('DELETE', '/members/2')).toHaveLength(1);
  });

  it('signs out one of my other devices, never this one', async () => {
    const network = removals();
    const user = setupUser();
    const { messages } = renderMembersPage();
    await screen.findByLabelText('Sign out Safari on iOS');
    expect(screen.queryByLabelText('Sign out Chrome on Linux')).not.toBeInTheDocument();
    await user.click(await screen.findByLabelText('Sign out Safari on iOS'));
    await findDialog('Sign out this device?');
    await user.click(screen.getByText('Yes', { selector: 'button *' }));
    await waitFor(() => expect(messages).toContain('Device signed out.'));
    expect(network.find('DELETE', '/account/sessions/11')).toHaveLength(1);
  });

  it('shows each role; an owner is offered the owner actions on the others and changes a role after asking', async () => {
    let members = [ann, ben];
    const network = mockFetch({
      'GET /members': () => ({ body: members }),
      'GET /account/sessions': sessions,
      'PUT /members/2': () => {
        members = [ann, { ...ben, role: 'owner' }];
        return { body: members[1] };
      },
    });
    const user = setupUser();
    const { messages } = renderMembersPage();
    const table = await screen.findByRole('table', { name: 'Household members' });
    await waitFor(() => expect(within(table).getByText('Owner')).toBeInTheDocument());
    expect(within(table).getByText('Member')).toBeInTheDocument();
    expect(screen.getByText('Add Member', { selector: 'button *' })).toBeInTheDocument();
    expect(screen.getByLabelText('Remove Ben')).toBeInTheDocument();
    expect(screen.queryByLabelText('Make Ann a member')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Make Ben an owner'));
    const question = await findDialog('Make Ben an owner?');
    expect(question).toHaveTextContent('Ben will be able to add and remove members and change their roles.');
    await user.click(within(question).getByText('Yes', { selector: 'button *' }));
    await waitFor(() => expect(messages).toContain('Role changed.'));
    expect(network.find('PUT', '/members/2')[0].body).toEqual({ role: 'owner' });
    expect(await screen.findByLabelText('Make Ben a member')).toBeInTheDocument();
  });

  it('offers a member no owner actions, only leaving', async () => {
    mockFetch({
      'GET /members': [
        { ...ann, is_you: false },
        { ...ben, is_you: true, must_change_password: false },
      ],
      'GET /account/sessions': sessions,
    });
    renderMembersPage();
    const table = await screen.findByRole('table', { name: 'Household members' });
    await waitFor(() => expect(within(table).getByText('Owner')).toBeInTheDocument());
    expect(await screen.findByText('Leave household', { selector: 'button *' })).toBeInTheDocument();
    expect(screen.queryByText('Add Member', { selector: 'button *' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Remove Ann')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Make Ann a member')).not.toBeInTheDocument();
  });

  it('leaves the household after asking, and is signed out here', async () => {
    storeTestCredentials();
    const network = mockFetch({
      'GET /members': [
        { ...ann, is_you: false },
        { ...ben, is_you: true, must_change_password: false },
      ],
      'GET /account/sessions': sessions,
      'DELETE /members/2': { success: true },
    });
    const user = setupUser();
    const { router, messages } = renderMembersPage();
    await user.click(await screen.findByText('Leave household', { selector: 'button *' }));
    const question = await findDialog('Leave household?');
    expect(question).toHaveTextContent('You will be signed out everywhere and can no longer sign in to The Testers.');
    await user.click(within(question).getByText('Yes', { selector: 'button *' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(messages).toContain('You left the household.');
    expect(network.find('DELETE', '/members/2')).toHaveLength(1);
    expect(hasCredentials()).toBe(false);
  });

  it("shows the server's refusal when the last owner tries to leave, and stays", async () => {
    storeTestCredentials();
    mockFetch({
      'GET /members': [ann, ben],
      'GET /account/sessions': sessions,
      'DELETE /members/1': () => refusal(422, [LAST_OWNER_CANNOT_LEAVE]),
    });
    const user = setupUser();
    const { router, messages } = renderMembersPage();
    await user.click(await screen.findByText('Leave household', { selector: 'button *' }));
    await user.click(within(await findDialog('Leave household?')).getByText('Yes', { selector: 'button *' }));
    // Said once, on the page: the message bar does not repeat it.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You did not leave.');
    expect(alert).toHaveTextContent(LAST_OWNER_CANNOT_LEAVE);
    expect(messages.filter((message) => message.includes(LAST_OWNER_CANNOT_LEAVE))).toEqual([]);
    expect(router.state.location.pathname).toBe('/setup/members');
    expect(hasCredentials()).toBe(true);
  });
});
