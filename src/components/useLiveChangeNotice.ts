import { useEffect, useState } from 'react';
import type { LiveEvent, LiveResource } from '../shared/liveEvents';
import { subscribeToLiveChanges } from './liveChanges';

const touches = (event: LiveEvent, resources: readonly LiveResource[]) =>
  event.resources.some((resource) => resource === 'everything' || resources.includes(resource));

/**
 * Who changed what this page edits while the person was editing it (null: nobody yet). Forgotten when editing
 * ends or `clear` is called (the person reloaded).
 */
export function useLiveChangeNotice(editing: boolean, resources: readonly LiveResource[]): { changedBy: string | null; clear: () => void } {
  const [changedBy, setChangedBy] = useState<string | null>(null);
  const key = resources.join(' ');
  useEffect(() => {
    if (!editing) {
      setChangedBy(null);
      return;
    }
    const watched = key.split(' ') as LiveResource[];
    return subscribeToLiveChanges((event) => {
      if (touches(event, watched)) setChangedBy(event.by?.name ?? 'Someone');
    });
  }, [editing, key]);
  return { changedBy, clear: () => setChangedBy(null) };
}
