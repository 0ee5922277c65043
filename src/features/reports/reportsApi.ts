import { api, LIST } from '../../platform/api';
import type { CategorySpendingReport, NeedsVsWantsReport, NetWorthReport } from '../../shared/schemas/reports';

/** The periods a report covers, as the URL and the server take them (YYYY-MM or YYYY-MM-DD); absent: the last 12 budgets. */
export interface ReportRange {
  from?: string;
  to?: string;
}

type ReportName = 'net_worth' | 'category_spending' | 'needs_vs_wants';

export interface ReportRequest extends ReportRange {
  report: ReportName;
  /** Category Spending: only this category (the CSV of the table on screen). */
  categoryId?: number;
}

interface CsvFile {
  text: string;
  fileName: string;
}

function reportUrl({ report, from, to, categoryId }: ReportRequest, format?: 'csv'): string {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  if (categoryId) query.set('category_id', String(categoryId));
  if (format) query.set('format', format);
  const text = query.toString();
  return text ? `/reports/${report}?${text}` : `/reports/${report}`;
}

const FILE_NAME = /filename="([^"]+)"/;

// Reports are derived from budgets, allocations, transactions, accounts and categories: a change to any of
// them (each invalidates its list or FutureBudgets) makes an open report read again.
const REPORT_TAGS = [
  { type: 'Budget' as const, id: LIST },
  'FutureBudgets' as const,
  { type: 'Allocation' as const, id: LIST },
  { type: 'Transaction' as const, id: LIST },
  { type: 'BankAccount' as const, id: LIST },
  { type: 'AllocationCategory' as const, id: LIST },
];

const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNetWorthReport: build.query<NetWorthReport, ReportRange>({
      query: (range) => reportUrl({ report: 'net_worth', ...range }),
      providesTags: REPORT_TAGS,
    }),
    /** Every category of the household, or with `categoryId` that one alone (a thirteenth of the rows). */
    getCategorySpendingReport: build.query<CategorySpendingReport, ReportRange & { categoryId?: number }>({
      query: (range) => reportUrl({ report: 'category_spending', ...range }),
      providesTags: REPORT_TAGS,
    }),
    getNeedsVsWantsReport: build.query<NeedsVsWantsReport, ReportRange>({
      query: (range) => reportUrl({ report: 'needs_vs_wants', ...range }),
      providesTags: REPORT_TAGS,
    }),
    /**
     * A report as CSV, through the api so it carries the session's headers (a plain link would not). A
     * mutation: each download is a fresh read, kept nowhere, and its failure is the page's to show.
     */
    downloadReportCsv: build.mutation<CsvFile, ReportRequest>({
      query: (request) => ({ url: reportUrl(request, 'csv'), method: 'GET', headers: { accept: 'text/csv' }, responseHandler: 'content-type' }),
      transformResponse: (text: string, meta, request) => ({
        text,
        fileName: FILE_NAME.exec(meta?.response?.headers.get('content-disposition') ?? '')?.[1] ?? `${request.report}.csv`,
      }),
    }),
  }),
});

export const { useGetNetWorthReportQuery, useGetCategorySpendingReportQuery, useGetNeedsVsWantsReportQuery, useDownloadReportCsvMutation } =
  reportsApi;
