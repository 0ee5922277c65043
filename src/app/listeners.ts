import { createListenerMiddleware, isAnyOf, isRejected, type UnknownAction } from '@reduxjs/toolkit';
import { userLoggedOut } from '../platform/authSlice';
import { errorShown, infoShown, lingeringErrorShown, messageExpired, messageLifetime, NOT_LOGGED_IN } from '../platform/messages/messagesSlice';
import { api } from '../platform/api';
import { apiErrorMessage, errorStatus } from '../platform/apiErrors';
import { clearCredentials, hasCredentials } from '../platform/credentials';
import type { AppDispatch, RootState } from './store';

// Contract: a 401 from any request but sign-in/sign-out logs the user out with "Not logged in"; any other failed
// *query* shows the server's message with "Retry"; failed *mutations* are left to the screen that sent them.

export const listenerMiddleware = createListenerMiddleware();
const startListening = listenerMiddleware.startListening.withTypes<RootState, AppDispatch>();

/** Endpoints whose 401 means "wrong password" or "already gone", not "session expired". */
const OWN_401_ENDPOINTS = new Set(['signIn', 'signOut']);
/** Queries whose failure the page handles quietly (the login page works without the first-run status; the reconcile dialog shows why a date is refused). */
const QUIET_QUERIES = new Set(['getSetupStatus', 'getReconcilePreview']);

interface ApiRejection extends UnknownAction {
  payload?: unknown;
  error: unknown;
  meta: { condition: boolean; aborted: boolean; arg: { type: 'query' | 'mutation'; endpointName: string; originalArgs: unknown } };
}

const isApiRejection = (action: unknown): action is ApiRejection =>
  isRejected(action) && action.type.startsWith(`${api.reducerPath}/`) && 'arg' in action.meta;

startListening({
  predicate: isApiRejection,
  effect: (action, { dispatch, getState }) => {
    const { meta } = action as ApiRejection;
    // A skipped duplicate request or an aborted one is not a failure the user needs to hear about.
    if (meta.condition || meta.aborted) return;
    const error = (action as ApiRejection).payload ?? (action as ApiRejection).error;
    const { endpointName, originalArgs, type } = meta.arg;
    if (errorStatus(error) === 401 && !OWN_401_ENDPOINTS.has(endpointName)) {
      // Several requests can fail together when a session expires: log out once.
      if (!hasCredentials() && !getState().auth.loggedIn) return;
      clearCredentials();
      dispatch(userLoggedOut());
      dispatch(errorShown(NOT_LOGGED_IN));
      return;
    }
    if (type !== 'query' || QUIET_QUERIES.has(endpointName)) return;
    dispatch(errorShown(apiErrorMessage(error), { endpointName, originalArgs }));
  },
});

startListening({
  matcher: isAnyOf(infoShown, errorShown, lingeringErrorShown),
  effect: async (_action, { dispatch, getState, delay }) => {
    const message = getState().messages.current;
    // A "Retry" stays until it is used or dismissed: three seconds is too short to act on.
    if (!message || message.retry) return;
    await delay(messageLifetime(message));
    dispatch(messageExpired(message.id));
  },
});
