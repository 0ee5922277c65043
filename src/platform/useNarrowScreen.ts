import { useSyncExternalStore } from 'react';

/** The product's one breakpoint: phones and narrow windows (600px wide or less). */
const NARROW_SCREEN_QUERY = '(max-width: 600px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(NARROW_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const snapshot = () => window.matchMedia(NARROW_SCREEN_QUERY).matches;

/** True on screens 600px wide or narrower; follows resizes and rotation. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
