import { checkHistoryPlan } from '../history/checkHistory';
import { planHistory, previewOf } from '../history/historyPlan';
import { historyFilesOf, readHistory } from '../history/readers';
import { householdExportOf } from '../householdData/checkExport';

/** The plan of what the person's files would create, refused whole when anything in it breaks a limit. */
function checkedHistoryPlan(bytes: Uint8Array) {
  const plan = planHistory(readHistory(historyFilesOf(bytes)));
  checkHistoryPlan(plan);
  return plan;
}

/**
 * What a worker can be asked to read (sandbox.ts): each job takes the upload's bytes and answers plain data.
 * Everything whose cost the uploader controls (decoding, parsing, unzipping, reading another tool's database,
 * checking every row, planning) happens inside these.
 */
export const JOBS = {
  historyPreview: (bytes: Uint8Array) => previewOf(checkedHistoryPlan(bytes)),
  // The import needs the rows, not the list of what could not be mapped (the preview showed it).
  historyPlan: (bytes: Uint8Array) => ({ ...checkedHistoryPlan(bytes), unmapped: [] }),
  householdExport: (bytes: Uint8Array) => householdExportOf(bytes),
} satisfies Record<string, (bytes: Uint8Array) => unknown>;

export type Jobs = typeof JOBS;
