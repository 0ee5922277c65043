import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../shared/schemas/auth';

interface AuthState {
  /** True once credentials exist (stored or just received); the guard still validates them once per load. */
  loggedIn: boolean;
  /** The stored token has been checked with the server during this page load. */
  validated: boolean;
  user: User | null;
  householdName: string;
}

export const initialAuthState: AuthState = { loggedIn: false, validated: false, user: null, householdName: '' };

/** Both ways of learning who is signed in end the same way: logged in, validated, with the household's name. */
const userKnown = (state: AuthState, action: PayloadAction<User>) => {
  state.loggedIn = true;
  state.validated = true;
  state.user = action.payload;
  state.householdName = action.payload.household_name;
};

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** The person signed in on the login card. */
    signedIn: userKnown,
    /** The server accepted the token stored by an earlier sign-in (once per page load). */
    tokenValidated: userKnown,
    userLoggedOut: () => initialAuthState,
  },
});

export const { signedIn, tokenValidated, userLoggedOut } = authSlice.actions;
export const authReducer = authSlice.reducer;
