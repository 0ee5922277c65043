import { z } from 'zod';
import { idSchema, MAX_ROWS_PER_REQUEST, queryIdSchema, versionSchema } from './common';

export const NO_CHARGES_CHOSEN = 'Choose the charges to mark paid';
export const NOT_A_CREDIT_CARD = "Only a credit card's charges are marked paid";

/** `POST /bank_accounts/:id/mark_paid`: ticks Paid? on the chosen unpaid rows of one card window, in one write. */
export const markPaidBodySchema = z.object({
  budget_id: idSchema,
  /** The window's version as read: a write since is a 409 (the person chose from what they saw). */
  window_lock_version: versionSchema,
  transaction_ids: z.array(idSchema).min(1, { error: NO_CHARGES_CHOSEN }).max(MAX_ROWS_PER_REQUEST),
});
export type MarkPaidBody = z.infer<typeof markPaidBodySchema>;

export const markPaidResultSchema = z.object({
  marked: z.number().int(),
  /** The window's version after the write. */
  window_lock_version: z.number().int(),
});
export type MarkPaidResult = z.infer<typeof markPaidResultSchema>;

/** `GET /bank_accounts/:id/carried_forward?budget_id=B`: where each carried-forward (B/F) row of a card window came from. */
export const carriedForwardQuerySchema = z.object({ budget_id: queryIdSchema });

export const carriedForwardOriginSchema = z.object({
  /** The (B/F) row in this window. */
  transaction_id: z.number().int(),
  /** The charge as it was first entered: its date (null when it cannot be found any more). */
  original_date: z.string().nullable(),
  allocation_id: z.number().int().nullable(),
  allocation_name: z.string().nullable(),
  /** The budget the allocation (and so the charge's spending) belongs to. */
  budget_name: z.string().nullable(),
});
export const carriedForwardOriginsSchema = z.array(carriedForwardOriginSchema);
export type CarriedForwardOrigin = z.infer<typeof carriedForwardOriginSchema>;
