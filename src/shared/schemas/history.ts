import { z } from 'zod';

/** An Actual export zip may be this large; YNAB's two CSV files as many characters each. */
export const HISTORY_FILE_MAX_BYTES = 100 * 1024 * 1024;
/** The whole request: both CSV files, or the zip as base64 (a third larger), with room for the JSON around them. */
export const HISTORY_UPLOAD_MAX_BYTES = 2 * HISTORY_FILE_MAX_BYTES + 1024 * 1024;

/** The files a person brings from another budgeting tool. */
export const historyFilesSchema = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('ynab'),
    /** YNAB's Plan.csv (older exports: Budget.csv): Month, Category Group/Category, Category Group, Category, Assigned (or Budgeted), Activity, Available. */
    plan: z.string().max(HISTORY_FILE_MAX_BYTES),
    /** YNAB's Register.csv: Account, Flag, Date, Payee, Category Group/Category, Category Group, Category, Memo, Outflow, Inflow, Cleared. */
    register: z.string().max(HISTORY_FILE_MAX_BYTES),
  }),
  z.object({
    source: z.literal('actual'),
    /** Actual Budget's export zip (db.sqlite and metadata.json), base64. */
    file: z.string().max(Math.ceil(HISTORY_FILE_MAX_BYTES / 3) * 4),
  }),
]);
export type HistoryFiles = z.infer<typeof historyFilesSchema>;

const unmappedRowSchema = z.object({
  date: z.string(),
  account: z.string(),
  description: z.string(),
  category: z.string(),
  reason: z.string(),
});
export type UnmappedRow = z.infer<typeof unmappedRowSchema>;

/** What an import of those files would create, and what it could not place. */
export const historyPreviewSchema = z.object({
  source: z.enum(['ynab', 'actual']),
  title: z.string(),
  allocation_categories: z.array(z.string()),
  budgets: z.array(z.object({ month: z.string(), name: z.string(), allocations: z.number().int(), allocated: z.number().int(), incomes: z.number().int() })),
  accounts: z.array(z.object({ name: z.string(), opening_balance: z.number().int(), opening_date: z.string(), transactions: z.number().int() })),
  transactions: z.number().int(),
  mapped_transactions: z.number().int(),
  unmapped_count: z.number().int(),
  /** The first of the rows that come in without an allocation, or not at all, with why. */
  unmapped: z.array(unmappedRowSchema),
});
export type HistoryPreview = z.infer<typeof historyPreviewSchema>;

export const historyImportResultSchema = z.object({
  imported: z.object({
    allocation_categories: z.number().int(),
    budgets: z.number().int(),
    allocations: z.number().int(),
    incomes: z.number().int(),
    bank_accounts: z.number().int(),
    transactions: z.number().int(),
  }),
});
export type HistoryImportResult = z.infer<typeof historyImportResultSchema>;
