import { z } from 'zod';
import { MAX_BANK_ACCOUNTS } from '../money';
import { allocationClassSchema } from './budgets';
import { dateSchema } from './common';

/** An Actual export zip may be this large; YNAB's two CSV files as many characters each. */
export const HISTORY_FILE_MAX_BYTES = 100 * 1024 * 1024;
/** The whole request: both CSV files, or the zip as base64 (a third larger), with room for the JSON around them. */
export const HISTORY_UPLOAD_MAX_BYTES = 2 * HISTORY_FILE_MAX_BYTES + 1024 * 1024;

/** What an account from the other tool becomes: a current account, an asset, a credit card or another liability (a loan). */
export const accountKindSchema = z.enum(['current', 'asset', 'credit_card', 'liability']);
export type AccountKind = z.infer<typeof accountKindSchema>;

/** What happens to an account's history dated on or before the opening date it already has here. */
export const earlierRowsSchema = z.enum(['move_opening_date', 'leave_out']);
export type EarlierRows = z.infer<typeof earlierRowsSchema>;

const fileName = z.string().max(500);
/** One of the file's accounts or category groups, by its name in the file, and what it becomes here. */
const matchSchema = z.number().int().positive().nullable().describe("The household's own account or category it joins; null: a new one is created.");

/**
 * What the person chose in the preview (everything optional: absent means the default the preview showed). The
 * import sends the same choices with the preview's fingerprint, and is refused when what it would write is not
 * exactly what that preview showed.
 */
export const historyChoicesSchema = z.object({
  /** The day the files were exported: rows after it that were not cleared are scheduled ones, left out. */
  exported_on: dateSchema.nullable().optional(),
  accounts: z
    .array(z.object({ name: z.string().max(500), match: matchSchema.optional(), kind: accountKindSchema.optional(), earlier_rows: earlierRowsSchema.optional() }))
    .max(MAX_BANK_ACCOUNTS)
    .optional(),
  groups: z
    .array(z.object({ name: z.string().max(500), match: matchSchema.optional(), allocation_class: allocationClassSchema.optional() }))
    .max(5_000)
    .optional(),
  /** The import only: the fingerprint of the preview the person saw. */
  preview: z.string().max(100).optional(),
});
export type HistoryChoices = z.infer<typeof historyChoicesSchema>;

/** The files a person brings from another budgeting tool. */
export const historyFilesSchema = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('ynab'),
    /** YNAB's Plan.csv (older exports and YNAB 4: Budget.csv): Month, the category's columns, Assigned (or Budgeted)... */
    plan: z.string().max(HISTORY_FILE_MAX_BYTES).optional(),
    /** YNAB's Register.csv: Account, Date, Payee, the category's columns, Memo, Outflow, Inflow, Cleared... */
    register: z.string().max(HISTORY_FILE_MAX_BYTES).optional(),
    /** Or the zip YNAB saves, as it is, base64. */
    file: z.string().max(Math.ceil(HISTORY_FILE_MAX_BYTES / 3) * 4).optional(),
    /** The chosen files' names (YNAB's say the day of the export). */
    names: z.array(fileName).max(3).optional(),
    choices: historyChoicesSchema.optional(),
  }),
  z.object({
    source: z.literal('actual'),
    /** Actual Budget's export zip (db.sqlite and metadata.json), base64. */
    file: z.string().max(Math.ceil(HISTORY_FILE_MAX_BYTES / 3) * 4),
    names: z.array(fileName).max(3).optional(),
    choices: historyChoicesSchema.optional(),
  }),
]);
export type HistoryFiles = z.infer<typeof historyFilesSchema>;

const unmappedRowSchema = z.object({
  /** Where the row is in the person's file ("Register.csv line 12"). */
  origin: z.string(),
  date: z.string(),
  account: z.string(),
  description: z.string(),
  category: z.string(),
  reason: z.string(),
});
export type UnmappedRow = z.infer<typeof unmappedRowSchema>;

const named = z.object({ id: z.number().int(), name: z.string() });
const openingSchema = z.object({ opening_date: z.string(), opening_balance: z.number().int() });

/** What an import of those files would create or change, and what it could not place. */
export const historyPreviewSchema = z.object({
  source: z.enum(['ynab', 'actual']),
  title: z.string(),
  /** The day taken as the export's: rows after it not cleared are scheduled ones, brought in as upcoming bills. */
  exported_on: z.string().nullable(),
  /** Sent back with the import: the import is refused unless it would write exactly this preview. */
  fingerprint: z.string(),
  /** The file's category groups' names. */
  allocation_categories: z.array(z.string()),
  groups: z.array(z.object({ name: z.string(), match: named.nullable(), allocation_class: allocationClassSchema, allocations: z.number().int() })),
  budgets: z.array(z.object({ month: z.string(), name: z.string(), allocations: z.number().int(), allocated: z.number().int(), incomes: z.number().int() })),
  /** Months of the files that already have a budget here: it is kept, the files' amounts for them are not used. */
  kept_months: z.array(z.string()),
  accounts: z.array(
    z.object({
      name: z.string(),
      kind: accountKindSchema,
      match: named.nullable(),
      /** The opening date and balance here now (a matched account), and after the import. */
      before: openingSchema.nullable(),
      after: openingSchema,
      earlier_rows: earlierRowsSchema,
      /** Rows dated on or before the account's opening date here. */
      earlier: z.number().int(),
      transactions: z.number().int(),
      /** Today's balance here before the import (a matched account) and after it. */
      balance_before: z.number().int().nullable(),
      balance_after: z.number().int(),
      // The old summary fields, kept for readers of the first version.
      opening_balance: z.number().int(),
      opening_date: z.string(),
    }),
  ),
  /** The household's accounts and categories, for the person to match the file's with. */
  household: z.object({ accounts: z.array(named), categories: z.array(named) }),
  transactions: z.number().int(),
  mapped_transactions: z.number().int(),
  /**
   * YNAB's scheduled rows (dated after the export, not cleared): each comes in as an upcoming bill, not paid.
   * The first of them, with their count.
   */
  upcoming_count: z.number().int(),
  upcoming: z.array(z.object({ origin: z.string(), date: z.string(), account: z.string(), description: z.string(), category: z.string(), amount: z.number().int() })),
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
    /** The household's own accounts the history joined. */
    matched_accounts: z.number().int(),
  }),
});
export type HistoryImportResult = z.infer<typeof historyImportResultSchema>;
