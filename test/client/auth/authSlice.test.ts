import { authReducer, initialAuthState, signedIn, tokenValidated, userLoggedOut } from '../../../src/platform/authSlice';
import { user } from './authFixtures';

describe('auth slice', () => {
  it('signedIn marks the user logged in and validated, with the household name', () => {
    const state = authReducer(initialAuthState, signedIn(user));
    expect(state).toEqual({ loggedIn: true, validated: true, user, householdName: 'The Smiths' });
  });

  it('tokenValidated does the same for a stored token the server accepted', () => {
    const state = authReducer(initialAuthState, tokenValidated(user));
    expect(state.loggedIn).toBe(true);
    expect(state.validated).toBe(true);
    expect(state.householdName).toBe('The Smiths');
  });

  it('userLoggedOut forgets everything', () => {
    const state = authReducer(authReducer(initialAuthState, signedIn(user)), userLoggedOut());
    expect(state).toEqual(initialAuthState);
  });
});
