import type { LiveResource } from '../shared/liveEvents';
import { ConflictBanner } from './ConflictBanner';
import { useLiveChangeNotice } from './useLiveChangeNotice';

interface Props {
  editing: boolean;
  /** What this page edits, in the live stream's words (`budget:12`, `window:3:12`, `envelopes:3`). */
  resources: readonly LiveResource[];
  /** "this budget", "these transactions", "these envelopes". */
  what: string;
  /** What the page's Reload does with the person's edits, as its conflict banner says. */
  edits: 'kept' | 'dropped';
  onReload: () => void;
  reloading?: boolean;
}

/**
 * "Ana changed this budget": someone else saved what this page is editing. The edits stay; Reload does what
 * the page's conflict banner does, before the person meets the 409.
 */
export function LiveChangeNotice({ editing, resources, what, edits, onReload, reloading }: Props) {
  const { changedBy, clear } = useLiveChangeNotice(editing, resources);
  if (!editing || !changedBy) return null;
  const reload = () => {
    clear();
    onReload();
  };
  return <ConflictBanner message={`${changedBy} changed ${what}`} edits={edits} onReload={reload} reloading={reloading} />;
}
