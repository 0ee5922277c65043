import { screen, waitFor } from '@testing-library/react';
import ActivityPage from '../../../src/features/activity/ActivityPage';
import type { ActivityEntry } from '../../../src/shared/schemas/activity';
import { mockFetch, refusal } from '../../support/fetchMock';
import { recordMessages } from '../../support/messages';
import { renderWithProviders, signedInState } from '../../support/render';
import { setupUser } from '../../support/user';

jest.setTimeout(90_000);

const entry = (id: number, text: string, overrides: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id,
  user_id: 1,
  actor_name: text.split(' ')[0],
  kind: 'budget_save',
  summary: text.split(' ').slice(1).join(' '),
  text,
  budget_id: 3,
  bank_account_id: null,
  created_at: '2026-11-25T10:00:00.000Z',
  undoable: true,
  undone: false,
  undoes_id: null,
  ...overrides,
});

const anas = entry(9, 'Ana saved Nov 23 - Dec 22, 2026: Groceries 400.00 → 450.00');
const closed = entry(8, 'Ben closed the Oct 23 - Nov 22, 2026 budget', { kind: 'budget_close', budget_id: 2 });

function render() {
  const rendered = renderWithProviders(<ActivityPage />, { preloadedState: signedInState() });
  return recordMessages(rendered.store);
}

describe('Activity', () => {
  it('lists changes newest first, pages to older ones, and undoes one after asking', async () => {
    const network = mockFetch({
      'GET /activity': (request: { search: string }) => ({
        body: request.search.includes('before_id=9') ? { entries: [closed], next_before_id: null } : { entries: [anas], next_before_id: 9 },
      }),
      'GET /members': [],
      'GET /budgets': [],
      'POST /activity/9/undo': { success: true, activity: entry(10, 'Ben undid Ana’s change', { kind: 'undo', undoable: false, undoes_id: 9 }) },
    });
    const user = setupUser();
    const messages = render();
    expect(await screen.findByText(anas.text)).toBeInTheDocument();
    expect(screen.getByText('Open')).toHaveAttribute('href', '/budgets/3');

    await user.click(screen.getByLabelText(`Undo: ${anas.text}`));
    await user.click(await screen.findByText('Yes', { selector: 'button *' }));
    await waitFor(() => expect(messages).toContain('Change undone.'));
    expect(network.find('POST', '/activity/9/undo')).toHaveLength(1);

    await user.click(screen.getByText('Older', { selector: 'button *' }));
    expect(await screen.findByText(closed.text)).toBeInTheDocument();
    expect(network.find('GET', '/activity').at(-1)!.search).toBe('?before_id=9');
  });

  it('says why an undo was refused', async () => {
    const reason = 'This change cannot be undone: since then, Ben saved Nov 23 - Dec 22, 2026: Groceries 450.00 → 500.00.';
    mockFetch({
      'GET /activity': { entries: [anas], next_before_id: null },
      'GET /members': [],
      'GET /budgets': [],
      'POST /activity/9/undo': () => refusal(422, [reason]),
    });
    const user = setupUser();
    const messages = render();
    await user.click(await screen.findByLabelText(`Undo: ${anas.text}`));
    await user.click(await screen.findByText('Yes', { selector: 'button *' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Not undone. ${reason}`);
    // Said once, in the list: the message bar does not repeat it.
    expect(messages.filter((text) => text.startsWith('Not undone.'))).toEqual([]);
  });
});
