/**
 * What the live stream (`GET /events`) says of a committed change: which of the household's resources moved,
 * never their data; the client refetches what it shows of them. Apart from the schemas: the client's live
 * module runs in the first chunks, which carry no zod.
 *
 * - `budget:<id>`: one budget's lines and figures (spent, remaining)
 * - `budgets`: the list of budgets and their periods (a create, copy, close, reopen or delete: every budget)
 * - `window:<bank account id>:<budget id>`: one account's transactions in one budget
 * - `transactions`: transactions anywhere (searches, spent dialogs, every window)
 * - `accounts`: account balances and the list of accounts
 * - `envelopes:<bank account id>`: a sink fund's envelopes
 * - `schedules`: bills that repeat and their upcoming occurrences
 * - `setup`: categories, institutions, accounts, settings and special events
 * - `members`, `reports`, `activity`, and `everything` (a change the server cannot describe more exactly)
 */
export type LiveResource =
  | `budget:${number}`
  | `window:${number}:${number}`
  | `envelopes:${number}`
  | 'budgets'
  | 'transactions'
  | 'accounts'
  | 'setup'
  | 'schedules'
  | 'members'
  | 'reports'
  | 'activity'
  | 'everything';

export const LIVE_RESOURCE_PATTERN = /^(budget:\d+|window:\d+:\d+|envelopes:\d+|budgets|transactions|accounts|setup|schedules|members|reports|activity|everything)$/;

export interface LiveEvent {
  /** The household's revision after the change: the event's id, sent back as `Last-Event-ID` on reconnect. */
  revision: number;
  /** Who made the change (their display name); null for a catch-up that cannot say. */
  by: { user_id: number; name: string } | null;
  /** The `live-tab` header of the write's request: a tab leaves the events of its own saves to its own refetches. */
  tab: string | null;
  resources: LiveResource[];
}

/** The request header naming the browser tab that sent a write (a short token the tab picks at start). */
export const LIVE_TAB_HEADER = 'live-tab';

export const LIVE_EVENTS_PATH = '/events';
/** The last event of a stream that another stream of the same session replaced (a session keeps a few at most). */
export const REPLACED_EVENT = 'replaced';

export const liveResource = {
  budget: (id: number): LiveResource => `budget:${id}`,
  window: (bankAccountId: number, budgetId: number): LiveResource => `window:${bankAccountId}:${budgetId}`,
  envelopes: (bankAccountId: number): LiveResource => `envelopes:${bankAccountId}`,
};
