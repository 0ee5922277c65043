import type { LiveEvent } from '../shared/liveEvents';

type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();

/** Someone else's committed change, as the live stream told it (src/app/liveUpdates.ts publishes here). */
export function subscribeToLiveChanges(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function publishLiveChange(event: LiveEvent): void {
  for (const listener of [...listeners]) listener(event);
}
