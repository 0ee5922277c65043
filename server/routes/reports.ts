import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allNeedsVsWantsColumns, categorySpendingColumns, describedField, netWorthColumns, type ReportColumn } from '../../src/shared/reports';
import {
  categorySpendingQuerySchema,
  categorySpendingReportSchema,
  CSV_CONTENT_TYPE,
  needsVsWantsReportSchema,
  netWorthReportSchema,
  type ReportFormat,
  reportQuerySchema,
} from '../../src/shared/schemas/reports';
import { householdScope } from '../plugins/auth';
import { categorySpendingReport } from '../services/reports/categorySpending';
import { csvFileName, reportCsv } from '../services/reports/csv';
import { needsVsWantsReport } from '../services/reports/needsVsWants';
import { netWorthReport } from '../services/reports/netWorth';

const ACCEPTS_CSV = /(^|,)\s*text\/csv\s*(;|,|$)/i;
const JSON_CONTENT = /^\s*application\/json\s*(;|$)/i;

/** The original client's call: a JSON content type on a GET, which has no body (this app's client sends none). */
const asksForOriginalEnvelope = (headers: FastifyRequest['headers']) => JSON_CONTENT.test(headers['content-type'] ?? '');

interface Report<Row extends { period: string }> {
  columns: readonly ReportColumn[];
  rows: Row[];
  /** What the CSV file is called before its periods: ["net worth"], ["category spending", "Groceries"]. */
  name: string[];
  /**
   * How the original backend named this report's fields: net worth by plain names (`["period", "net_change",
   * "net_worth"]`), category spending and needs vs wants as `{name, label, numeric}`. The original client reads each as it was.
   */
  originalFields: 'names' | 'described';
}

/** `{data, fields}` as JSON (the original envelope for the original client), or the same columns as CSV when asked for (`?format=csv` or `Accept: text/csv`). */
function sendReport<Row extends { period: string }>(
  request: { query: { format?: ReportFormat }; headers: FastifyRequest['headers'] },
  reply: FastifyReply,
  report: Report<Row>,
) {
  const format = request.query.format ?? (ACCEPTS_CSV.test(request.headers.accept ?? '') ? 'csv' : 'json');
  reply.header('vary', 'Accept');
  if (format === 'json' && asksForOriginalEnvelope(request.headers)) {
    const fields = report.originalFields === 'names' ? report.columns.map((column) => column.key) : report.columns.map(describedField);
    return reply.send({ success: true, data: report.rows, fields });
  }
  if (format === 'json') return reply.send({ data: report.rows, fields: report.columns.map((column) => column.key) });
  const fileName = csvFileName(report.name, report.rows.map((row) => row.period));
  return reply
    .header('content-type', CSV_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(reportCsv(report.columns, report.rows));
}

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/reports/net_worth', { schema: { querystring: reportQuerySchema, response: { 200: netWorthReportSchema } } }, async (request, reply) =>
    sendReport(request, reply, { columns: netWorthColumns, rows: await netWorthReport(householdScope(request), request.query), name: ['net worth'], originalFields: 'names' }),
  );

  routes.get('/reports/category_spending', { schema: { querystring: categorySpendingQuerySchema, response: { 200: categorySpendingReportSchema } } }, async (request, reply) => {
    const { rows, category } = await categorySpendingReport(householdScope(request), request.query);
    return sendReport(request, reply, { columns: categorySpendingColumns, rows, name: ['category spending', category?.name ?? ''], originalFields: 'described' });
  });

  routes.get('/reports/needs_vs_wants', { schema: { querystring: reportQuerySchema, response: { 200: needsVsWantsReportSchema } } }, async (request, reply) =>
    sendReport(request, reply, { columns: allNeedsVsWantsColumns, rows: await needsVsWantsReport(householdScope(request), request.query), name: ['needs vs wants'], originalFields: 'described' }),
  );
}
