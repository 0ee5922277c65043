import { api, TAG_TYPES } from '../../platform/api';
import type { HistoryFiles, HistoryImportResult, HistoryPreview } from '../../shared/schemas/history';
import type { ImportPreview, ImportResult } from '../../shared/schemas/householdData';

/** The files Settings › Your data downloads: the whole household (JSON) and two spreadsheets. */
export const DOWNLOADS = {
  export: { url: '/household/export', label: 'Download everything (JSON)' },
  transactions: { url: '/household/export/transactions.csv', label: 'Transactions (CSV)' },
  budgets: { url: '/household/export/budgets.csv', label: 'Budgets (CSV)' },
} as const;
export type DownloadKind = keyof typeof DOWNLOADS;

interface DownloadedFile {
  name: string;
  type: string;
  text: string;
}

const BYTE_ORDER_MARK = '\uFEFF';
const withSpreadsheetMark = (type: string | null, text: string) =>
  type?.startsWith('text/csv') && !text.startsWith(BYTE_ORDER_MARK) ? BYTE_ORDER_MARK + text : text;

const fileNameOf = (disposition: string | null, fallback: string) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

/** Everything the household owns, out and in; and history from YNAB or Actual Budget. */
const yourDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A mutation, not a query: a download is asked for once and its (possibly large) text is not kept in the cache.
    download: build.mutation<DownloadedFile, DownloadKind>({
      query: (kind) => ({
        url: DOWNLOADS[kind].url,
        method: 'GET',
        responseHandler: async (response) => ({
          name: fileNameOf(response.headers.get('content-disposition'), DOWNLOADS[kind].url.split('/').pop()!),
          type: response.headers.get('content-type') ?? 'application/octet-stream',
          // `text()` drops the byte-order mark the server writes on spreadsheets; spreadsheet programs need it
          // to read the file as UTF-8, so it goes back on.
          text: withSpreadsheetMark(response.headers.get('content-type'), await response.text()),
        }),
      }),
    }),
    previewHouseholdImport: build.mutation<ImportPreview, string>({
      // The file's text as it is: the server says whether it is ours, newer or damaged, and what the import would do.
      query: (text) => ({ url: '/household/import/preview', method: 'POST', body: text, headers: { 'content-type': 'application/json' } }),
    }),
    importHousehold: build.mutation<ImportResult, { text: string; invite: number[] }>({
      query: ({ text, invite }) => ({
        url: '/household/import',
        method: 'POST',
        body: text,
        headers: { 'content-type': 'application/json' },
        params: invite.length > 0 ? { invite: invite.join(',') } : undefined,
      }),
      // Every screen's data is new after an import.
      invalidatesTags: [...TAG_TYPES],
    }),
    previewHistory: build.mutation<HistoryPreview, HistoryFiles>({
      query: (body) => ({ url: '/household/history/preview', method: 'POST', body }),
    }),
    importHistory: build.mutation<HistoryImportResult, HistoryFiles>({
      query: (body) => ({ url: '/household/history/import', method: 'POST', body }),
      invalidatesTags: [...TAG_TYPES],
    }),
  }),
});

export const { useDownloadMutation, usePreviewHouseholdImportMutation, useImportHouseholdMutation, usePreviewHistoryMutation, useImportHistoryMutation } = yourDataApi;
