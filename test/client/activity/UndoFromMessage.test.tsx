import { screen, waitFor, within } from '@testing-library/react';
import { setupStore } from '../../../src/app/store';
import { useUndoChange } from '../../../src/features/activity/useUndoChange';
import BudgetsArea from '../../../src/features/budgets/BudgetsArea';
import { MessageBar } from '../../../src/platform/messages/MessageBar';
import { infoShown, MESSAGE_LIFETIME_MS, messageLifetime, UNDO_MESSAGE_LIFETIME_MS } from '../../../src/platform/messages/messagesSlice';
import { ACTIVITY_ID_HEADER } from '../../../src/shared/activityHeader';
import type { ActivityEntry } from '../../../src/shared/schemas/activity';
import { accounts, budgetList, categories, householdSettings, sampleBudget } from '../budgets/fixtures';
import { recordMessages } from '../../support/messages';
import { mockFetch, refusal } from '../../support/fetchMock';
import { renderWithProviders, signedInState } from '../../support/render';
import { setupUser } from '../../support/user';

jest.setTimeout(120_000);

/** The budgets area under the signed-in message bar, which offers "Undo" as the shell's does. */
function SignedInBudgets() {
  const { undoChange } = useUndoChange();
  return (
    <>
      <MessageBar onUndo={undoChange} />
      <BudgetsArea />
    </>
  );
}

const undoEntry: ActivityEntry = {
  id: 42,
  user_id: 1,
  actor_name: 'Admin',
  kind: 'undo',
  summary: 'undid: saved Jan 01 - Jan 31, 2026',
  text: 'Admin undid: saved Jan 01 - Jan 31, 2026',
  budget_id: 7,
  bank_account_id: null,
  created_at: '2026-01-10T10:00:00.000Z',
  undoable: false,
  undone: false,
  undoes_id: 41,
};

async function saveBudget(undo: unknown) {
  const network = mockFetch({
    'GET /allocation_categories': categories,
    'GET /bank_accounts': accounts,
    'GET /settings': householdSettings(),
    'GET /budgets': budgetList,
    'GET /budgets/7': sampleBudget(),
    'GET /schedules/upcoming': [],
    'PUT /budgets/7': () => ({ body: sampleBudget({ lock_version: 4 }), headers: { [ACTIVITY_ID_HEADER]: '41' } }),
    'POST /activity/41/undo': undo,
  });
  const rendered = renderWithProviders(<SignedInBudgets />, { path: '/budgets/*', url: '/budgets/7', preloadedState: signedInState() });
  const messages = recordMessages(rendered.store);
  const user = setupUser();
  await user.click(await screen.findByRole('button', { name: 'Make Changes' }));
  const rent = screen.getAllByLabelText('Allocation comment')[0];
  await user.type(rent, 'x');
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  const saved = await screen.findByRole('status');
  await waitFor(() => expect(saved).toHaveTextContent('Budget saved.'));
  return { network, messages, user, store: rendered.store, saved };
}

describe('Undo from the confirmation message', () => {
  it('offers "Undo" after a recorded save and undoes that change, refreshing the budget', async () => {
    const { network, messages, user, store, saved } = await saveBudget({ success: true, activity: undoEntry });
    expect(store.getState().messages.current).toMatchObject({ text: 'Budget saved.', undoActivityId: 41 });
    const loads = network.find('GET', '/budgets/7').length;
    await user.click(within(saved).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(messages).toContain('Change undone.'));
    expect(network.find('POST', '/activity/41/undo')).toHaveLength(1);
    await waitFor(() => expect(network.find('GET', '/budgets/7').length).toBeGreaterThan(loads));
    // The undo is not offered again: undos are not undone.
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('says clearly why an undo was refused, and leaves that message up to be read', async () => {
    const reason = 'This change cannot be undone: since then, Ben saved Jan 01 - Jan 31, 2026: Rent 1,500.00 → 1,600.00';
    const { user, store, saved } = await saveBudget(() => refusal(422, [reason]));
    await user.click(within(saved).getByRole('button', { name: 'Undo' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Not undone. ${reason}.`);
    expect(store.getState().messages.current).toMatchObject({ kind: 'error', lingers: true });
  });
});

describe('how long a message stays', () => {
  it('keeps an "Undo" offer (and a refused undo) 10 s, other messages 3 s', () => {
    expect(messageLifetime({})).toBe(MESSAGE_LIFETIME_MS);
    expect(messageLifetime({ undoActivityId: 3 })).toBe(UNDO_MESSAGE_LIFETIME_MS);
    expect(messageLifetime({ lingers: true })).toBe(UNDO_MESSAGE_LIFETIME_MS);
    expect(UNDO_MESSAGE_LIFETIME_MS).toBe(10_000);
  });

  it('clears an "Undo" offer after its lifetime, not after 3 s', async () => {
    jest.useFakeTimers();
    try {
      const store = setupStore(signedInState());
      store.dispatch(infoShown('Budget saved.', { undoActivityId: 5 }));
      await jest.advanceTimersByTimeAsync(MESSAGE_LIFETIME_MS + 100);
      expect(store.getState().messages.current?.text).toBe('Budget saved.');
      await jest.advanceTimersByTimeAsync(UNDO_MESSAGE_LIFETIME_MS);
      expect(store.getState().messages.current).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });
});
