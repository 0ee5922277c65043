import { z } from 'zod';
import { idSchema, queryIdSchema } from './common';

export const ACTIVITY_PAGE_SIZE = 30;

/** One change someone made, newest first on the Activity page. */
const activityEntrySchema = z.object({
  id: idSchema,
  /** Null for a change made from the command line. */
  user_id: idSchema.nullable(),
  actor_name: z.string(),
  kind: z.string(),
  /** Without the person: "saved Nov 23 - Dec 22: Groceries 400.00 → 450.00". */
  summary: z.string(),
  /** The whole sentence: "Ana saved Nov 23 - Dec 22: Groceries 400.00 → 450.00". */
  text: z.string(),
  budget_id: idSchema.nullable(),
  bank_account_id: idSchema.nullable(),
  /** ISO timestamp. */
  created_at: z.string(),
  /** The kind can be undone and it has not been (the server still refuses when something newer touched its rows). */
  undoable: z.boolean(),
  undone: z.boolean(),
  /** The change this entry undid. */
  undoes_id: idSchema.nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityQuerySchema = z.object({
  user_id: queryIdSchema.optional(),
  budget_id: queryIdSchema.optional(),
  /** The page after this entry (older ones): the `next_before_id` of the previous page. */
  before_id: queryIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  /** Pass as `before_id` for the next (older) page; null on the last page. */
  next_before_id: idSchema.nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

export const undoResultSchema = z.object({ success: z.literal(true), activity: activityEntrySchema });
export type UndoResult = z.infer<typeof undoResultSchema>;

export const ACTIVITY_NOT_FOUND = 'Activity not found';
export const CANNOT_UNDO_KIND = 'This change cannot be undone';
export const ALREADY_UNDONE = 'This change was already undone';
