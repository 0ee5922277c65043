import { type Selectable, sql } from 'kysely';
import { addDays } from '../../../src/shared/dates';
import { nextOccurrence, type Recurrence } from '../../../src/shared/schedules/occurrences';
import { SCHEDULE_NOT_FOUND_MESSAGE, type Schedule, type ScheduleBody } from '../../../src/shared/schemas/schedules';
import type { ColumnTypes } from '../../db/batchUpdate';
import { writeRowSet } from '../../db/rowSet';
import type { Database } from '../../db/schema';
import type { HouseholdScope } from '../../db/scope';
import { Refusals } from '../refusals';

export type ScheduleRow = Selectable<Database['schedules']>;
export type OccurrenceRow = Selectable<Database['schedule_occurrences']>;
type ScheduleValues = Omit<ScheduleRow, 'id' | 'household_id' | 'created_at' | 'updated_at' | 'row_version'>;

export const SCHEDULE_COLUMNS: ColumnTypes<keyof ScheduleValues> = {
  bank_account_id: 'integer',
  description: 'varchar',
  amount: 'bigint',
  allocation_category_id: 'integer',
  allocation_name: 'varchar',
  sink_fund_allocation_id: 'integer',
  frequency: 'varchar',
  every: 'integer',
  day_of_month: 'integer',
  start_date: 'date',
  end_date: 'date',
  times: 'integer',
  auto_enter: 'integer',
  tolerance: 'bigint',
};

export const OCCURRENCE_COLUMNS: ColumnTypes<'schedule_id' | 'occurrence_date' | 'outcome'> = {
  schedule_id: 'integer',
  occurrence_date: 'date',
  outcome: 'varchar',
};

export const recurrenceOf = (row: ScheduleRow): Recurrence => ({
  frequency: row.frequency,
  interval: row.every,
  start_date: row.start_date,
  day_of_month: row.day_of_month,
  end_date: row.end_date,
  count: row.times,
});

/** The first occurrence on or after `from` that was neither entered nor skipped. */
function nextOpen(row: ScheduleRow, done: Set<string>, from: string): string | null {
  let day = from;
  for (;;) {
    const next = nextOccurrence(recurrenceOf(row), day);
    if (next === null || !done.has(next)) return next;
    day = addDays(next, 1);
  }
}

export const scheduleResponse = (row: ScheduleRow, next: string | null): Schedule => ({
  id: row.id,
  description: row.description,
  amount: row.amount,
  bank_account_id: row.bank_account_id,
  allocation_category_id: row.allocation_category_id,
  allocation_name: row.allocation_name,
  sink_fund_allocation_id: row.sink_fund_allocation_id,
  frequency: row.frequency,
  every: row.every,
  day_of_month: row.day_of_month,
  start_date: row.start_date,
  end_date: row.end_date,
  times: row.times,
  auto_enter: Boolean(row.auto_enter),
  tolerance: row.tolerance,
  next_date: next,
});

/** Each schedule's entered and skipped dates. */
export async function doneDates(scope: HouseholdScope, scheduleIds?: number[]): Promise<Map<number, Set<string>>> {
  let query = scope.selectFrom('schedule_occurrences').select(['schedule_id', 'occurrence_date']);
  if (scheduleIds) {
    if (scheduleIds.length === 0) return new Map();
    query = query.where('schedule_id', 'in', scheduleIds);
  }
  const done = new Map<number, Set<string>>();
  for (const row of await query.execute()) {
    const dates = done.get(row.schedule_id) ?? new Set<string>();
    dates.add(row.occurrence_date);
    done.set(row.schedule_id, dates);
  }
  return done;
}

/** By description, then id: what Setup › Scheduled lists. */
export async function listSchedules(scope: HouseholdScope, todayDate: string): Promise<Schedule[]> {
  const rows = await scope.selectFrom('schedules').selectAll().orderBy(sql`lower(description)`).orderBy('id').execute();
  const done = await doneDates(scope);
  return rows.map((row) => scheduleResponse(row, nextOpen(row, done.get(row.id) ?? new Set(), todayDate)));
}

export async function readSchedule(scope: HouseholdScope, id: number, todayDate: string): Promise<Schedule> {
  const row = await scope.find('schedules', id, SCHEDULE_NOT_FOUND_MESSAGE);
  const done = await doneDates(scope, [id]);
  return scheduleResponse(row, nextOpen(row, done.get(id) ?? new Set(), todayDate));
}

/**
 * The values a body stands for, or 422 with every problem named (nothing written): the account and envelope,
 * the allocation's category and name, the calendar fields of its frequency, an end not before its start.
 */
