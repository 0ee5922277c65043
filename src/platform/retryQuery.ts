import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { RetryableQuery } from './messages/messagesSlice';
import { api } from './api';
import type { RootState } from '../app/store';

type Request = Promise<unknown> & { unsubscribe(): void };
type Initiate = (arg: unknown, options: { forceRefetch: boolean }) => ThunkAction<Request, RootState, unknown, UnknownAction>;

/** Runs a failed query again by name (what a message's "Retry" holds), refreshing every screen that shows it. */
export const retryQuery =
  ({ endpointName, originalArgs }: RetryableQuery): ThunkAction<void, RootState, unknown, UnknownAction> =>
  (dispatch) => {
    // Endpoints are injected per feature, so the base api's type does not list them.
    const endpoint = (api.endpoints as unknown as Record<string, { initiate?: Initiate } | undefined>)[endpointName];
    if (!endpoint?.initiate) return;
    const request = dispatch(endpoint.initiate(originalArgs, { forceRefetch: true }));
    void request.catch(() => undefined).finally(() => request.unsubscribe());
  };
