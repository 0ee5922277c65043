import { api } from '../../../src/platform/api';
import { NETWORK_MESSAGE } from '../../../src/platform/apiErrors';
import { loadCredentials } from '../../../src/platform/credentials';
import { retryQuery } from '../../../src/platform/retryQuery';
import { setupStore } from '../../../src/app/store';
import { authApi } from '../../../src/features/auth/authApi';
import { mockFetch } from '../../support/fetchMock';
import { signedInState, storeTestCredentials } from '../../support/render';

// Stand-ins for any feature's endpoints: one load, one save.
const thingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getThing: build.query<{ id: number }, number>({ query: (id) => `/things/${id}` }),
    saveThing: build.mutation<{ id: number }, { id: number }>({ query: ({ id }) => ({ url: `/things/${id}`, method: 'PUT', body: {} }) }),
  }),
});

const serverError = (status: number, errors: string[]) => () => ({ status, body: { success: false, errors } });

async function signedInStore() {
  storeTestCredentials();
  return setupStore(signedInState());
}

describe('listener: failed requests', () => {
  it('a 401 on a load logs out: credentials cleared, auth reset, "Not logged in"', async () => {
    mockFetch({ 'GET /things/1': serverError(401, ['You need to sign in or sign up before continuing.']) });
    const store = await signedInStore();
    await store.dispatch(thingsApi.endpoints.getThing.initiate(1));
    expect(loadCredentials()).toBeNull();
    expect(window.localStorage.getItem('householdName')).toBeNull();
    expect(store.getState().auth.loggedIn).toBe(false);
    expect(store.getState().messages.current).toMatchObject({ kind: 'error', text: 'Not logged in' });
  });

  it('a 401 on a save logs out too', async () => {
    mockFetch({ 'PUT /things/1': serverError(401, ['You need to sign in or sign up before continuing.']) });
    const store = await signedInStore();
    await store.dispatch(thingsApi.endpoints.saveThing.initiate({ id: 1 }));
    expect(loadCredentials()).toBeNull();
    expect(store.getState().auth.loggedIn).toBe(false);
    expect(store.getState().messages.current?.text).toBe('Not logged in');
  });

  it('a refused sign-in is not a log-out: the login page reports it', async () => {
    mockFetch({ 'POST /auth/sign_in': serverError(401, ['Invalid login credentials. Please try again.']) });
    const store = await signedInStore();
    await store.dispatch(authApi.endpoints.signIn.initiate({ email: 'a@b.c', password: 'x' }));
    expect(store.getState().auth.loggedIn).toBe(true);
    expect(store.getState().messages.current).toBeNull();
  });

  it("any other failed load shows the server's first message with a retry of that query", async () => {
    mockFetch({ 'GET /things/4': serverError(404, ['Budget not found', 'ignored']) });
    const store = await signedInStore();
    await store.dispatch(thingsApi.endpoints.getThing.initiate(4));
    expect(store.getState().messages.current).toMatchObject({
      kind: 'error',
      text: 'Budget not found',
      retry: { endpointName: 'getThing', originalArgs: 4 },
    });
    expect(store.getState().auth.loggedIn).toBe(true);
    expect(loadCredentials()).not.toBeNull();
  });

  it('a load that cannot reach the server says so', async () => {
    mockFetch({
      'GET /things/2': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const store = await signedInStore();
    await store.dispatch(thingsApi.endpoints.getThing.initiate(2));
    expect(store.getState().messages.current).toMatchObject({ text: NETWORK_MESSAGE, retry: { endpointName: 'getThing', originalArgs: 2 } });
  });

  it('a failed save is left to its screen: no message, still signed in', async () => {
    mockFetch({ 'PUT /things/1': serverError(422, ['Name is too long']) });
    const store = await signedInStore();
    const result = await store.dispatch(thingsApi.endpoints.saveThing.initiate({ id: 1 }));
    expect('error' in result).toBe(true);
    expect(store.getState().messages.current).toBeNull();
    expect(store.getState().auth.loggedIn).toBe(true);
  });

  it('"Retry" runs the failed query again and its new result replaces the error', async () => {
    let calls = 0;
    const network = mockFetch({
      'GET /things/3': () => (++calls === 1 ? { status: 500, body: { success: false, errors: ['Something broke'] } } : { body: { id: 3 } }),
    });
    const store = await signedInStore();
    const subscription = store.dispatch(thingsApi.endpoints.getThing.initiate(3));
    await subscription;
    const retry = store.getState().messages.current?.retry;
    expect(retry).toBeDefined();
    store.dispatch(retryQuery(retry!));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(network.find('GET', '/things/3')).toHaveLength(2);
    expect(thingsApi.endpoints.getThing.select(3)(store.getState()).data).toEqual({ id: 3 });
    subscription.unsubscribe();
  });
});
