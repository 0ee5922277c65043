import { sql } from 'kysely';
import { addDays, addMonths, budgetEndDate, budgetName, formatShortDate, isValidDate, type DateOnly } from '../../../src/shared/dates';
import { BUDGET_CLOSED_MESSAGE, BUDGET_NOT_FOUND_MESSAGE } from '../../../src/shared/schemas/budgets';
import { MAX_ID } from '../../../src/shared/schemas/common';
import type { Budget } from '../../db/schema';
import { moveVersion } from '../../db/lockVersions';
import type { HouseholdScope } from '../../db/scope';
import { notFound, unprocessable } from '../../errors';

/** The value every write stores in `updated_at` (the same expression as the column default, on both databases). */
export const now = sql<string>`CURRENT_TIMESTAMP`;

interface Period {
  start_date: DateOnly;
  end_date: DateOnly;
  name: string;
}

export const PERIOD_OUT_OF_RANGE = 'A budget must start after Jan 01, 1900 and end before Dec 31, 9999';

/**
 * A budget period starting on `start`: one calendar month (clamped at month ends), named after both days.
 * The days around it must be dates too: reopening dates checkpoints the day before, closing carries charges
 * to the day after.
 */
export function periodStarting(start: DateOnly): Period {
  const dayAfter = isValidDate(start) ? addMonths(start, 1) : '';
  if (!isValidDate(dayAfter) || !isValidDate(addDays(start, -1))) throw unprocessable(PERIOD_OUT_OF_RANGE, { start_date: [PERIOD_OUT_OF_RANGE] });
  const end = budgetEndDate(start);
  return { start_date: start, end_date: end, name: budgetName(start, end) };
}

/** A new open budget for the period. */
export const insertBudget = (scope: HouseholdScope, period: Period) =>
  scope
    .insertInto('budgets')
    .values({ household_id: scope.householdId, ...period, status: 'open' })
    .returningAll()
    .executeTakeFirstOrThrow();

/** This household's budget, or 404 (ids too large to exist never reach the database: PostgreSQL would refuse them). */
export async function findBudget(scope: HouseholdScope, id: number): Promise<Budget> {
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw notFound(BUDGET_NOT_FOUND_MESSAGE);
  return scope.find('budgets', id, BUDGET_NOT_FOUND_MESSAGE);
}

export function refuseClosed(budget: Pick<Budget, 'status'>): void {
  if (budget.status === 'closed') throw unprocessable(BUDGET_CLOSED_MESSAGE);
}

/** 422 "A budget already covers <date>" when any budget of the household shares a day with the period. */
export async function refuseOverlap(scope: HouseholdScope, period: Pick<Period, 'start_date' | 'end_date'>): Promise<void> {
  const clash = await scope
    .selectFrom('budgets')
    .select(['start_date'])
    .where('start_date', '<=', period.end_date)
    .where('end_date', '>=', period.start_date)
    .orderBy('start_date')
    .executeTakeFirst();
  if (clash) {
    const firstCovered = clash.start_date > period.start_date ? clash.start_date : period.start_date;
    throw unprocessable(`A budget already covers ${formatShortDate(firstCovered)}`);
  }
}

/**
 * A new budget starts after the last closed one: closing settled every account at its end and carried unpaid
 * charges past it, so a budget before it could neither be used (its days are settled) nor deleted (only the newest
 * can be). Reopening the closed budgets first makes room.
 */
export async function refuseBeforeLastClosed(scope: HouseholdScope, period: Pick<Period, 'start_date'>): Promise<void> {
  const closed = await scope.selectFrom('budgets').select(['name', 'end_date']).where('status', '=', 'closed').orderBy('end_date', 'desc').limit(1).executeTakeFirst();
  if (closed && period.start_date <= closed.end_date) {
    const message = `A new budget must start after the last closed budget (${closed.name}). Reopen it first to add a budget before it.`;
    throw unprocessable(message, { start_date: [message] });
  }
}

export const newestBudget = (scope: HouseholdScope) =>
  scope.selectFrom('budgets').selectAll().orderBy('start_date', 'desc').limit(1).executeTakeFirst();

/** The current budget: the open one with the earliest start. */
export const currentBudget = (scope: HouseholdScope) =>
  scope.selectFrom('budgets').selectAll().where('status', '=', 'open').orderBy('start_date').limit(1).executeTakeFirst();

/** A write to these budgets other than their edit screen's (copy, close, reopen, mass update) moves their versions on. */
export async function bumpLockVersion(scope: HouseholdScope, budgetIds: number[]): Promise<void> {
  await moveVersion(scope, 'budget', { ids: budgetIds });
}
