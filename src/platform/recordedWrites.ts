import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { ACTIVITY_ID_HEADER } from '../shared/activityHeader';

/**
 * A write the server recorded in Activity, with the id of its entry (the `activity-id` header), so its
 * confirmation message can offer "Undo". Null when the write moved nothing (no entry).
 */
export interface Recorded {
  activityId: number | null;
}

export function activityIdOf(meta: FetchBaseQueryMeta | undefined): number | null {
  const text = meta?.response?.headers.get(ACTIVITY_ID_HEADER);
  return text != null && /^[1-9]\d*$/.test(text) ? Number(text) : null;
}

/** The activity entry of a write's result, when the endpoint answers a `Recorded` result. */
export function recordedActivityId(result: unknown): number | null {
  if (typeof result !== 'object' || result === null || !('activityId' in result)) return null;
  return typeof result.activityId === 'number' ? result.activityId : null;
}
