import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { householdExportSchema, importResultSchema } from '../../src/shared/schemas/householdData';
import { historyRoutes } from './history';
import { householdScope } from '../plugins/auth';
import { damagedMessage } from '../services/householdData/checkExport';
import { exportHousehold } from '../services/householdData/exportHousehold';
import { importHousehold } from '../services/householdData/importHousehold';
import { budgetsCsv, transactionsCsv } from '../services/householdData/spreadsheets';
import { csvFileName } from '../services/reports/csv';
import { unprocessable } from '../errors';
import { refreshStatistics } from '../db/statistics';

/** A household's whole export may be far larger than any other request (years of transactions). */
const IMPORT_BODY_LIMIT_BYTES = 200 * 1024 * 1024;

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

async function exportRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/household/export',
    { schema: { description: "Everything the caller's household owns, as one versioned JSON document (members without password hashes).", response: { 200: householdExportSchema } } },
    async (request, reply) => {
      const data = await exportHousehold(householdScope(request));
      attachment(reply, fileName(data.household.name, 'export', 'json'), 'application/json; charset=utf-8');
      return data;
    },
  );
  routes.get('/household/export/transactions.csv', { schema: { description: "The household's transactions, for spreadsheets.", response: csvAnswer } }, async (request, reply) => {
    const data = await exportHousehold(householdScope(request));
    return attachment(reply, fileName(data.household.name, 'transactions', 'csv'), CSV).send(transactionsCsv(data));
  });
  routes.get('/household/export/budgets.csv', { schema: { description: "The household's budgets: every income and allocation, with what was spent.", response: csvAnswer } }, async (request, reply) => {
    const data = await exportHousehold(householdScope(request));
    return attachment(reply, fileName(data.household.name, 'budgets', 'csv'), CSV).send(budgetsCsv(data));
  });
}

/**
 * The import reads its body itself: a damaged file (cut short, say) must be refused as damaged with a 422, and
 * a household's transactions may outnumber the row limit of ordinary requests.
 */
async function importRoutes(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT_BYTES }, (_request, text, done) => done(null, String(text)));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/household/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      schema: {
        description:
          'Imports a household export (the document GET /household/export answers) into the caller\'s household, which must be empty. ' +
          'Every row gets a new id. Refused with 422, nothing written, when the file is not an EveryCent export, is of a newer format version, or is damaged.',
        body: z.unknown().describe('The export document, as GET /household/export answered it'),
        response: { 200: importResultSchema },
      },
    },
    async (request) => {
      let document: unknown;
      try {
        document = JSON.parse(typeof request.body === 'string' ? request.body : '');
      } catch {
        throw unprocessable(damagedMessage('it is not complete JSON'));
      }
      const imported = await importHousehold(householdScope(request), document);
      await refreshStatistics(householdScope(request).db, { everyTable: true }, request.log);
      return { imported };
    },
  );
}
