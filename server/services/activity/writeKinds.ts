import { type LiveResource, liveResource } from '../../../src/shared/liveEvents';
import type { HouseholdScope } from '../../db/scope';
import { restoreLines } from './budgetLines';
import { type ChangeSet, changedKeys, refuseSharedKeys, refuseWrittenSince, sealChanges } from './changeSet';
import { closeBudgetUndo, copyBudgetUndo } from './cycleChanges';
import { type ActivityKind, listedChanges, type UndoableKind, type UndoPayloads } from './record';
import { UndoImpossible } from './restore';
import { restoreWindow } from './windowChanges';
import { restoreSchedules } from '../schedules/scheduleUndo';

/** The entry being undone, as its undo words itself. */
interface Undone {
  id: number;
  actor_name: string | null;
  summary: string;
}

/** What an undo did: its own entry's words and the rows it wrote. */
interface Undid {
  summary: string;
  rowKeys: string[];
}

/** Where a recorded write's rows are: what its live event says changed. */
interface Touched {
  budgetId: number | null;
  bankAccountId: number | null;
}

/**
 * Every kind of recorded write: what its entry records, how it is undone (or why it never is), and which live
 * resources it changes. A new kind does not compile until it says all three.
 */
type WriteKind<K extends ActivityKind> = {
  describe: string;
  resources: (touched: Touched) => LiveResource[];
} & (K extends UndoableKind
  ? { undo: (trx: HouseholdScope, undone: Undone, payload: UndoPayloads[K]) => Promise<Undid> }
  : { cannotUndo: string });

/** Every change that moves money: the figures derived from it (balances, reports) and its Activity entry. */
// A row written may pay a scheduled bill: the upcoming ones (Home, every window, the budgets' lines) change with it.
const MONEY_MOVED: LiveResource[] = ['accounts', 'reports', 'activity', 'schedules'];
/** A change of periods or of rows in budgets the entry does not name: every budget and every list of transactions. */
const EVERY_BUDGET: LiveResource[] = ['budgets', 'transactions', ...MONEY_MOVED];
/** Names of categories, accounts and events show on budgets and reports. */
const NAMES: LiveResource[] = ['setup', 'budgets', 'reports', 'activity'];

const everyBudget = () => EVERY_BUDGET;

/** An entry recorded before change sets (it kept whole snapshots) cannot say which rows were written since. */
function changeSetOf(undo: { changes?: ChangeSet }): ChangeSet {
  if (!undo.changes) throw new UndoImpossible(['it was recorded before undo could check every row it touched']);
  return undo.changes;
}

async function undoLines(trx: HouseholdScope, undone: Undone, undo: UndoPayloads['budget_save']): Promise<Undid> {
  const set = changeSetOf(undo);
  await refuseWrittenSince(trx, undone.id, set);
  const { changes, written } = await restoreLines(trx, { budgetIds: undo.budgetIds ?? [], changes: set });
  return { summary: listedChanges(`undid ${undone.actor_name}'s change`, changes), rowKeys: changedKeys(await sealChanges(trx, written)) };
}

/** Budgets copied or closed: entries recorded before footprints name their rows only as keys. */
async function undoCycle(trx: HouseholdScope, undone: Undone, undo: UndoPayloads['budget_copy'], copy: boolean): Promise<Undid> {
  const stored = undo as Partial<UndoPayloads['budget_copy']>;
  const cycle = { budgetId: undo.budgetId, footprint: stored.footprint ?? {} };
  if (stored.footprint === undefined) await refuseSharedKeys(trx, undone.id);
  const name = copy ? await copyBudgetUndo(trx, undone.id, cycle) : await closeBudgetUndo(trx, undone.id, cycle);
  const summary = copy ? `undid ${undone.actor_name}'s copy: deleted ${name}` : `undid ${undone.actor_name}'s close: reopened ${name}`;
  return { summary, rowKeys: Object.keys(cycle.footprint) };
}

