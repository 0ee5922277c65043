import { setupStore } from '../../../src/app/store';
import { userLoggedOut } from '../../../src/platform/authSlice';
import {
  errorShown,
  infoShown,
  MESSAGE_LIFETIME_MS,
  messageCleared,
  messageDismissed,
  messageExpired,
  messagesReducer,
  pageLeft,
} from '../../../src/platform/messages/messagesSlice';

const initial = messagesReducer(undefined, { type: 'init' });

describe('messages slice', () => {
  it('shows info and error messages with a new id each time, even for the same text', () => {
    const first = messagesReducer(initial, infoShown('Budget saved.'));
    expect(first.current).toEqual({ kind: 'info', text: 'Budget saved.', id: 1 });
    const second = messagesReducer(first, errorShown('Budget saved.'));
    expect(second.current).toEqual({ kind: 'error', text: 'Budget saved.', id: 2 });
  });

  it('keeps the retry of a failed load as plain data', () => {
    const state = messagesReducer(initial, errorShown('Budget not found', { endpointName: 'getBudget', originalArgs: 12 }));
    expect(state.current?.retry).toEqual({ endpointName: 'getBudget', originalArgs: 12 });
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it('expires only the message the timer was set for', () => {
    const old = messagesReducer(initial, infoShown('Copying...'));
    const newer = messagesReducer(old, infoShown('Budget copied.'));
    expect(messagesReducer(newer, messageExpired(1)).current?.text).toBe('Budget copied.');
    expect(messagesReducer(newer, messageExpired(2)).current).toBeNull();
  });

  it('dismisses and clears', () => {
    const shown = messagesReducer(initial, infoShown('Hello'));
    expect(messagesReducer(shown, messageDismissed(1)).current).toBeNull();
    expect(messagesReducer(shown, messageDismissed(99)).current).not.toBeNull();
    expect(messagesReducer(shown, messageCleared()).current).toBeNull();
  });

  it('clears the message when the user logs out, without reusing ids', () => {
    const shown = messagesReducer(initial, infoShown('Hello'));
    const afterLogout = messagesReducer(shown, userLoggedOut());
    expect(afterLogout.current).toBeNull();
    expect(messagesReducer(afterLogout, infoShown('Again')).current?.id).toBe(2);
  });
});

describe('message lifetime (store)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('clears a stored message after 3 seconds', async () => {
    const store = setupStore();
    store.dispatch(infoShown('Budget saved.'));
    await jest.advanceTimersByTimeAsync(MESSAGE_LIFETIME_MS - 100);
    expect(store.getState().messages.current?.text).toBe('Budget saved.');
    await jest.advanceTimersByTimeAsync(100);
    expect(store.getState().messages.current).toBeNull();
  });

  it('a newer message gets its own 3 seconds', async () => {
    const store = setupStore();
    store.dispatch(infoShown('Copying...'));
    await jest.advanceTimersByTimeAsync(2000);
    store.dispatch(infoShown('Budget copied.'));
    await jest.advanceTimersByTimeAsync(1500);
    expect(store.getState().messages.current?.text).toBe('Budget copied.');
    await jest.advanceTimersByTimeAsync(1500);
    expect(store.getState().messages.current).toBeNull();
  });

  it('keeps a message with "Retry" until it is used or dismissed', async () => {
    const store = setupStore();
    store.dispatch(errorShown('Server down', { endpointName: 'getBudgets', originalArgs: undefined }));
    await jest.advanceTimersByTimeAsync(MESSAGE_LIFETIME_MS * 3);
    expect(store.getState().messages.current?.text).toBe('Server down');
  });
});

describe('leaving a page', () => {
  it("takes a failed load's banner away (it belongs to the page that raised it) and keeps any other message", () => {
    const failed = messagesReducer(undefined, errorShown('Budget not found', { endpointName: 'getBudget', originalArgs: 7 }));
    expect(messagesReducer(failed, pageLeft()).current).toBeNull();
    const saved = messagesReducer(undefined, infoShown('Budget saved.'));
    expect(messagesReducer(saved, pageLeft()).current).toMatchObject({ text: 'Budget saved.' });
    const refused = messagesReducer(undefined, errorShown('Not logged in'));
    expect(messagesReducer(refused, pageLeft()).current).toMatchObject({ text: 'Not logged in' });
  });

  it('takes "Transactions saved. Undo" away: the change and its Undo belong to the page it was made on', () => {
    const saved = messagesReducer(undefined, infoShown('Transactions saved.', { undoActivityId: 12 }));
    expect(messagesReducer(saved, pageLeft()).current).toBeNull();
  });
});
