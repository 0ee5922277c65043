import { z } from 'zod';
import { dateSchema, MAX_ROWS_PER_REQUEST, flagSchema, idSchema, moneySchema, moneyTotalSchema, notGiven, optionalIdSchema, optionalRefSchema, queryIdSchema, textSchema, versionSchema } from './common';

/** The description column's length. */
export const DESCRIPTION_MAX = 500;
/** The bank reference column's length. */
export const BANK_REF_MAX = 200;

export const transactionStatusSchema = z.enum(['paid', 'unpaid']);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;
export const broughtForwardStatusSchema = z.enum(['brought_forward', 'added', 'adjustment']);
export type BroughtForwardStatus = z.infer<typeof broughtForwardStatusSchema>;

/** The memo column's length of a split part. */
export const SPLIT_MEMO_MAX = 500;
/** The most parts one row may be split into. */
export const MAX_SPLITS_PER_ROW = 100;

/** One part of a split row (api-and-domain §5.1): its amount is signed like the row's net (deposit − withdrawal). */
export const splitPartSchema = z.object({
  id: idSchema,
  amount: moneyTotalSchema,
  allocation_id: idSchema.nullable(),
  sink_fund_allocation_id: idSchema.nullable(),
  memo: z.string().nullable(),
});
export type SplitPart = z.infer<typeof splitPartSchema>;

/** A part as a save sends it: no id for a new part; an allocation and an envelope both set is refused by the server. */
export const splitPartRowSchema = z.object({
  id: optionalIdSchema,
  amount: moneySchema,
  allocation_id: optionalRefSchema,
  sink_fund_allocation_id: optionalRefSchema,
  memo: textSchema(SPLIT_MEMO_MAX).nullish(),
});
export type SplitPartRow = z.infer<typeof splitPartRowSchema>;

