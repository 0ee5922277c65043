import { z } from 'zod';
import { dateSchema, idSchema, MAX_ROWS_PER_REQUEST, moneySchema, moneyTotalSchema, nameSchema, nonNegativeMoneySchema, notGiven } from './common';

/** One allocation linked to an event, with where it lives (budget and category) and what it spent. */
const specialEventAllocationSchema = z.object({
  id: idSchema,
  name: z.string(),
  amount: moneySchema,
  spent: moneyTotalSchema,
  budget_id: idSchema,
  budget_name: z.string(),
  allocation_category_id: idSchema,
  allocation_category_name: z.string(),
});
export type SpecialEventAllocation = z.infer<typeof specialEventAllocationSchema>;

/** `actual_amount` is Σ spent of `allocations`, derived on every read. */
export const specialEventSchema = z.object({
  id: idSchema,
  name: z.string(),
  budget_amount: moneySchema,
  start_date: z.string().nullable(),
  actual_amount: moneyTotalSchema,
  allocations: z.array(specialEventAllocationSchema),
});
export type SpecialEvent = z.infer<typeof specialEventSchema>;

/**
 * POST and PUT `/special_events[/:id]`, nested under `special_event` (a flat body is accepted too). On update a
 * field left out keeps its value; `start_date: null` clears the date, `budget_amount: null` is "not given".
 */
export const specialEventBodySchema = z.object({
  name: nameSchema,
  budget_amount: notGiven(nonNegativeMoneySchema),
  start_date: dateSchema.nullish(),
});
export type SpecialEventBody = z.infer<typeof specialEventBodySchema>;

/** PUT `/special_events/:id/allocations`: exactly the allocations the event is to have. */
export const specialEventAllocationsBodySchema = z.object({
  allocation_ids: z.array(idSchema).max(MAX_ROWS_PER_REQUEST),
});
export type SpecialEventAllocationsBody = z.infer<typeof specialEventAllocationsBodySchema>;

/**
 * POST `/special_events/:id/planned_allocations`: one allocation made for the event in each chosen budget (month),
 * with its own amount; all under one name and category, linked to the event.
 */
export const plannedAllocationsBodySchema = z.object({
  name: nameSchema,
  allocation_category_id: idSchema,
  months: z
    .array(z.object({ budget_id: idSchema, amount: nonNegativeMoneySchema }))
    .min(1, { error: 'Choose at least one month' })
    .max(MAX_ROWS_PER_REQUEST),
});
export type PlannedAllocationsBody = z.infer<typeof plannedAllocationsBodySchema>;

export const SPECIAL_EVENT_NOT_FOUND_MESSAGE = 'Special event not found';
