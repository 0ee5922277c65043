import type { HistoryFiles } from '../../../src/shared/schemas/history';
import { historyFilesSchema } from '../../../src/shared/schemas/history';
import { unprocessable } from '../../errors';
import { issueText, jsonDocumentOf } from '../untrustedFiles/issues';
import { readActual } from './actual';
import type { HistoryData } from './historyData';
import { readYnab, ynabFilesInZip } from './ynab';

type Source = HistoryFiles['source'];

const YNAB_FILES_NEEDED = "Choose YNAB's export: the zip it saves, or its two files (Plan.csv or Budget.csv, and Register.csv).";

/** One reader per tool the person can bring history from: a new tool (or format of one) is one more entry here. */
const READERS = {
  ynab: (files) => {
    if (files.file !== undefined) return readYnab(ynabFilesInZip(Buffer.from(files.file, 'base64'), files.names?.[0]));
    if (files.plan === undefined || files.register === undefined) throw unprocessable(YNAB_FILES_NEEDED);
    return readYnab({ plan: files.plan, register: files.register, names: files.names });
  },
  actual: (files) => readActual(Buffer.from(files.file, 'base64')),
} satisfies { [S in Source]: (files: Extract<HistoryFiles, { source: S }>) => HistoryData };

const filesProblem = (why: string) => `These files cannot be read (${why}).`;

/** The upload of `POST /household/history/…`, from its bytes, checked against the route's schema. */
export function historyFilesOf(bytes: Uint8Array): HistoryFiles {
  const parsed = historyFilesSchema.safeParse(jsonDocumentOf(bytes, filesProblem));
  if (!parsed.success) throw unprocessable(parsed.error.issues.slice(0, 10).map(issueText));
  return parsed.data;
}

export function readHistory(files: HistoryFiles): HistoryData {
  const read = READERS[files.source] as (files: HistoryFiles) => HistoryData;
  return read(files);
}
