import { z } from 'zod';
import {
  commentSchema,
  flagSchema,
  idSchema,
  MAX_ROWS_PER_REQUEST,
  moneySchema,
  moneyTotalSchema,
  NAME_MAX,
  notGiven,
  optionalIdSchema,
  optionalRefSchema,
  textSchema,
  versionSchema,
} from './common';
import { accountStatusSchema } from './setup';
import { sinkFundAllocationStatusSchema } from './transactions';

/**
 * An envelope as the Sink Funds screen reads it. `current_balance` (the net of its transactions), `outstanding`
 * and `transaction_count` are derived on read; `target` is the stored `amount`, which is sent as well for
 * older clients.
 */
export const sinkFundEnvelopeSchema = z.object({
  id: idSchema,
  bank_account_id: idSchema,
  name: z.string(),
  amount: moneySchema,
  target: moneySchema,
  current_balance: moneyTotalSchema,
  outstanding: moneyTotalSchema,
  comment: z.string().nullable(),
  status: sinkFundAllocationStatusSchema,
  transaction_count: z.number().int().nonnegative(),
});
export type SinkFundEnvelope = z.infer<typeof sinkFundEnvelopeSchema>;

/**
 * A sink-fund account with its envelopes (closed ones included). `assigned_balance` is the sum of the envelope
 * balances and `unassigned_balance` ("Unassigned Money") the rest of `current_balance`, so the two always add up
 * to the account's balance.
 */
export const sinkFundSchema = z.object({
  id: idSchema,
  name: z.string(),
  status: accountStatusSchema,
  current_balance: moneyTotalSchema,
  assigned_balance: moneyTotalSchema,
  unassigned_balance: moneyTotalSchema,
  lock_version: z.number().int(),
  sink_fund_allocations: z.array(sinkFundEnvelopeSchema),
});
export type SinkFund = z.infer<typeof sinkFundSchema>;

/**
 * One envelope row of `PUT /sink_funds/:id`: no id (or 0) creates it, `deleted: true` deletes it, otherwise it is
 * updated; a field left out (or null) keeps its stored value. `amount` is the older clients' name for `target`.
 */
const sinkFundEnvelopeRowSchema = z.object({
  id: optionalIdSchema,
  name: notGiven(textSchema(NAME_MAX)),
  target: notGiven(moneySchema),
  amount: notGiven(moneySchema),
  comment: commentSchema,
  status: notGiven(sinkFundAllocationStatusSchema),
  deleted: notGiven(flagSchema),
});
export type SinkFundEnvelopeRow = z.infer<typeof sinkFundEnvelopeRowSchema>;

export const updateSinkFundBodySchema = z.object({
  lock_version: notGiven(versionSchema),
  sink_fund_allocations: z.array(sinkFundEnvelopeRowSchema).max(MAX_ROWS_PER_REQUEST),
});
export type UpdateSinkFundBody = z.infer<typeof updateSinkFundBodySchema>;

/** `POST /sink_funds/:id/transfer_allocation`: 0 (or none) on either side is Unassigned Money. */
export const sinkFundTransferBodySchema = z.object({
  existing_allocation_id: optionalRefSchema,
  new_allocation_id: optionalRefSchema,
  amount: moneySchema,
});
export type SinkFundTransferBody = z.infer<typeof sinkFundTransferBodySchema>;

export const SINK_FUND_NOT_FOUND_MESSAGE = 'Sink fund not found';
export const SINK_FUND_CONFLICT_MESSAGE = 'These sink fund allocations were changed by someone else. Reload to see their changes.';
/** The description of both rows a move between envelopes writes. */
export const ALLOCATION_TRANSFER_DESCRIPTION = 'Internal Allocation Transfer';
