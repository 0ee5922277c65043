import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { historyFilesSchema, historyImportResultSchema, historyPreviewSchema } from '../../src/shared/schemas/history';
import { refreshStatistics } from '../db/statistics';
import { householdScope } from '../plugins/auth';
import { historyPlanOf } from '../services/history/bringHistory';
import { previewOf } from '../services/history/historyPlan';
import { writeHistory } from '../services/history/writeHistory';

/** Years of exports from another tool are far larger than ordinary requests. */
const HISTORY_BODY_LIMIT_BYTES = 200 * 1024 * 1024;

/** Bringing history from YNAB or Actual Budget: a preview of what the files would create, then the import. */
export async function historyRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/household/history/preview',
    {
      bodyLimit: HISTORY_BODY_LIMIT_BYTES,
      schema: {
        description: 'What importing these YNAB or Actual Budget files would create, and which rows could not be mapped to an allocation. Writes nothing.',
        body: historyFilesSchema,
        response: { 200: historyPreviewSchema },
      },
    },
    async (request) => {
      householdScope(request);
      return previewOf(historyPlanOf(request.body));
    },
  );
  routes.post(
    '/household/history/import',
    {
      bodyLimit: HISTORY_BODY_LIMIT_BYTES,
      schema: {
        description: "Creates what the preview of the same files showed, in the caller's household, which must be empty.",
        body: historyFilesSchema,
        response: { 200: historyImportResultSchema },
      },
    },
    async (request) => {
      const imported = await writeHistory(householdScope(request), historyPlanOf(request.body));
      await refreshStatistics(householdScope(request).db, { everyTable: true }, request.log);
      return { imported };
    },
  );
}
