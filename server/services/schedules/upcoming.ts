import { sql } from 'kysely';
import { addDays } from '../../../src/shared/dates';
import { MATCH_DAYS, pairRows } from '../../../src/shared/schedules/matching';
import { occurrencesBetween } from '../../../src/shared/schedules/occurrences';
import { SCHEDULES_UPCOMING_DAYS_MAX, type Upcoming } from '../../../src/shared/schemas/schedules';
import type { HouseholdScope } from '../../db/scope';
import { notFound, unprocessable } from '../../errors';
import { BANK_ACCOUNT_NOT_FOUND } from '../bankAccounts';
import { doneDates, recurrenceOf, type ScheduleRow } from './schedules';

/** An occurrence of a schedule with the allocation it counts toward on its date. */
export interface Occurrence {
  schedule: ScheduleRow;
  date: string;
  allocationId: number | null;
  allocationName: string | null;
}

const lineKey = (budgetId: number, categoryId: number, name: string) => `${budgetId}|${categoryId}|${name.toLowerCase()}`;

/**
 * The line each occurrence counts toward: the allocation of the schedule's category and name in the budget
 * whose period holds the date (none when no budget holds it or the budget has no such line). Two queries.
 */
export async function withAllocations(scope: HouseholdScope, found: Array<{ schedule: ScheduleRow; date: string }>): Promise<Occurrence[]> {
  const named = found.filter(({ schedule }) => schedule.allocation_category_id !== null);
  if (named.length === 0) return found.map((o) => ({ ...o, allocationId: null, allocationName: null }));
  const dates = named.map((o) => o.date).sort();
  const budgets = await scope
    .selectFrom('budgets')
    .select(['id', 'start_date', 'end_date'])
    .where('start_date', '<=', dates[dates.length - 1])
    .where('end_date', '>=', dates[0])
    .execute();
  const lines = new Map<string, number>();
  if (budgets.length > 0) {
    const rows = await scope
      .selectFrom('allocations')
      .select(['id', 'budget_id', 'allocation_category_id', 'name'])
      .where(
        'budget_id',
        'in',
        budgets.map((b) => b.id),
      )
      .where('allocation_category_id', 'in', [...new Set(named.map(({ schedule }) => schedule.allocation_category_id!))])
      .orderBy('id')
      .execute();
    for (const row of rows) {
      const key = lineKey(row.budget_id, row.allocation_category_id, row.name);
      if (!lines.has(key)) lines.set(key, row.id);
    }
  }
  return found.map(({ schedule, date }) => {
    if (schedule.allocation_category_id === null) return { schedule, date, allocationId: null, allocationName: null };
    const budget = budgets.find((b) => b.start_date <= date && date <= b.end_date);
    const allocationId = budget ? (lines.get(lineKey(budget.id, schedule.allocation_category_id, schedule.allocation_name!)) ?? null) : null;
    return { schedule, date, allocationId, allocationName: schedule.allocation_name };
  });
}

const occurrenceKey = (scheduleId: number, date: string) => `${scheduleId}|${date}`;

/**
 * The occurrences a stored row of their account pays (an imported bank row, or one typed by hand): same
 * account, amount within the schedule's tolerance, date within MATCH_DAYS, descriptions alike. Rows the
 * schedules entered themselves (`SCH-` references) are their own occurrences, already done.
 */
export async function paidByStoredRows(scope: HouseholdScope, found: ReadonlyArray<{ schedule: ScheduleRow; date: string }>): Promise<Set<string>> {
  const paid = new Set<string>();
  if (found.length === 0) return paid;
  const dates = found.map((o) => o.date).sort();
  const rows = await scope
    .selectFrom('transactions')
    .select(['bank_account_id', 'transaction_date', 'description', 'withdrawal_amount', 'deposit_amount'])
    .where('bank_account_id', 'in', [...new Set(found.map((o) => o.schedule.bank_account_id))])
    .where('transaction_date', '>=', addDays(dates[0], -MATCH_DAYS))
    .where('transaction_date', '<=', addDays(dates[dates.length - 1], MATCH_DAYS))
    .where('bank_ref', 'not like', 'SCH-%')
    .execute();
  for (const accountId of new Set(found.map((o) => o.schedule.bank_account_id))) {
    const mine = found.filter((o) => o.schedule.bank_account_id === accountId);
    const bankRows = rows
      .filter((row) => row.bank_account_id === accountId)
      .map((row) => ({ transaction_date: row.transaction_date, net: row.deposit_amount - row.withdrawal_amount, description: row.description }));
    const pairs = pairRows(
      bankRows,
      mine.map((o) => ({ date: o.date, amount: o.schedule.amount, description: o.schedule.description, tolerance: o.schedule.tolerance })),
    );
    for (const index of pairs.keys()) paid.add(occurrenceKey(mine[index].schedule.id, mine[index].date));
  }
  return paid;
}

/** The occurrences dated `from`–`to` that were neither entered, skipped nor paid by a stored row. */
export async function openOccurrences(scope: HouseholdScope, from: string, to: string, bankAccountId?: number): Promise<Occurrence[]> {
  let query = scope.selectFrom('schedules').selectAll().where('start_date', '<=', to).where(sql<boolean>`(end_date is null or end_date >= ${from})`);
  if (bankAccountId !== undefined) query = query.where('bank_account_id', '=', bankAccountId);
  const schedules = await query.orderBy('id').execute();
  const done = await doneDates(
    scope,
    schedules.map((s) => s.id),
  );
  const found = schedules.flatMap((schedule) =>
    occurrencesBetween(recurrenceOf(schedule), from, to)
      .filter((date) => !done.get(schedule.id)?.has(date))
      .map((date) => ({ schedule, date })),
  );
  const paid = await paidByStoredRows(scope, found);
  const open = found.filter((o) => !paid.has(occurrenceKey(o.schedule.id, o.date)));
  open.sort((a, b) => (a.date === b.date ? a.schedule.description.localeCompare(b.schedule.description) : a.date < b.date ? -1 : 1));
  return withAllocations(scope, open);
}

/** GET /schedules/upcoming: what is still to come (or due and waiting) in a period, for one account or all. */
export async function upcomingOccurrences(scope: HouseholdScope, query: { from: string; to: string; bank_account_id?: number }, todayDate: string): Promise<Upcoming[]> {
  if (query.to < query.from) throw unprocessable('The period ends before it starts', { to: ['The period ends before it starts'] });
  if (addDays(query.from, SCHEDULES_UPCOMING_DAYS_MAX) < query.to) throw unprocessable(`Choose a period of at most ${SCHEDULES_UPCOMING_DAYS_MAX} days`, { to: [`Choose a period of at most ${SCHEDULES_UPCOMING_DAYS_MAX} days`] });
  if (query.bank_account_id !== undefined && !(await scope.ownsAll('bank_accounts', [query.bank_account_id]))) throw notFound(BANK_ACCOUNT_NOT_FOUND);
  const occurrences = await openOccurrences(scope, query.from, query.to, query.bank_account_id);
  return occurrences.map(({ schedule, date, allocationId, allocationName }) => ({
    schedule_id: schedule.id,
    date,
    description: schedule.description,
    amount: schedule.amount,
    bank_account_id: schedule.bank_account_id,
    allocation_id: allocationId,
    allocation_name: allocationName,
    sink_fund_allocation_id: schedule.sink_fund_allocation_id,
    auto_enter: Boolean(schedule.auto_enter),
    tolerance: schedule.tolerance,
    due: date <= todayDate,
  }));
}
