import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { userLoggedOut } from '../auth/authSlice';

export type MessageKind = 'info' | 'error';

export interface Message {
  kind: MessageKind;
  text: string;
  /** Increments with every message so the same text twice still shows twice. */
  id: number;
}

export interface MessagesState {
  current: Message | null;
  nextId: number;
}

const initialState: MessagesState = { current: null, nextId: 1 };

const messagesSlice = createSlice({
  name: 'messages',
  initialState,
  reducers: {
    infoShown: {
      reducer: (state, action: PayloadAction<{ kind: MessageKind; text: string }>) => {
        state.current = { ...action.payload, id: state.nextId++ };
      },
      prepare: (text: string) => ({ payload: { kind: 'info' as MessageKind, text } }),
    },
    errorShown: {
      reducer: (state, action: PayloadAction<{ kind: MessageKind; text: string }>) => {
        state.current = { ...action.payload, id: state.nextId++ };
      },
      prepare: (text: string) => ({ payload: { kind: 'error' as MessageKind, text } }),
    },
    /** Clears only the message it was scheduled for, so a newer message survives an older timer. */
    messageExpired: (state, action: PayloadAction<number>) => {
      if (state.current?.id === action.payload) state.current = null;
    },
    messageCleared: (state) => {
      state.current = null;
    },
  },
  extraReducers: (builder) => builder.addCase(userLoggedOut, () => initialState),
});

export const { infoShown, errorShown, messageExpired, messageCleared } = messagesSlice.actions;
export const messagesReducer = messagesSlice.reducer;
export const MESSAGE_LIFETIME_MS = 3000;
