import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HOUSEHOLD_DATA_OWNERS_ONLY, HOUSEHOLD_IMPORT_MAX_BYTES, householdExportSchema, importPreviewSchema, importQuerySchema, importResultSchema } from '../../src/shared/schemas/householdData';
import type { HouseholdScope } from '../db/scope';
import { historyRoutes } from './history';
import { householdScope } from '../plugins/auth';
import { readUpload, takeFileUploads } from '../plugins/fileReading';
import { exportHousehold } from '../services/householdData/exportHousehold';
import { importHousehold, previewImport } from '../services/householdData/importHousehold';
import { budgetsCsv, transactionsCsv } from '../services/householdData/spreadsheets';
import { requireOwner } from '../services/members/members';
import { csvFileName } from '../services/reports/csv';
import { refreshStatistics } from '../db/statistics';

const CSV = 'text/csv; charset=utf-8';
const csvAnswer = { 200: z.string().describe('CSV (RFC 4180, UTF-8 with a byte-order mark)') };

const attachment = (reply: FastifyReply, name: string, type: string) => reply.header('content-type', type).header('content-disposition', `attachment; filename="${name}"`);

const fileName = (householdName: string, kind: string, extension: string) => csvFileName([householdName, kind, new Date().toISOString().slice(0, 10)], []).replace(/\.csv$/, `.${extension}`);

/** Export and import of the caller's household; bringing history from other tools (history.ts). */
export async function householdDataRoutes(app: FastifyInstance): Promise<void> {
  await app.register(exportRoutes);
  await app.register(importRoutes);
  await app.register(historyRoutes);
}

/** The caller's household, when the caller is one of its owners (403 otherwise). */
async function asOwner(request: FastifyRequest): Promise<HouseholdScope> {
  const scope = householdScope(request);
  await requireOwner(scope, HOUSEHOLD_DATA_OWNERS_ONLY);
  return scope;
}

async function exportRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/household/export',
    { schema: { description: "Everything the caller's household owns, as one versioned JSON document (members without password hashes). Owners only.", response: { 200: householdExportSchema } } },
    async (request, reply) => {
      const data = await exportHousehold(await asOwner(request));
      attachment(reply, fileName(data.household.name, 'export', 'json'), 'application/json; charset=utf-8');
      return data;
    },
  );
  routes.get('/household/export/transactions.csv', { schema: { description: "The household's transactions, for spreadsheets. Owners only.", response: csvAnswer } }, async (request, reply) => {
    const data = await exportHousehold(await asOwner(request));
    return attachment(reply, fileName(data.household.name, 'transactions', 'csv'), CSV).send(transactionsCsv(data));
  });
  routes.get('/household/export/budgets.csv', { schema: { description: "The household's budgets: every income and allocation, with what was spent. Owners only.", response: csvAnswer } }, async (request, reply) => {
    const data = await exportHousehold(await asOwner(request));
    return attachment(reply, fileName(data.household.name, 'budgets', 'csv'), CSV).send(budgetsCsv(data));
  });
}

/**
 * The import takes its body as bytes and has the file reader decode, parse and check it (a damaged file, cut
 * short say, is refused as damaged with a 422; a household's transactions may outnumber the row limit of
 * ordinary requests); the server's thread only writes the checked rows.
 */
async function importRoutes(app: FastifyInstance): Promise<void> {
  takeFileUploads(app, HOUSEHOLD_IMPORT_MAX_BYTES);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/household/import/preview',
    {
      bodyLimit: HOUSEHOLD_IMPORT_MAX_BYTES,
      schema: {
        description:
          'What importing this household export would do, writing nothing: the name the household takes, the rows by kind, and the people the file ' +
          'names (members here already, or people the import can add as members). Owners only. Refused as the import would be.',
        body: z.unknown().describe('The export document, as GET /household/export answered it'),
        response: { 200: importPreviewSchema },
      },
    },
    async (request) => previewImport(await asOwner(request), await readUpload(request, 'householdExport')),
  );
  routes.post(
    '/household/import',
    {
      bodyLimit: HOUSEHOLD_IMPORT_MAX_BYTES,
      schema: {
        description:
          'Imports a household export (the document GET /household/export answers) into the caller\'s household, which must be empty, and gives the ' +
          "household the file's name. Owners only. Every row gets a new id. The people `invite` names are added as members, each with a temporary " +
          'password answered once (passwords never travel). Refused with 422, nothing written, when the file is not an EveryCent export, is of a newer ' +
          'format version, is damaged, or holds anything the routes would refuse (the same bounds as every other write), or when `invite` names ' +
          'someone the file lacks or Settings › Members would refuse.',
        querystring: importQuerySchema,
        body: z.unknown().describe('The export document, as GET /household/export answered it'),
        response: { 200: importResultSchema },
      },
    },
    async (request) => {
      const scope = await asOwner(request);
      const invite = request.query.invite?.split(',').map(Number) ?? [];
      const result = await importHousehold(scope, await readUpload(request, 'householdExport'), { invite });
      await refreshStatistics(scope.db, { everyTable: true }, request.log);
      return result;
    },
  );
}
