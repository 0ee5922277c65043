import { z } from 'zod';
import { CSV_DELIMITERS } from './csvLines';
import { DATE_FORMATS } from './values';

const column = z.number().int().nonnegative();

/**
 * How a bank's CSV export maps onto transactions; remembered per account, so fields are only ever added (with a
 * default that reads older mappings as before). Columns are 0-based indexes.
 */
export const csvMappingSchema = z.object({
  delimiter: z.enum(CSV_DELIMITERS),
  /** Whether the table (found below any lines of account details) starts with a header line. */
  hasHeader: z.boolean(),
  dateColumn: column,
  dateFormat: z.enum(DATE_FORMATS),
  descriptionColumn: column,
  /** 'single': one signed amount column; 'split': separate withdrawal and deposit columns. */
  amountMode: z.enum(['single', 'split']),
  amountColumn: column,
  /** In 'single' mode: whether a negative amount is money going out (most banks) or coming in (card statements). */
  negativeMeans: z.enum(['withdrawal', 'deposit']),
  withdrawalColumn: column,
  depositColumn: column,
  decimalComma: z.boolean(),
  bankRefColumn: column.nullable(),
  /** In 'single' mode: a column saying which way the money went (D/C, Af/Bij, S/H, Debit/Credit). */
  signColumn: column.nullable().default(null),
  /** The file's running balance: the rows are added only when their amounts explain its every step. */
  balanceColumn: column.nullable().default(null),
});
export type CsvMapping = z.infer<typeof csvMappingSchema>;

/** The part of a mapping that says where a line's amount is and which way it goes (and, once checked, the balance that confirms it). */
export type AmountChoice = Pick<CsvMapping, 'amountMode' | 'amountColumn' | 'withdrawalColumn' | 'depositColumn' | 'negativeMeans' | 'signColumn'> & Partial<Pick<CsvMapping, 'balanceColumn'>>;
