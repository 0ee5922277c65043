import { useEffect } from 'react';

type Listener = (heading: string) => void;
const listeners = new Set<Listener>();
let currentHeading = '';

/** Pages name themselves; the shell's toolbar shows "EveryCent V3 -- <heading>". */
export function usePageHeading(heading: string): void {
  useEffect(() => {
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
