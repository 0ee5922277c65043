import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HISTORY_UPLOAD_MAX_BYTES, historyFilesSchema, historyImportResultSchema, historyPreviewSchema } from '../../src/shared/schemas/history';
import { HOUSEHOLD_DATA_OWNERS_ONLY } from '../../src/shared/schemas/householdData';
import { refreshStatistics } from '../db/statistics';
import { answerRecorded } from './recordedReply';
import { householdScope } from '../plugins/auth';
import { readUpload, takeFileUploads } from '../plugins/fileReading';
import { requireOwner } from '../services/members/members';
import { readHistoryHousehold } from '../services/history/historyHousehold';
import { writeHistory } from '../services/history/writeHistory';
import { today } from '../../src/shared/dates';

const BODY = historyFilesSchema.describe('The files, as JSON (read and checked against this shape by the file reader, not before).');

/**
 * Bringing history from YNAB or Actual Budget: a preview of what the files would create, then the import. The
 * files are read, planned and checked in the file reader's worker (untrustedFiles/jobs.ts), the same way for
 * both, so the import writes exactly what the preview showed; the server's thread only writes what came back.
 */
export async function historyRoutes(app: FastifyInstance): Promise<void> {
  takeFileUploads(app, HISTORY_UPLOAD_MAX_BYTES);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/household/history/preview',
    {
      bodyLimit: HISTORY_UPLOAD_MAX_BYTES,
      schema: {
        description:
          "What importing these YNAB or Actual Budget files (with the person's choices) would create and change in the caller's household: its accounts and categories matched by name, opening dates moved back, budgets for the months before its first, and the rows left out or without an allocation, with why. Writes nothing. Owners only.",
        body: BODY,
        response: { 200: historyPreviewSchema },
      },
      // The body is the file's bytes: the file reader parses and checks it (schema above) in its worker.
      validatorCompiler: () => () => true,
    },
    async (request) => {
      const scope = householdScope(request);
      await requireOwner(scope, HOUSEHOLD_DATA_OWNERS_ONLY);
      return readUpload(request, 'historyPreview', await readHistoryHousehold(scope, today(app.config.timeZone)));
    },
  );
  routes.post(
    '/household/history/import',
    {
      bodyLimit: HISTORY_UPLOAD_MAX_BYTES,
      schema: {
        description:
          "Writes what the preview of the same files and choices showed, in one transaction; refused when the household or the choices changed since that preview (send its fingerprint as choices.preview). Owners only.",
        body: BODY,
        response: { 200: historyImportResultSchema },
      },
      validatorCompiler: () => () => true,
    },
    async (request, reply) => {
      const scope = householdScope(request);
      await requireOwner(scope, HOUSEHOLD_DATA_OWNERS_ONLY);
      const written = await writeHistory(scope, await readUpload(request, 'historyPlan', await readHistoryHousehold(scope, today(app.config.timeZone))));
      await refreshStatistics(scope.db, { everyTable: true }, request.log);
      return { imported: answerRecorded(reply, written) };
    },
  );
}
