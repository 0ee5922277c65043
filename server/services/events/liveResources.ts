import type { LiveResource } from '../../../src/shared/liveEvents';
import { isActivityKind, WRITES } from '../activity/writeKinds';

/** The part of an Activity entry that says what a write touched. */
interface RecordedWrite {
  kind: string;
  budget_id: number | null;
  bank_account_id: number | null;
}

/**
 * What a recorded write changed, from its Activity entry (written in the write's own transaction), as its kind
 * says (server/services/activity/writeKinds.ts). An entry's kind is one this version writes; a kind it does not
 * know would be a bug, and is announced as everything rather than as nothing.
 */
export function resourcesOfWrite({ kind, budget_id: budgetId, bank_account_id: bankAccountId }: RecordedWrite): LiveResource[] {
  if (!isActivityKind(kind)) return ['everything'];
  return WRITES[kind].resources({ budgetId, bankAccountId });
}

/**
 * A write that recorded no Activity entry: members (their rows carry no household revision) say so; any other
 * write that moved the household's revision is described as everything.
 */
export function resourcesOfUnrecordedWrite(routeUrl: string, revisionMoved: boolean): LiveResource[] {
  if (routeUrl.startsWith('/members')) return ['members', 'activity'];
  return revisionMoved ? ['everything'] : [];
}
