import { z } from 'zod';
import { DESCRIPTION_MAX, splitPartSchema, transactionSchema, transactionStatusSchema } from './transactions';
import { allocationSchema, budgetSummarySchema } from './budgets';
import { dateSchema, idSchema, MAX_ROWS_PER_REQUEST, moneyTotalSchema, queryIdSchema, textSchema } from './common';
import { bankAccountSchema } from './setup';
import { sinkFundEnvelopeSchema } from './sinkFunds';

/** `POST /transactions/suggestions`: an allocation for each description, learned from the household's history. */
export const suggestionsBodySchema = z.object({
  budget_id: idSchema,
  descriptions: z.array(textSchema(DESCRIPTION_MAX)).max(MAX_ROWS_PER_REQUEST),
});
export type SuggestionsBody = z.infer<typeof suggestionsBodySchema>;

/** One per description sent, in order: the allocation of that budget it most likely belongs to, or null. */
const suggestionSchema = z.object({
  description: z.string(),
  allocation_id: idSchema.nullable(),
  /** How many earlier rows agreed, out of how many with the same description (or merchant). */
  votes: z.number().int().nonnegative(),
  of: z.number().int().nonnegative(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;
export const suggestionsSchema = z.object({ suggestions: z.array(suggestionSchema) });
export type Suggestions = z.infer<typeof suggestionsSchema>;

export const SEARCH_PAGE_SIZE = 50;
export const SEARCH_CURSOR_NOT_FOUND = 'That place in the list is gone: search again from the first page';
const searchSortSchema = z.enum(['date', 'amount', 'description']);
export type SearchSort = z.infer<typeof searchSortSchema>;

/** `GET /transactions/search`: the household's transactions (not only one window) by text, amount or reference. */
export const searchQuerySchema = z.object({
  q: textSchema(DESCRIPTION_MAX).optional(),
  bank_account_id: queryIdSchema.optional(),
  budget_id: queryIdSchema.optional(),
  allocation_id: queryIdSchema.optional(),
  status: transactionStatusSchema.optional(),
  sort: searchSortSchema.optional(),
  order: z.enum(['asc', 'desc']).optional(),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, { error: 'must be a page number' })
    .transform(Number)
    .optional(),
  /**
   * Keyset paging: the id of the last row of the page before (its `next_cursor`); the answer holds the rows after
   * it in the current sort and order, read from the index without an offset. `page` then only labels the answer.
   * A transaction of another household (or one deleted since) is a 404: start again from the first page.
   */
  cursor: queryIdSchema
    .optional()
    .describe(
      "Keyset paging: the previous answer's `next_cursor` (the id of its last row). The answer holds the rows after that row in the same sort and order, read from the index without an offset; `page` then only labels it. 404 when the row is gone or another household's: search again from the first page.",
    ),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** A found transaction, with what the screen needs to name it and open its window. */
const searchResultSchema = transactionSchema.extend({
  bank_account_name: z.string(),
  /** The budget whose period holds the date (null when no budget covers it). */
  budget_id: idSchema.nullable(),
  budget_name: z.string().nullable(),
  allocation_name: z.string().nullable(),
  /** A split row's parts, each named by its allocation or envelope ("Unallocated" for a part with neither). */
  splits: z.array(splitPartSchema.extend({ allocation_name: z.string() })).optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResultsSchema = z.object({
  results: z.array(searchResultSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  per_page: z.number().int().positive(),
  /** Σ net of every match (not only this page). */
  net_total: moneyTotalSchema,
  /** The `cursor` that asks for the next page; null on the last page. */
  next_cursor: idSchema.nullable().describe('Send as `cursor` for the next page (the id of the last row here); null on the last page.'),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

/** `GET /transactions/one/choices?date=D`: what the quick-add form offers for a date, in one answer. */
export const quickAddChoicesQuerySchema = z.object({ date: dateSchema });
export const quickAddChoicesSchema = z.object({
  /** Open accounts, in the Bank Accounts screen's order. */
  bank_accounts: z.array(bankAccountSchema),
  /** The budget whose period holds the date, if any. */
  budget: budgetSummarySchema.nullable(),
  /** That budget's allocations when it is open (none when closed or missing). */
  allocations: z.array(allocationSchema),
  /** The open envelopes of every open sink-fund account (their rows take an envelope, not an allocation). */
  sink_fund_allocations: z.array(sinkFundEnvelopeSchema),
});
export type QuickAddChoices = z.infer<typeof quickAddChoicesSchema>;
