import { useLayoutEffect } from 'react';

type Listener = (heading: string) => void;
const listeners = new Set<Listener>();
let currentHeading = '';

/**
 * Pages name themselves; the shell's toolbar shows "EveryCent V3 -- <heading>". Before the paint (a layout
 * effect): a phone's first frame of a page shows its heading, rather than the heading pushing the page down one
 * frame later and costing a second render, layout and paint right after the first (issue 48).
 */
export function usePageHeading(heading: string): void {
  useLayoutEffect(() => {
    currentHeading = heading;
    for (const listener of listeners) listener(heading);
  }, [heading]);
}

export function subscribeToPageHeading(listener: Listener): () => void {
  listeners.add(listener);
  listener(currentHeading);
  return () => {
    listeners.delete(listener);
  };
}
