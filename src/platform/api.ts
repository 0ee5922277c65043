import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { loadCredentials, xsrfToken } from './credentials';
import { takeEarlyAnswer } from './headStart';
import { LIVE_TAB } from './liveTab';
import { LIVE_TAB_HEADER } from '../shared/liveEvents';

/** Same origin in production; the dev server proxies API paths to the local server. */
export const API_BASE = '';

export const TAG_TYPES = [
  'Budget',
  'FutureBudgets',
  'Allocation',
  'AllocationCategory',
  'Institution',
  'BankAccount',
  'Settings',
  'Transaction',
  'LastUpdate',
  'SinkFundAllocation',
  'SinkFund',
  'SpecialEvent',
  'Schedule',
  'Member',
  'DeviceSession',
  'Activity',
] as const;

export const LIST = 'LIST' as const;

/**
 * The one RTK Query api. Each feature injects its endpoints (`api.injectEndpoints`) so that, for example,
 * saving transactions can invalidate the budget's spent and the account balances.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: API_BASE,
    // The first screen's requests may have been asked already by index.html's head start (headStart.ts).
    fetchFn: (input, init) => (input instanceof Request ? takeEarlyAnswer(input) : undefined) ?? fetch(input, init),
    prepareHeaders: (headers, { type }) => {
      const credentials = loadCredentials();
      if (credentials) for (const [name, value] of Object.entries(credentials)) headers.set(name, value);
      if (type === 'mutation') {
        const token = xsrfToken();
        if (token) headers.set('X-XSRF-TOKEN', token);
        headers.set(LIVE_TAB_HEADER, LIVE_TAB);
      }
      return headers;
    },
  }),
  tagTypes: TAG_TYPES,
  // Only while the live stream is down (refetchWhenNotLive in liveStream.ts decides): it keeps the screen current otherwise.
  refetchOnFocus: true,
  refetchOnReconnect: true,
  endpoints: () => ({}),
});
