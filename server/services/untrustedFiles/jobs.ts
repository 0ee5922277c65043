import { unprocessable } from '../../errors';
import { checkHistoryPlan } from '../history/checkHistory';
import type { HistoryHousehold } from '../history/historyHousehold';
import { planHistory, previewOf } from '../history/historyPlan';
import { historyFilesOf, readHistory } from '../history/readers';
import { householdExportOf } from '../householdData/checkExport';

const NOT_THE_PREVIEW = 'What this import would write is not what the preview showed (the household or the choices changed since): preview again.';

/** The plan of what the person's files (and choices) would do to the household, refused whole when anything in it breaks a limit. */
function checkedHistoryPlan(bytes: Uint8Array, household: HistoryHousehold) {
  const files = historyFilesOf(bytes);
  const plan = planHistory(readHistory(files), household, files.choices);
  checkHistoryPlan(plan, household);
  return { plan, previewed: files.choices?.preview };
}

/**
 * What a worker can be asked to read (sandbox.ts): each job takes the upload's bytes (and, for history, the
 * household it is planned against) and answers plain data. Everything whose cost the uploader controls
 * (decoding, parsing, unzipping, reading another tool's database, checking every row, planning) happens inside these.
 */
export const JOBS = {
  historyPreview: (bytes: Uint8Array, household: HistoryHousehold) => previewOf(checkedHistoryPlan(bytes, household).plan),
  // The import needs the rows, not the list of what could not be mapped (the preview showed it).
  historyPlan: (bytes: Uint8Array, household: HistoryHousehold) => {
    const { plan, previewed } = checkedHistoryPlan(bytes, household);
    if (previewed !== undefined && previewed !== plan.fingerprint) throw unprocessable(NOT_THE_PREVIEW);
    return { ...plan, unmapped: [] };
  },
  householdExport: (bytes: Uint8Array, _context?: undefined) => householdExportOf(bytes),
} satisfies Record<string, (bytes: Uint8Array, context: never) => unknown>;

export type Jobs = typeof JOBS;
