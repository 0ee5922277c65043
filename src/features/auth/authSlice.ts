import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../../shared/schemas/auth';

export interface AuthState {
  /** True once credentials exist (stored or just received); the guard still validates them once per load. */
  loggedIn: boolean;
  /** The stored token has been checked with the server during this page load. */
  validated: boolean;
  user: User | null;
  householdName: string;
}

export const initialAuthState: AuthState = { loggedIn: false, validated: false, user: null, householdName: '' };

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    signedIn: (state, action: PayloadAction<User>) => {
      state.loggedIn = true;
      state.validated = true;
      state.user = action.payload;
      state.householdName = action.payload.household_name;
    },
    tokenValidated: (state, action: PayloadAction<User>) => {
      state.loggedIn = true;
      state.validated = true;
      state.user = action.payload;
      state.householdName = action.payload.household_name;
    },
    userLoggedOut: () => initialAuthState,
  },
});

export const { signedIn, tokenValidated, userLoggedOut } = authSlice.actions;
export const authReducer = authSlice.reducer;
