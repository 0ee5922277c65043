import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../support/fetchMock';
import { CHUNK_LOAD, loadShellCode, renderApp } from '../../support/render';
import { signInOk } from './authFixtures';

jest.setTimeout(30_000);
beforeAll(loadShellCode, 180_000);

const household = {
  'Household name': 'The Smiths',
  'Your name': 'Ann',
  Email: 'ann@example.com',
  Password: 'a long password',
};

async function fillIn(values: Record<string, string>, confirmation: string) {
  for (const [label, value] of Object.entries(values)) await userEvent.type(screen.getByLabelText(label), value);
  await userEvent.type(screen.getByLabelText('Confirm password'), confirmation);
}

/** A new install's first-run form, with a server that accepts the household and the sign-in after it. */
async function openFirstRun() {
  const network = mockFetch({
    'GET /setup/status': { needs_household: true },
    'POST /setup/household': () => ({ status: 201, body: { success: true } }),
    'POST /auth/sign_in': signInOk,
    'GET /transactions/last_update': { transaction_date: '2026-11-21', has_transactions: true },
  });
  const { router } = await renderApp('/login');
  await screen.findByRole('heading', { name: 'Create your household' }, CHUNK_LOAD);
  return { network, router };
}

describe('first run: create your household', () => {
  it('is offered only when the install has no users yet', async () => {
    mockFetch({ 'GET /setup/status': { needs_household: false } });
    await renderApp('/login');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument());
    expect(screen.queryByText('Create your household')).not.toBeInTheDocument();
  });

  it('opened at a guarded address, shows no "Not logged in": nobody has logged in yet', async () => {
    mockFetch({ 'GET /setup/status': { needs_household: true } });
    const { store } = await renderApp('/budgets');
    expect(await screen.findByRole('heading', { name: 'Create your household' }, CHUNK_LOAD)).toBeInTheDocument();
    await waitFor(() => expect(store.getState().messages.current).toBeNull());
    expect(screen.queryByText('Not logged in')).not.toBeInTheDocument();
  });

  it('refuses a password confirmation that does not match, without asking the server', async () => {
    const network = mockFetch({ 'GET /setup/status': { needs_household: true } });
    await renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Create your household' }, CHUNK_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log In' })).not.toBeInTheDocument();

    await fillIn(household, 'another password');
    await userEvent.click(screen.getByRole('button', { name: 'Create household' }));
    expect(await screen.findByText("Password confirmation doesn't match Password")).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(network.find('POST', '/setup/household')).toHaveLength(0);
  });

  it('creates the household, then signs in and opens home', async () => {
    const { network, router } = await openFirstRun();
    await fillIn(household, 'a long password');
    await userEvent.click(screen.getByRole('button', { name: 'Create household' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'), CHUNK_LOAD);
    expect(network.find('POST', '/setup/household')[0].body).toEqual({
      household_name: 'The Smiths',
      name: 'Ann',
      email: 'ann@example.com',
      password: 'a long password',
      password_confirmation: 'a long password',
      first_partner_name: '',
      second_partner_name: '',
    });
    expect(network.find('POST', '/auth/sign_in')[0].body).toEqual({ email: 'ann@example.com', password: 'a long password' });
    expect(window.localStorage.getItem('householdName')).toBe('The Smiths');
  });

  it('may name the two partners: optional, trimmed, with the stand-ins of an unnamed partner as placeholders', async () => {
    const { network, router } = await openFirstRun();
    const partners = screen.getByRole('group', { name: 'A couple? Name the partners (optional)' });
    expect(within(partners).getByLabelText("First Partner's Name")).toHaveAttribute('placeholder', 'First partner');
    expect(within(partners).getByLabelText("Second Partner's Name")).toHaveAttribute('placeholder', 'Second partner');
    await fillIn({ ...household, "First Partner's Name": '  Ann ', "Second Partner's Name": '   ' }, 'a long password');
    await userEvent.click(screen.getByRole('button', { name: 'Create household' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'), CHUNK_LOAD);
    expect(network.find('POST', '/setup/household')[0].body).toMatchObject({ first_partner_name: 'Ann', second_partner_name: '' });
  });

  it("shows the server's messages when it refuses", async () => {
    const network = mockFetch({
      'GET /setup/status': { needs_household: true },
      'POST /setup/household': () => ({
        status: 422,
        body: { success: false, errors: ['This EveryCent already has a household.', 'Email has already been taken'], field_errors: { email: ['Email has already been taken'] } },
      }),
    });
    await renderApp('/login');
    await screen.findByRole('heading', { name: 'Create your household' }, CHUNK_LOAD);
    await fillIn(household, 'a long password');
    await userEvent.click(screen.getByRole('button', { name: 'Create household' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This EveryCent already has a household.');
    expect(alert).toHaveTextContent('Email has already been taken');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(network.find('POST', '/auth/sign_in')).toHaveLength(0);
  });
});
