import { z } from 'zod';
import { idSchema, moneyTotalSchema, queryFlagSchema } from './common';
import { accountCategorySchema, accountStatusSchema, accountTypeSchema } from './setup';

/** `GET /account_balances?include_closed=true` */
export const accountBalancesQuerySchema = z.object({ include_closed: queryFlagSchema });

/**
 * One account on the Account Balances page. `closing_balance` is the checkpoint the balances start from (the
 * opening balance until the first close) on `closing_date`; `next_closing_date` is the current budget's end, and
 * `expected_closing_balance` the checkpoint plus the net of the transactions dated after `closing_date` up to it
 * (both null while no budget is open); `current_balance` adds every transaction dated after `closing_date`.
 */
const accountBalanceSchema = z.object({
  id: idSchema,
  name: z.string(),
  status: accountStatusSchema,
  institution: z.object({ id: idSchema, name: z.string() }).nullable(),
  account_type: accountTypeSchema,
  account_category: accountCategorySchema,
  is_cash: z.boolean(),
  closing_date: z.string().nullable(),
  next_closing_date: z.string().nullable(),
  closing_balance: moneyTotalSchema,
  expected_closing_balance: moneyTotalSchema.nullable(),
  current_balance: moneyTotalSchema,
});
export type AccountBalance = z.infer<typeof accountBalanceSchema>;

export const accountBalancesSchema = z.array(accountBalanceSchema);