export const transactionSchema = z.object({
  id: idSchema,
  transaction_date: z.string(),
  description: z.string(),
  withdrawal_amount: moneySchema,
  deposit_amount: moneySchema,
  net_amount: moneyTotalSchema,
  allocation_id: idSchema.nullable(),
  sink_fund_allocation_id: idSchema.nullable(),
  status: transactionStatusSchema,
  paid: z.boolean(),
  brought_forward_status: broughtForwardStatusSchema.nullable(),
  bank_ref: z.string(),
  is_manual_adjustment: z.boolean(),
  bank_account_id: idSchema,
  /** Only on a split row: its parts, in order (a row without parts is as before). */
  splits: z.array(splitPartSchema).optional(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const WINDOW_LOCK_HEADER = 'x-window-lock-version';

/** `GET /transactions?bank_account_id=A&budget_id=B`: one account's transactions in one budget's period. */
export const windowQuerySchema = z.object({ bank_account_id: queryIdSchema, budget_id: queryIdSchema });

/**
 * One row of a window save. Amounts may only be negative on a stored "Balance B/F Adj Entry" row (the server
 * checks that per row, naming the row), so the schema accepts any whole number of cents here.
 */
const transactionRowSchema = z.object({
  id: optionalIdSchema,
  transaction_date: dateSchema,
  description: textSchema(DESCRIPTION_MAX).nullish(),
  withdrawal_amount: notGiven(moneySchema),
  deposit_amount: notGiven(moneySchema),
  allocation_id: optionalRefSchema,
  sink_fund_allocation_id: optionalRefSchema,
  status: notGiven(transactionStatusSchema),
  brought_forward_status: broughtForwardStatusSchema.nullish(),
  bank_ref: textSchema(BANK_REF_MAX).nullish(),
  is_manual_adjustment: notGiven(flagSchema),
  deleted: notGiven(flagSchema),
  /** The row's parts: absent keeps the stored ones (the original client), `[]` unsplits the row. */
  splits: z.array(splitPartRowSchema).max(MAX_SPLITS_PER_ROW).nullish(),
});
export type TransactionRow = z.infer<typeof transactionRowSchema>;

export const saveWindowBodySchema = z.object({
  bank_account_id: idSchema,
  budget_id: idSchema,
  window_lock_version: notGiven(versionSchema),
  transactions: z.array(transactionRowSchema).max(MAX_ROWS_PER_REQUEST),
});
export type SaveWindowBody = z.infer<typeof saveWindowBodySchema>;

/**
 * `POST /transactions/one`: one transaction recorded on its own (Quick add), in the budget whose period holds
 * its date. The fields are a window row's, checked by the same rules.
 */
export const quickAddBodySchema = transactionRowSchema
  .pick({ transaction_date: true, withdrawal_amount: true, deposit_amount: true, allocation_id: true, sink_fund_allocation_id: true, splits: true })
  .extend({ bank_account_id: idSchema, description: textSchema(DESCRIPTION_MAX) });
export type QuickAddBody = z.infer<typeof quickAddBodySchema>;

export const QUICK_ADD_DESCRIPTION_BLANK = "Description can't be blank";
export const QUICK_ADD_NO_AMOUNT = 'Enter an amount spent or received';
export const quickAddNoBudget = (date: string) => `No budget covers ${date}: add it on Budgets first`;

/** A save without window_lock_version from a session that never read the window may not delete rows by leaving them out. */
export const WINDOW_UNREAD_MESSAGE = "This save leaves out transactions of this account that were never loaded here. Reload to see them before saving.";
export const WINDOW_CONFLICT_MESSAGE =
  "This account's transactions were changed by someone else. Reload to see their changes.";

/** Spent dialog rows: `GET /transactions/by_allocation` and `/by_sink_fund_allocation`. */
export const transactionListSchema = z.array(transactionSchema);

export const byAllocationQuerySchema = z.object({ allocation_id: queryIdSchema });
export const bySinkFundAllocationQuerySchema = z.object({ sink_fund_allocation_id: queryIdSchema });

/** `transaction_date` is today when the household has none yet (the contract); `has_transactions` tells the two apart. */
export const lastUpdateSchema = z.object({ transaction_date: z.string(), has_transactions: z.boolean() });
export type LastUpdate = z.infer<typeof lastUpdateSchema>;

/** A transfer writes its description as "Withdrawal - …" on one account and "Deposit - …" on the other. */
export const TRANSFER_PREFIXES = { withdrawal: 'Withdrawal - ', deposit: 'Deposit - ' } as const;
/** What a transfer's description may hold so that both rows, prefix and all, fit the description column. */
export const TRANSFER_DESCRIPTION_MAX = DESCRIPTION_MAX - Math.max(...Object.values(TRANSFER_PREFIXES).map((prefix) => prefix.length));

export const transferBodySchema = z.object({
  to: optionalRefSchema,
  amount: moneySchema,
  description: textSchema(TRANSFER_DESCRIPTION_MAX).nullish(),
  date: dateSchema,
  budget_id: optionalRefSchema,
  from_allocation: optionalRefSchema,
  to_allocation: optionalRefSchema,
  from_sink_fund_allocation: optionalRefSchema,
  to_sink_fund_allocation: optionalRefSchema,
});
export type TransferBody = z.infer<typeof transferBodySchema>;

/** The two paid rows a transfer wrote. */
export const transferResultSchema = z.object({ withdrawal: transactionSchema, deposit: transactionSchema });
export type TransferResult = z.infer<typeof transferResultSchema>;

export const manualAdjustmentsBodySchema = z.object({
  adjustments: z.array(z.object({ bank_account_id: idSchema, new_balance: moneySchema })),
});
export type ManualAdjustmentsBody = z.infer<typeof manualAdjustmentsBodySchema>;

export const sinkFundAllocationStatusSchema = z.enum(['open', 'closed']);
export type SinkFundAllocationStatus = z.infer<typeof sinkFundAllocationStatusSchema>;

export const sinkFundAllocationSchema = z.object({
  id: idSchema,
  bank_account_id: idSchema,
  name: z.string(),
  amount: moneySchema,
  comment: z.string().nullable(),
  status: sinkFundAllocationStatusSchema,
});
export type SinkFundAllocation = z.infer<typeof sinkFundAllocationSchema>;

/** `GET /sink_fund_allocations?bank_account_id=N`: the open envelopes of one sink-fund account. */
export const sinkFundAllocationsQuerySchema = z.object({ bank_account_id: queryIdSchema });
