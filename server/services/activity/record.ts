import type { HouseholdScope } from '../../db/scope';
import { inChunks } from '../../db/chunks';
import { collectChanges, type TableChanges } from '../../db/rowSet';
import type { LinesUndo } from './budgetLines';
import type { ChangeSet } from './changeSet';
import type { CycleUndo } from './cycleChanges';
import { keepUndoWindow } from './undoWindow';
import type { WindowUndo } from './windowChanges';

/** What undoing a change of each kind needs, as its entry keeps it (JSON); a kind not named here is never undone. */
export interface UndoPayloads {
  budget_save: LinesUndo;
  mass_edit: LinesUndo;
  budget_copy: CycleUndo;
  budget_close: CycleUndo;
  window_save: WindowUndo;
  schedule: { changes: ChangeSet };
}
export type UndoableKind = keyof UndoPayloads;

export type ActivityKind =
  | UndoableKind
  | 'budget_create'
  | 'budget_delete'
  | 'budget_reopen'
  | 'transfer'
  | 'balance_adjustment'
  | 'setup'
  | 'sink_fund'
  | 'special_event'
  | 'schedule_entry'
  | 'history_import'
  | 'undo';

interface EntryOf<K extends ActivityKind> {
  kind: K;
  /** Without the person: "saved Nov 23 - Dec 22: Groceries 400.00 → 450.00". */
  summary: string;
  budgetId?: number | null;
  bankAccountId?: number | null;
  /** The rows as they were; absent when the change cannot be undone. */
  undo?: K extends UndoableKind ? UndoPayloads[K] : never;
  /** The rows the change touched (`budget:12`, `transaction:5`): an undo is refused once a newer change touched one. */
  rowKeys?: string[];
  undoes?: number;
}

/** What one change was, in the person's words, and what undoing it needs (of its kind's shape). */
export type ActivityEntry = { [K in ActivityKind]: EntryOf<K> }[ActivityKind];

/** Summaries are a column of 2,000 characters: a long list of changes ends with how many more there were. */
const SUMMARY_MAX = 2000;
export function listedChanges(prefix: string, changes: string[], none = 'no changes'): string {
  if (changes.length === 0) return `${prefix} (${none})`;
  let text = `${prefix}: ${changes[0]}`;
  for (let i = 1; i < changes.length; i++) {
    const more = `, and ${changes.length - i} more`;
    if (text.length + 2 + changes[i].length + more.length > SUMMARY_MAX - 20) return text + more;
    text += `, ${changes[i]}`;
  }
  return text;
}

async function actorName(scope: HouseholdScope): Promise<string> {
  if (!scope.actor) return 'EveryCent';
  const user = await scope.db.selectFrom('users').select('name').where('id', '=', scope.actor.userId).executeTakeFirst();
  return user?.name ?? 'A former member';
}

/** Writes the entry with `scope`, which must be the change's own transaction, so the two can never disagree. */
export async function recordActivity(scope: HouseholdScope, entry: ActivityEntry): Promise<number> {
  const row = await scope
    .insertInto('activities')
    .values({
      household_id: scope.householdId,
      user_id: scope.actor?.userId ?? null,
      actor_name: await actorName(scope),
      kind: entry.kind,
      summary: entry.summary.slice(0, SUMMARY_MAX),
      budget_id: entry.budgetId ?? null,
      bank_account_id: entry.bankAccountId ?? null,
      undo: entry.undo === undefined ? null : JSON.stringify(entry.undo),
      undoes_id: entry.undoes ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const keys = [...new Set(entry.rowKeys ?? [])].map((row_key) => ({ household_id: scope.householdId, activity_id: row.id, row_key }));
  await inChunks(keys, (part) => scope.insertInto('activity_rows').values(part).execute());
  await keepUndoWindow(scope);
  return row.id;
}

const revisionOf = async (scope: HouseholdScope) =>
  Number((await scope.db.selectFrom('households').select('revision').where('id', '=', scope.householdId).executeTakeFirstOrThrow()).revision);

/**
 * Runs a write and records it in one transaction: `describe` sees the write's result and says what it was.
 * Services open no second transaction: a nested `scope.transaction` reuses this one. A write that changed
 * nothing (the household's revision did not move) is not an activity.
 */
export async function recorded<R>(
  scope: HouseholdScope,
  work: (trx: HouseholdScope) => Promise<R>,
  describe: (result: R, trx: HouseholdScope, changes: TableChanges) => ActivityEntry | Promise<ActivityEntry>,
): Promise<{ result: R; activityId: number | null }> {
  return scope.transaction(async (trx) => {
    const before = await revisionOf(trx);
    // Every row the write wrote through the row-set writer: what an entry that can be undone keeps.
    const { result, changes } = await collectChanges(trx, () => work(trx));
    if ((await revisionOf(trx)) === before) return { result, activityId: null };
    const activityId = await recordActivity(trx, await describe(result, trx, changes));
    return { result, activityId };
  });
}
