import type { setupListeners } from '@reduxjs/toolkit/query';

/*
 * Whether the live stream (liveUpdates.ts) is open, and what the store does without it. Apart from the stream's
 * code, which loads after the first screen (src/index.tsx): the store needs this part from its start.
 */

/** Without the stream, coming back to the tab refetches what is on screen at most this often. */
const FALLBACK_REFETCH_MS = 10_000;

let streamOpen = false;

/** Said by the live stream as it opens and closes. */
export function liveStreamOpened(open: boolean): void {
  streamOpen = open;
}

/**
 * RTK Query's focus and reconnect refetches, for when the stream is not open: with it open they would only
 * repeat what it already keeps current, on every tab switch. Without it, at most once per 10 s.
 */
export const refetchWhenNotLive: NonNullable<Parameters<typeof setupListeners>[1]> = (dispatch, { onFocus, onFocusLost, onOnline, onOffline }) => {
  let lastRefetch = 0;
  const focused = () => {
    if (document.visibilityState !== 'visible') {
      dispatch(onFocusLost());
      return;
    }
    if (streamOpen || Date.now() - lastRefetch < FALLBACK_REFETCH_MS) return;
    lastRefetch = Date.now();
    dispatch(onFocus());
  };
  const online = () => {
    if (!streamOpen) dispatch(onOnline());
  };
  const offline = () => dispatch(onOffline());
  window.addEventListener('visibilitychange', focused, false);
  window.addEventListener('focus', focused, false);
  window.addEventListener('online', online, false);
  window.addEventListener('offline', offline, false);
  return () => {
    window.removeEventListener('visibilitychange', focused);
    window.removeEventListener('focus', focused);
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
};
