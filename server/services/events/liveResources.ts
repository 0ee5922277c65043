import { type LiveResource, liveResource } from '../../../src/shared/liveEvents';

/** The part of an Activity entry that says what a write touched. */
interface RecordedWrite {
  kind: string;
  budget_id: number | null;
  bank_account_id: number | null;
}

/** Every change that moves money: the figures derived from it (balances, reports) and its Activity entry. */
const MONEY_MOVED: LiveResource[] = ['accounts', 'reports', 'activity'];
/** A change of periods or of rows in budgets the entry does not name: every budget and every list of transactions. */
const EVERY_BUDGET: LiveResource[] = ['budgets', 'transactions', ...MONEY_MOVED];

/**
 * What a recorded write changed, from its Activity entry (written in the write's own transaction): as exact
 * as the entry names it, every budget or everything where it does not.
 */
export function resourcesOfWrite({ kind, budget_id: budgetId, bank_account_id: accountId }: RecordedWrite): LiveResource[] {
  switch (kind) {
    case 'budget_save':
      return budgetId ? [liveResource.budget(budgetId), 'reports', 'activity'] : ['budgets', 'reports', 'activity'];
    case 'mass_edit':
      return ['budgets', 'reports', 'activity'];
    case 'budget_copy':
    case 'budget_close':
    case 'budget_reopen':
    case 'budget_create':
    case 'budget_delete':
      return EVERY_BUDGET;
    case 'window_save':
      // A window save, an import or a quick add: one account's rows in one budget.
      return budgetId && accountId
        ? [liveResource.budget(budgetId), liveResource.window(accountId, budgetId), liveResource.envelopes(accountId), ...MONEY_MOVED]
        : EVERY_BUDGET;
    case 'sink_fund':
      // Saving envelopes, or a move between them (two rows in the account, in whichever budget holds today).
      return accountId ? [liveResource.envelopes(accountId), 'transactions', 'activity'] : ['everything'];
    case 'transfer':
    case 'balance_adjustment':
      // Rows in two accounts, or in several: whichever budgets hold their dates.
      return EVERY_BUDGET;
    case 'schedule':
      // Upcoming rows show in every window, on Home and beside the budgets' lines.
      return ['schedules', 'activity'];
    case 'schedule_entry':
      return ['schedules', ...EVERY_BUDGET];
    case 'setup':
    case 'special_event':
      // Names of categories, accounts and events show on budgets and reports.
      return ['setup', 'budgets', 'reports', 'activity'];
    default:
      // An undo, or a kind added later: whatever it touched may show anywhere.
      return ['everything'];
  }
}

/**
 * A write that recorded no Activity entry: members (their rows carry no household revision) say so; any other
 * write that moved the household's revision is described as everything.
 */
export function resourcesOfUnrecordedWrite(routeUrl: string, revisionMoved: boolean): LiveResource[] {
  if (routeUrl.startsWith('/members')) return ['members', 'activity'];
  return revisionMoved ? ['everything'] : [];
}
