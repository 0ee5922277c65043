import { sql } from 'kysely';
import { addDays, type DateOnly } from '../../../src/shared/dates';
import type { Budget } from '../../db/schema';
import type { HouseholdScope } from '../../db/scope';
import { balanceOn } from '../balances';
import { now } from './periods';

/**
 * An account's checkpoint (`closing_balance` on `closing_date`) is where its balance was last settled. It is
 * always derived, never accumulated: the opening balance plus every transaction dated after the opening date up
 * to closing_date (never before the opening date), so closing then reopening gives back exactly what was there.
 * Closing a budget settles every account at the budget's end; reopening it at the day before its start.
 */
export async function settleCheckpoints(scope: HouseholdScope, date: DateOnly, accountIds?: number[]): Promise<void> {
  const closingDate = sql<string>`case when bank_accounts.opening_date > ${date} then bank_accounts.opening_date else ${date} end`;
  let update = scope.updateTable('bank_accounts').set({
    closing_balance: sql<number>`${balanceOn(date)}`,
    closing_date: closingDate,
    updated_at: now,
  });
  if (accountIds?.length === 0) return;
  if (accountIds) update = update.where('id', 'in', accountIds);
  await update.execute();
}

/** Close: every account settled at the budget's end. */
export const rollCheckpoints = (scope: HouseholdScope, budget: Budget) => settleCheckpoints(scope, budget.end_date);

/** Reopen: every account settled at the day before the budget's start. */
export const rebuildCheckpoints = (scope: HouseholdScope, budget: Budget) => settleCheckpoints(scope, addDays(budget.start_date, -1));
