import type { User } from '../../../src/shared/schemas/auth';

export const user: User = { id: 1, email: 'ann@example.com', uid: 'ann@example.com', name: 'Ann', household_id: 7, household_name: 'The Smiths' };

export const sessionHeaders = {
  'access-token': 'abc123token',
  client: 'client-9',
  expiry: '1900000000',
  'token-type': 'Bearer',
  uid: 'ann@example.com',
};

/** The server's answer to a good sign-in: the session in the headers, the user in the body. */
export const signInOk = () => ({ status: 200, body: { data: user }, headers: sessionHeaders });

export const invalidLogin = () => ({ status: 401, body: { success: false, errors: ['Invalid login credentials. Please try again.', 'second'] } });