async function valuesOf(scope: HouseholdScope, body: ScheduleBody): Promise<ScheduleValues> {
  const refusals = new Refusals();
  const account = await scope.selectFrom('bank_accounts').select(['id', 'name', 'status']).where('id', '=', body.bank_account_id).executeTakeFirst();
  if (!account) refusals.add("Bank account doesn't exist", 'bank_account_id');
  else if (account.status === 'closed') refusals.add(`Bank account '${account.name}' is closed`, 'bank_account_id');

  let categoryId = body.allocation_category_id ?? null;
  let allocationName = body.allocation_name ?? null;
  if (body.allocation_id) {
    const allocation = await scope.selectFrom('allocations').select(['name', 'allocation_category_id']).where('id', '=', body.allocation_id).executeTakeFirst();
    if (!allocation) refusals.add("Allocation doesn't exist", 'allocation_id');
    else {
      categoryId = allocation.allocation_category_id;
      allocationName = allocation.name;
    }
  } else if ((categoryId === null) !== (allocationName === null)) {
    refusals.add("Give the allocation's category and name together", categoryId === null ? 'allocation_category_id' : 'allocation_name');
  } else if (categoryId !== null && !(await scope.ownsAll('allocation_categories', [categoryId]))) {
    refusals.add("Allocation category doesn't exist", 'allocation_category_id');
  }
  const envelopeId = body.sink_fund_allocation_id ?? null;
  if (envelopeId !== null) {
    if (categoryId !== null) refusals.add('A schedule has an allocation or a sink fund allocation, not both', 'sink_fund_allocation_id');
    else if (account && !(await scope.ownsAll('sink_fund_allocations', [envelopeId], { column: 'bank_account_id', id: account.id }))) {
      refusals.add("Sink fund allocation doesn't belong to this account", 'sink_fund_allocation_id');
    }
  }
  if (body.frequency !== 'monthly' && body.day_of_month !== undefined) {
    refusals.add('Day of month is only for monthly schedules', 'day_of_month');
  }
  if (body.end_date && body.end_date < body.start_date) refusals.add('End date is before the start date', 'end_date');
  refusals.throwIfAny();
  return {
    bank_account_id: body.bank_account_id,
    description: body.description,
    amount: body.amount,
    allocation_category_id: categoryId,
    allocation_name: allocationName,
    sink_fund_allocation_id: envelopeId,
    frequency: body.frequency,
    every: body.every ?? 1,
    day_of_month: body.frequency === 'monthly' ? (body.day_of_month ?? Number(body.start_date.slice(8, 10))) : null,
    start_date: body.start_date,
    end_date: body.end_date ?? null,
    times: body.times ?? null,
    auto_enter: body.auto_enter ? 1 : 0,
    tolerance: body.tolerance ?? 0,
  };
}

export function createSchedule(scope: HouseholdScope, body: ScheduleBody, todayDate: string): Promise<Schedule> {
  return scope.transaction(async (trx) => {
    const values = await valuesOf(trx, body);
    const { inserted } = await writeRowSet(trx, 'schedules', SCHEDULE_COLUMNS, { inserts: [{ ...values, household_id: trx.householdId }] });
    return readSchedule(trx, inserted[0], todayDate);
  });
}

/**
 * The whole schedule is replaced by the body. Occurrences already entered or skipped keep their outcome: a
 * changed rule never enters a day twice, and days it no longer has simply stop showing.
 */
export function updateSchedule(scope: HouseholdScope, id: number, body: ScheduleBody, todayDate: string): Promise<Schedule> {
  return scope.transaction(async (trx) => {
    const stored = await trx.find('schedules', id, SCHEDULE_NOT_FOUND_MESSAGE);
    const values = await valuesOf(trx, body);
    await writeRowSet(trx, 'schedules', SCHEDULE_COLUMNS, { updates: [{ before: stored, values }] });
    return readSchedule(trx, id, todayDate);
  });
}

/** The schedule and what became of its occurrences go; the transactions it entered stay (they are the household's). */
export function deleteSchedule(scope: HouseholdScope, id: number, todayDate: string): Promise<Schedule> {
  return scope.transaction(async (trx) => {
    const gone = await readSchedule(trx, id, todayDate);
    const stored = await trx.find('schedules', id, SCHEDULE_NOT_FOUND_MESSAGE);
    const occurrences = await trx.selectFrom('schedule_occurrences').selectAll().where('schedule_id', '=', id).execute();
    await writeRowSet(trx, 'schedule_occurrences', OCCURRENCE_COLUMNS, { deletes: occurrences });
    await writeRowSet(trx, 'schedules', SCHEDULE_COLUMNS, { deletes: [stored] });
    return gone;
  });
}
