import type { HistoryImportResult, HistoryPreview } from '../../../src/shared/schemas/history';
import type { HouseholdScope } from '../../db/scope';
import type { FileReading } from '../untrustedFiles/sandbox';
import { writeHistory } from './writeHistory';

/**
 * Bringing history from another tool. The files are read, planned and checked in the file reader's worker
 * (untrustedFiles/jobs.ts); the server's thread only writes what came back. The preview and the import read the
 * same files the same way, so the import writes exactly what the preview showed.
 */
export const previewHistory = (files: FileReading, scope: HouseholdScope, upload: Uint8Array): Promise<HistoryPreview> =>
  files.read(scope.householdId, 'historyPreview', upload);

export async function importHistory(files: FileReading, scope: HouseholdScope, upload: Uint8Array): Promise<HistoryImportResult['imported']> {
  return writeHistory(scope, await files.read(scope.householdId, 'historyPlan', upload));
}
