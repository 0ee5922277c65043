import { z } from 'zod';
import { isValidDate } from '../dates';
import { MAX_CENTS } from '../money';

export const idSchema = z.number().int().positive();
/** An id in a request: 0, null or absent mean "new row". */
export const optionalIdSchema = z.number().int().nonnegative().nullish();

export const moneySchema = z
  .number({ error: 'must be an amount in cents' })
  .int({ error: 'must be a whole number of cents' })
  .min(-MAX_CENTS, { error: 'is too large' })
  .max(MAX_CENTS, { error: 'is too large' });
export const nonNegativeMoneySchema = moneySchema.refine((v) => v >= 0, { error: 'must not be negative' });

export const dateSchema = z
  .string({ error: 'must be a date (YYYY-MM-DD)' })
  .refine(isValidDate, { error: 'must be a valid date (YYYY-MM-DD)' });

export const nameSchema = z
  .string({ error: "Name can't be blank" })
  .trim()
  .min(1, { error: "Name can't be blank" })
  .max(200, { error: 'Name is too long (200 characters at most)' });

export const commentSchema = z.string().max(2000).nullish();

/** Query-string numbers arrive as text. */
export const queryIdSchema = z.string().regex(/^\d+$/, { error: 'must be an id' }).transform(Number);
export const queryFlagSchema = z.enum(['true', 'false']).optional();

export const errorBodySchema = z.object({
  success: z.literal(false),
  errors: z.array(z.string()),
  field_errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const successSchema = z.object({ success: z.literal(true) });
