import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { userLoggedOut } from '../authSlice';

type MessageKind = 'info' | 'error';

/** A failed load the user can run again: which query, with which arguments (plain data, so state stays serialisable). */
export interface RetryableQuery {
  endpointName: string;
  originalArgs: unknown;
}

interface Message {
  kind: MessageKind;
  text: string;
  /** Increments with every message so the same text twice still shows twice. */
  id: number;
  /** Present on failed loads: the message bar offers "Retry", and the message stays until used or dismissed. */
  retry?: RetryableQuery;
  /** The activity entry of the change just confirmed: the message bar offers "Undo" (and the message stays longer). */
  undoActivityId?: number;
  /** Stays as long as an "Undo" offer: a sentence worth reading, such as why an undo was refused. */
  lingers?: boolean;
}

/** What else a message carries: an "Undo" of the change it confirms, a longer life. */
interface MessageExtras {
  undoActivityId?: number;
  lingers?: boolean;
}

interface MessagesState {
  current: Message | null;
  nextId: number;
}

const initialState: MessagesState = { current: null, nextId: 1 };

type Shown = PayloadAction<Omit<Message, 'id'>>;

const show = (state: MessagesState, action: Shown) => {
  state.current = { ...action.payload, id: state.nextId++ };
};

const messagesSlice = createSlice({
  name: 'messages',
  initialState,
  reducers: {
    infoShown: {
      reducer: show,
      prepare: (text: string, extras: MessageExtras = {}) => ({ payload: { kind: 'info' as MessageKind, text, ...extras } }),
    },
    /** A refusal worth reading (the message stays as long as an "Undo" offer). */
    lingeringErrorShown: {
      reducer: show,
      prepare: (text: string) => ({ payload: { kind: 'error' as MessageKind, text, lingers: true } }),
    },
    errorShown: {
      reducer: show,
      prepare: (text: string, retry?: RetryableQuery) => ({
        payload: retry ? { kind: 'error' as MessageKind, text, retry } : { kind: 'error' as MessageKind, text },
      }),
    },
    /** Clears only the message it was scheduled for, so a newer message survives an older timer. */
    messageExpired: (state, action: PayloadAction<number>) => {
      if (state.current?.id === action.payload) state.current = null;
    },
    /** The user closed the message (or used its action). */
    messageDismissed: (state, action: PayloadAction<number>) => {
      if (state.current?.id === action.payload) state.current = null;
    },
    messageCleared: (state) => {
      state.current = null;
    },
    /**
     * A failed load belongs to the page that raised it: leaving the page takes its "Retry" away. So does the
     * confirmation of a change offering "Undo": it speaks of the page it was made on, and would otherwise follow
     * the person for ten seconds over the next page. Other messages stay.
     */
    pageLeft: (state) => {
      if (state.current?.retry || state.current?.undoActivityId !== undefined) state.current = null;
    },
  },
  extraReducers: (builder) => builder.addCase(userLoggedOut, (state) => ({ ...initialState, nextId: state.nextId })),
});

export const { infoShown, errorShown, lingeringErrorShown, messageExpired, messageDismissed, messageCleared, pageLeft } = messagesSlice.actions;
export const messagesReducer = messagesSlice.reducer;
/** Toasts show for 3000 ms and the stored message is cleared after the same time. */
export const MESSAGE_LIFETIME_MS = 3000;
/** A message offering "Undo" (or explaining a refused one) stays long enough to read it and decide. */
export const UNDO_MESSAGE_LIFETIME_MS = 10_000;
export const messageLifetime = (message: Pick<Message, 'undoActivityId' | 'lingers'>) =>
  message.undoActivityId !== undefined || message.lingers ? UNDO_MESSAGE_LIFETIME_MS : MESSAGE_LIFETIME_MS;
export const NOT_LOGGED_IN = 'Not logged in';
