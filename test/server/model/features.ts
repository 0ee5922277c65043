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
export const KNOWN_GAPS: readonly string[] = [];

export const NOT_BUILT = [
  /** Accounts created with an explicit `opening_date`; rows on or before it refused. */
  'openingDate',
] as const;

const DEFAULT_FEATURES: readonly string[] = ['openingDate'];

const listFrom = (text: string | undefined, fallback: readonly string[]) =>
  text === undefined ? fallback : text.split(',').map((name) => name.trim()).filter(Boolean);

export const excludedCommands: ReadonlySet<string> = new Set(listFrom(process.env.EVERYCENT_MODEL_GAPS, KNOWN_GAPS));
export const features: ReadonlySet<string> = new Set(listFrom(process.env.EVERYCENT_MODEL_FEATURES, DEFAULT_FEATURES));

/** Whether a command (by its name in KNOWN_GAPS) is part of this run. */
export const runs = (command: string) => !excludedCommands.has(command);