export const WRITES = {
  budget_save: {
    describe: "a budget's incomes and allocations saved, or its dates and name",
    undo: undoLines,
    resources: ({ budgetId }) => (budgetId ? [liveResource.budget(budgetId), 'reports', 'activity'] : ['budgets', 'reports', 'activity']),
  },
  mass_edit: {
    describe: 'allocations of several budgets changed at once',
    undo: undoLines,
    resources: () => ['budgets', 'reports', 'activity'],
  },
  budget_copy: {
    describe: 'a budget copied into the next month',
    undo: (trx, undone, undo) => undoCycle(trx, undone, undo, true),
    resources: everyBudget,
  },
  budget_close: {
    describe: 'a budget closed: accounts settled, unpaid card charges carried forward',
    undo: (trx, undone, undo) => undoCycle(trx, undone, undo, false),
    resources: everyBudget,
  },
  window_save: {
    describe: "one account's transactions in one budget saved: the window, an import or a quick add",
    undo: async (trx, undone, undo) => {
      const windowUndo = { ...undo, changes: changeSetOf(undo) };
      await refuseWrittenSince(trx, undone.id, windowUndo.changes);
      const account = await trx.selectFrom('bank_accounts').select('name').where('id', '=', windowUndo.bankAccountId).executeTakeFirst();
      const { text, changes } = await restoreWindow(trx, windowUndo, account?.name ?? 'a deleted account');
      return { summary: `undid ${undone.actor_name}'s save of ${text}`, rowKeys: changedKeys(await sealChanges(trx, changes)) };
    },
    resources: ({ budgetId, bankAccountId }) =>
      budgetId && bankAccountId
        ? [liveResource.budget(budgetId), liveResource.window(bankAccountId, budgetId), liveResource.envelopes(bankAccountId), ...MONEY_MOVED]
        : EVERY_BUDGET,
  },
  budget_create: { describe: 'a budget added', cannotUndo: 'not offered: deleting the budget undoes it', resources: everyBudget },
  budget_delete: { describe: 'a budget deleted', cannotUndo: 'not offered: what was deleted is not kept', resources: everyBudget },
  budget_reopen: { describe: 'the last closed budget reopened', cannotUndo: 'not offered: closing the budget again undoes it', resources: everyBudget },
  transfer: {
    describe: 'money moved between two accounts',
    cannotUndo: "not offered: its two rows are edited or deleted in the accounts' transactions",
    // Rows in two accounts, in whichever budgets hold their dates.
    resources: everyBudget,
  },
  balance_adjustment: {
    describe: "accounts' balances set by adjusting rows",
    cannotUndo: "not offered: its rows are edited or deleted in the accounts' transactions",
    resources: everyBudget,
  },
  setup: { describe: 'a category, institution or account added, renamed or removed', cannotUndo: 'not offered: it is changed back in Setup', resources: () => NAMES },
  special_event: { describe: 'a special event saved', cannotUndo: 'not offered: it is changed back on the special event', resources: () => NAMES },
  sink_fund: {
    describe: "a sink fund's envelopes saved, or money moved between envelopes",
    cannotUndo: 'not offered: the envelopes are saved again on the sink fund',
    // A move between envelopes writes two rows in the account, in whichever budget holds today.
    resources: ({ bankAccountId }) => (bankAccountId ? [liveResource.envelopes(bankAccountId), 'transactions', 'activity'] : ['everything']),
  },
  schedule: {
    describe: 'a schedule added, changed or deleted',
    undo: async (trx, undone, undo) => {
      const set = changeSetOf(undo);
      await refuseWrittenSince(trx, undone.id, set);
      const summary = `undid ${undone.actor_name}'s change: ${undone.summary}`;
      return { summary, rowKeys: changedKeys(await sealChanges(trx, await restoreSchedules(trx, set))) };
    },
    // Upcoming rows show in every window, on Home and beside the budgets' lines.
    resources: () => ['schedules', 'activity'],
  },
  schedule_entry: {
    describe: "a schedule's occurrence entered or skipped",
    cannotUndo: "not offered: an entered row is edited or deleted in the account's transactions",
    resources: () => ['schedules', ...EVERY_BUDGET],
  },
  history_import: {
    describe: 'history brought in from YNAB or Actual Budget',
    cannotUndo: 'not offered: a history is years of rows, budgets and accounts; its budgets, accounts and categories are deleted where they are',
    // Accounts, categories, budgets of many months and their rows.
    resources: () => ['everything'],
  },
  undo: {
    describe: 'an earlier change undone',
    cannotUndo: 'not offered: undos are not undone',
    // It restores whatever its entry touched, which may show anywhere.
    resources: () => ['everything'],
  },
} satisfies { [K in ActivityKind]: WriteKind<K> };

export const isActivityKind = (kind: string): kind is ActivityKind => Object.hasOwn(WRITES, kind);

export const isUndoableKind = (kind: string): kind is UndoableKind => isActivityKind(kind) && 'undo' in WRITES[kind];

/** Applies the undo of one entry of an undoable kind, with its payload as the entry kept it. */
export function undoOf<K extends UndoableKind>(kind: K, trx: HouseholdScope, undone: Undone, payload: UndoPayloads[K]): Promise<Undid> {
  const undo = WRITES[kind].undo as (trx: HouseholdScope, undone: Undone, payload: UndoPayloads[K]) => Promise<Undid>;
  return undo(trx, undone, payload);
}
