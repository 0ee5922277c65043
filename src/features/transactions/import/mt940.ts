import { Parser } from 'mt940js';
import { fromParts } from '../../../shared/dates';
import { parseMoney } from '../../../shared/money';
import { splitSigned, type ImportedRow, type ParseResult } from './types';

/**
 * SWIFT MT940 statements, read with mt940js, which also checks that each statement's lines add up from its
 * opening to its closing balance: a file that does not add up is refused, not half read.
 */
export function parseMt940(content: string): ParseResult {
  let statements: ReturnType<Parser['parse']>;
  try {
    statements = new Parser().parse(content.replace(/\r\n?/g, '\n'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { rows: [], problems: [`This MT940 statement cannot be read (${reason}). Download it again from your bank, or export CSV or CAMT instead.`] };
  }
  const rows: ImportedRow[] = statements.flatMap((statement) =>
    statement.transactions.map((transaction) => {
      // mt940js builds dates at UTC midnight, so the UTC parts are the bank's day.
      const date = transaction.date;
      const ref = transaction.bankReference && transaction.bankReference !== 'NONREF' ? transaction.bankReference : '';
      return {
        transaction_date: fromParts(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()),
        description: transaction.details.replace(/\s*\n\s*/g, ' ').trim(),
        ...splitSigned(parseMoney(transaction.amount)),
        ...(ref ? { bank_ref: ref } : {}),
      };
    }),
  );
  return { rows, problems: [] };
}
