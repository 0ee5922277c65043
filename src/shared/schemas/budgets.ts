import { z } from 'zod';
import {
  commentSchema,
  dateSchema,
  flagSchema,
  idSchema,
  MAX_ROWS_PER_REQUEST,
  moneySchema,
  moneyTotalSchema,
  NAME_MAX,
  nameSchema,
  notGiven,
  optionalIdSchema,
  optionalRefSchema,
  queryIdSchema,
  textSchema,
  versionSchema,
} from './common';
import { incomeOwnerSchema } from './setup';

/** On an update row, a name left out (or null) keeps the stored one; a blank one is refused. */
const rowNameSchema = notGiven(textSchema(NAME_MAX));
const lockVersionSchema = notGiven(versionSchema);

export const budgetStatusSchema = z.enum(['open', 'closed']);
export type BudgetStatus = z.infer<typeof budgetStatusSchema>;
export const allocationClassSchema = z.enum(['need', 'want', 'savings']);
export type AllocationClass = z.infer<typeof allocationClassSchema>;

export const budgetSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  status: budgetStatusSchema,
});
export type BudgetSummary = z.infer<typeof budgetSummarySchema>;

const incomeSchema = z.object({
  id: idSchema,
  name: z.string(),
  amount: moneySchema,
  budget_id: idSchema,
  bank_account_id: idSchema.nullable(),
  comment: z.string().nullable(),
  /** Whose income it is, for the split by income (older clients leave it out: shared). */
  owner: incomeOwnerSchema.optional(),
});
export type Income = z.infer<typeof incomeSchema>;

export const allocationSchema = z.object({
  id: idSchema,
  name: z.string(),
  amount: moneySchema,
  spent: moneyTotalSchema,
  budget_id: idSchema,
  allocation_category_id: idSchema,
  allocation_category: z.object({ id: idSchema, name: z.string() }),
  allocation_class: allocationClassSchema,
  is_fixed_amount: z.boolean(),
  comment: z.string().nullable(),
  special_event_id: idSchema.nullable(),
});
export type Allocation = z.infer<typeof allocationSchema>;

export const budgetSchema = budgetSummarySchema.extend({
  lock_version: z.number().int(),
  incomes: z.array(incomeSchema),
  allocations: z.array(allocationSchema),
});
export type Budget = z.infer<typeof budgetSchema>;

/** Future Budgets: allocations come without `spent`. */
const futureAllocationSchema = allocationSchema.omit({ spent: true });
export type FutureAllocation = z.infer<typeof futureAllocationSchema>;
export const futureBudgetSchema = budgetSchema.omit({ allocations: true }).extend({
  allocations: z.array(futureAllocationSchema),
});
export type FutureBudget = z.infer<typeof futureBudgetSchema>;

export const currentBudgetSchema = z.object({ budget_id: idSchema });

export const createBudgetBodySchema = z.object({ start_date: dateSchema });
export type CreateBudgetBody = z.infer<typeof createBudgetBodySchema>;

const incomeRowSchema = z.object({
  id: optionalIdSchema,
  name: rowNameSchema,
  amount: moneySchema,
  bank_account_id: optionalRefSchema,
  comment: commentSchema,
  owner: notGiven(incomeOwnerSchema),
  deleted: notGiven(flagSchema),
});
export type IncomeRow = z.infer<typeof incomeRowSchema>;

const allocationRowSchema = z.object({
  id: optionalIdSchema,
  name: rowNameSchema,
  amount: moneySchema,
  allocation_category_id: optionalRefSchema,
  allocation_class: notGiven(allocationClassSchema),
  is_fixed_amount: notGiven(flagSchema),
  comment: commentSchema,
  special_event_id: optionalRefSchema,
  deleted: notGiven(flagSchema),
});
export type AllocationRow = z.infer<typeof allocationRowSchema>;

export const updateBudgetBodySchema = z.object({
  lock_version: lockVersionSchema,
  incomes: notGiven(z.array(incomeRowSchema).max(MAX_ROWS_PER_REQUEST)),
  allocations: notGiven(z.array(allocationRowSchema).max(MAX_ROWS_PER_REQUEST)),
});
export type UpdateBudgetBody = z.infer<typeof updateBudgetBodySchema>;

const massUpdateAmountSchema = z.object({
  id: optionalIdSchema,
  amount: moneySchema,
  budget_id: idSchema,
});

export const massUpdateBodySchema = z.object({
  type: z.enum(['income', 'allocation'], { error: 'Type must be income or allocation' }),
  name: nameSchema,
  allocation_category_id: optionalRefSchema,
  bank_account_id: optionalRefSchema,
  amounts: z.array(massUpdateAmountSchema).max(MAX_ROWS_PER_REQUEST),
});
export type MassUpdateBody = z.infer<typeof massUpdateBodySchema>;


export const allocationsQuerySchema = z.object({ budget_id: queryIdSchema });

export {
  BUDGET_CLOSED_MESSAGE,
  BUDGET_CONFLICT_MESSAGE,
  BUDGET_NOT_FOUND_MESSAGE,
  NO_CLOSED_BUDGET_MESSAGE,
  NO_OPEN_BUDGET_MESSAGE,
} from '../budgetMessages';
