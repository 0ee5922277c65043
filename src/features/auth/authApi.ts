import { api } from '../../platform/api';
import type { CreateHouseholdBody, CredentialHeader, SetupStatus, SignInBody, User } from '../../shared/schemas/auth';
import { CREDENTIAL_NAMES } from '../../platform/credentials';

type ReceivedCredentials = Partial<Record<CredentialHeader, string | null>>;

interface SignInResult {
  user: User;
  /** The session headers of the response, as plain data (actions stay serialisable). */
  credentials: ReceivedCredentials;
}

/** Sign in, token validation, sign out and the first-run household. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<SignInResult, SignInBody>({
      query: (body) => ({ url: '/auth/sign_in', method: 'POST', body }),
      transformResponse: (response: { data: User }, meta) => ({
        user: response.data,
        credentials: Object.fromEntries(CREDENTIAL_NAMES.map((name) => [name, meta?.response?.headers.get(name) ?? null])),
      }),
    }),
    validateToken: build.query<User, void>({
      query: () => '/auth/validate_token',
      transformResponse: (response: { data: User }) => response.data,
      // Checked once per page load; a later sign-in starts from a reset api state.
      keepUnusedDataFor: 0,
    }),
    signOut: build.mutation<void, void>({
      query: () => ({ url: '/auth/sign_out', method: 'DELETE' }),
    }),
    getSetupStatus: build.query<SetupStatus, void>({
      query: () => '/setup/status',
      keepUnusedDataFor: 0,
    }),
    createHousehold: build.mutation<unknown, CreateHouseholdBody>({
      query: (body) => ({ url: '/setup/household', method: 'POST', body }),
    }),
  }),
});

export const { useSignInMutation, useValidateTokenQuery, useSignOutMutation, useGetSetupStatusQuery, useCreateHouseholdMutation } = authApi;
