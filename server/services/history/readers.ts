import type { HistoryFiles } from '../../../src/shared/schemas/history';
import { historyFilesSchema } from '../../../src/shared/schemas/history';
import { unprocessable } from '../../errors';
import { issueText, jsonDocumentOf } from '../untrustedFiles/issues';
import { readActual } from './actual';
import type { HistoryData } from './historyData';
import { readYnab } from './ynab';

type Source = HistoryFiles['source'];

/** One reader per tool the person can bring history from: a new tool (or format of one) is one more entry here. */
const READERS = {
  ynab: (files) => readYnab(files.plan, files.register),
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
