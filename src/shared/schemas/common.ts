import { z } from 'zod';
import { isValidDate } from '../dates';
import { MAX_CENTS, MAX_TOTAL_CENTS } from '../money';

/**
 * Rows in one request (a budget's lines, a transactions window, a mass update): far more than any household
 * needs at once; bounds the work one request can make and keeps statements under the parameter limits.
 */
export const MAX_ROWS_PER_REQUEST = 5000;

/** The largest value of an integer column (ids, versions): 32 bits in both databases. */
export const MAX_INTEGER = 2 ** 31 - 1;
/** Ids are 32-bit integers in both databases; a larger one can only be unknown (PostgreSQL would refuse to compare it). */
export const MAX_ID = MAX_INTEGER;
export const idSchema = z.number().int().positive().max(MAX_ID, { error: 'is not a known id' });
/** An id in a request: 0, null or absent mean "new row". */
export const optionalIdSchema = z.number().int().nonnegative().max(MAX_ID, { error: 'is not a known id' }).nullish();

/** A lock version as read (`lock_version`, `window_lock_version`): a whole number the database can hold. */
export const versionSchema = z
  .number()
  .int({ error: 'must be a version number' })
  .nonnegative({ error: 'must be a version number' })
  .max(MAX_INTEGER, { error: 'is not a version this record ever had' });

/*
 * The client dialect of the API (api-and-domain §0): the older web client and household scripts send `0` for
 * "none" in a reference, `null` for a field they did not touch, and "true"/"false" strings from list fields.
 * These three wrappers are the only coercions; everything else is validated as it arrives.
 */

// Each accepts exactly the extra forms it names (so the API documentation can say which) and hands the
// services the plain value.

/** An optional reference to another row: `0` (the lists' "none" choice), null or absent mean none (stored as null). */
export const optionalRefSchema = z
  .union([z.literal(0), idSchema])
  .nullable()
  .transform((id) => (id === 0 ? null : id))
  .optional();

/** An optional field whose `null` means "not given": the default (on create) or the stored value (on update) applies. */
export const notGiven = <T extends z.ZodType>(schema: T) =>
  schema
    .nullable()
    .transform((value) => (value === null ? undefined : value))
    .optional();

/** A boolean that may also arrive as the string "true" or "false" (nothing else is coerced). */
export const flagSchema = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((value) => value === true || value === 'true');

export const moneySchema = z
  .number({ error: 'must be an amount in cents' })
  .int({ error: 'must be a whole number of cents' })
  .min(-MAX_CENTS, { error: 'is too large' })
  .max(MAX_CENTS, { error: 'is too large' });
/** A derived sum of amounts (spent, a balance, a total): exact, but not bound by the per-amount cap. */
export const moneyTotalSchema = z.number().int();
/** An account's balance as stored (a checkpoint, a reconciled statement): at most what every amount of a household adds up to. */
export const balanceSchema = moneyTotalSchema.min(-MAX_TOTAL_CENTS, { error: 'is too large' }).max(MAX_TOTAL_CENTS, { error: 'is too large' });
export const nonNegativeMoneySchema = moneySchema.refine((v) => v >= 0, { error: 'must not be negative' });

export const dateSchema = z
  .string({ error: 'must be a date (YYYY-MM-DD)' })
  .refine(isValidDate, { error: 'must be a valid date (YYYY-MM-DD)' });

/** A moment as the export writes it (ISO 8601, "2026-11-25T16:40:00.000Z"), within the years a date may have. */
export const timestampSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/, { error: 'must be a moment (an ISO 8601 timestamp)' })
  .refine((text) => isValidDate(text.slice(0, 10)) && !Number.isNaN(Date.parse(text)), { error: 'must be a moment between the years 1900 and 9999' });

const NUL = String.fromCharCode(0);
const NUL_MESSAGE = 'must not contain the NUL character';

/**
 * Text stored in a column of at most `max` characters (the limit the column has). The NUL character is refused:
 * PostgreSQL cannot store it, and no person types it.
 */
export const textSchema = (max: number) =>
  z
    .string()
    .max(max, { error: `is too long (${max} characters at most)` })
    .refine((text) => !text.includes(NUL), { error: NUL_MESSAGE });

/** Names of things (categories, accounts, allocations, people...): columns of 200 characters. */
export const NAME_MAX = 200;
export const nameSchema = z
  .string({ error: "Name can't be blank" })
  .trim()
  .min(1, { error: "Name can't be blank" })
  .max(NAME_MAX, { error: `Name is too long (${NAME_MAX} characters at most)` })
  .refine((text) => !text.includes(NUL), { error: `Name ${NUL_MESSAGE}` });

/** A name that may be left blank (the screen then shows a stand-in, e.g. a partner's "First partner"). */
export const blankableNameSchema = z
  .string()
  .trim()
  .max(NAME_MAX, { error: `Name is too long (${NAME_MAX} characters at most)` })
  .refine((text) => !text.includes(NUL), { error: `Name ${NUL_MESSAGE}` });

export const COMMENT_MAX = 2000;
export const commentSchema = textSchema(COMMENT_MAX).nullish();

/** Query-string numbers arrive as text. */
/** An id in a path or query string. One beyond the id space names no row, so it becomes 0 and finds nothing: a 404 like any unknown id. */
export const queryIdSchema = z
  .string()
  .regex(/^\d+$/, { error: 'must be an id' })
  .transform((text) => {
    const id = Number(text);
    return id <= MAX_ID ? id : 0;
  });
export const queryFlagSchema = z.enum(['true', 'false']).optional();

export const errorBodySchema = z.object({
  success: z.literal(false),
  errors: z.array(z.string()),
  field_errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const successSchema = z.object({ success: z.literal(true) });
/** The answer of a write that has nothing else to say. */
export const SUCCESS = { success: true } as const;
