import { z } from 'zod';
import { dateSchema, flagSchema, idSchema, moneySchema, nameSchema, nonNegativeMoneySchema, notGiven, optionalRefSchema, textSchema } from './common';

export const frequencySchema = z.enum(['monthly', 'weekly', 'yearly']);
export const occurrenceOutcomeSchema = z.enum(['entered', 'skipped', 'matched']);
export type OccurrenceOutcome = z.infer<typeof occurrenceOutcomeSchema>;

export const DESCRIPTION_MAX = 500;
export const EVERY_MAX = 99;

/**
 * A bill that repeats. `amount` is signed like a transaction's net amount: negative is money out. The
 * allocation is named by category and name: each occurrence counts toward the line of that name in the budget
 * holding its date. `next_date` is the first occurrence on or after the server's today not yet entered or skipped.
 */
export const scheduleSchema = z.object({
  id: idSchema,
  description: z.string(),
  amount: moneySchema,
  bank_account_id: idSchema,
  allocation_category_id: idSchema.nullable(),
  allocation_name: z.string().nullable(),
  sink_fund_allocation_id: idSchema.nullable(),
  frequency: frequencySchema,
  every: z.number().int(),
  day_of_month: z.number().int().nullable(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  times: z.number().int().nullable(),
  auto_enter: z.boolean(),
  tolerance: moneySchema,
  next_date: z.string().nullable(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/**
 * POST and PUT `/schedules[/:id]` (flat or nested under `schedule`). PUT takes the whole schedule, as POST.
 * The allocation is given as `allocation_id` (a line of any budget: its category and name are kept) or as
 * `allocation_category_id` with `allocation_name`; 0 or null is none.
 */
export const scheduleBodySchema = z.object({
  description: textSchema(DESCRIPTION_MAX)
    .trim()
    .min(1, { error: "Description can't be blank" }),
  amount: moneySchema.refine((amount) => amount !== 0, { error: "Amount can't be 0" }),
  bank_account_id: idSchema,
  allocation_id: optionalRefSchema,
  allocation_category_id: optionalRefSchema,
  allocation_name: nameSchema.nullish(),
  sink_fund_allocation_id: optionalRefSchema,
  frequency: frequencySchema,
  every: notGiven(z.number().int().min(1, { error: 'must be at least 1' }).max(EVERY_MAX, { error: `must be at most ${EVERY_MAX}` })),
  day_of_month: notGiven(z.number().int().min(1, { error: 'must be a day from 1 to 31' }).max(31, { error: 'must be a day from 1 to 31' })),
  start_date: dateSchema,
  end_date: dateSchema.nullish(),
  times: z.number().int().min(1, { error: 'must be at least 1' }).max(10_000, { error: 'must be at most 10000' }).nullish(),
  auto_enter: notGiven(flagSchema),
  tolerance: notGiven(nonNegativeMoneySchema),
});
export type ScheduleBody = z.infer<typeof scheduleBodySchema>;
export type ScheduleInput = z.input<typeof scheduleBodySchema>;

/** One occurrence not yet entered or skipped. `allocation_id` is the line of its schedule in the budget holding its date. */
export const upcomingSchema = z.object({
  schedule_id: idSchema,
  date: z.string(),
  description: z.string(),
  amount: moneySchema,
  bank_account_id: idSchema,
  allocation_id: idSchema.nullable(),
  allocation_name: z.string().nullable(),
  sink_fund_allocation_id: idSchema.nullable(),
  auto_enter: z.boolean(),
  /** How far an imported bank row's amount may differ and still pay it. */
  tolerance: moneySchema,
  /** On or before the server's today: a manual schedule waits for "Enter now" or "Skip this one". */
  due: z.boolean(),
});
export type Upcoming = z.infer<typeof upcomingSchema>;

export const upcomingQuerySchema = z.object({
  from: dateSchema,
  to: dateSchema,
  bank_account_id: z
    .string()
    .regex(/^\d+$/, { error: 'must be an id' })
    .transform(Number)
    .optional(),
});

/** POST `/schedules/:id/enter` and `/schedules/:id/skip`: the occurrence, by its date. */
export const occurrenceBodySchema = z.object({ date: dateSchema });

export const SCHEDULE_NOT_FOUND_MESSAGE = 'Schedule not found';
export const SCHEDULES_UPCOMING_DAYS_MAX = 400;
