import type { Kysely } from 'kysely';
import { formatShortDate } from '../../../src/shared/dates';
import { formatMoney } from '../../../src/shared/money';
import { occurrenceRef } from '../../../src/shared/schedules/matching';
import { occurrencesBetween } from '../../../src/shared/schedules/occurrences';
import { SCHEDULE_NOT_FOUND_MESSAGE } from '../../../src/shared/schemas/schedules';
import { isUniqueViolation } from '../../db/constraints';
import { writeRowSet } from '../../db/rowSet';
import type { Database } from '../../db/schema';
import { HouseholdScope } from '../../db/scope';
import { HttpError, unprocessable } from '../../errors';
import { rowKey } from '../activity/changeSet';
import { recorded } from '../activity/record';
import { newRow } from '../transactions/window';
import { writeOutsideWindow } from '../transactions/writesOutsideWindow';
import { doneDates, OCCURRENCE_COLUMNS, readSchedule, recurrenceOf, type ScheduleRow } from './schedules';
import { paidByStoredRows, withAllocations } from './upcoming';


const NOT_AN_OCCURRENCE = (date: string) => `The schedule has no occurrence on ${date}`;
const ALREADY_DONE = (date: string) => `The occurrence of ${date} was already entered or skipped`;
const NOT_DUE = (date: string) => `The occurrence of ${date} is not due yet: it can be entered on its day`;

/** Refuses a date that is not an occurrence, or one that was entered or skipped already. */
async function refuseNotOpen(scope: HouseholdScope, schedule: ScheduleRow, date: string): Promise<void> {
  if (!occurrencesBetween(recurrenceOf(schedule), date, date).includes(date)) throw unprocessable(NOT_AN_OCCURRENCE(date), { date: [NOT_AN_OCCURRENCE(date)] });
  if ((await doneDates(scope, [schedule.id])).get(schedule.id)?.has(date)) throw unprocessable(ALREADY_DONE(date), { date: [ALREADY_DONE(date)] });
}

/** Writes what became of the occurrence: the unique key on schedule and date makes a second one fail. */
const noteOutcome = (scope: HouseholdScope, schedule: ScheduleRow, date: string, outcome: 'entered' | 'skipped' | 'matched') =>
  writeRowSet(scope, 'schedule_occurrences', OCCURRENCE_COLUMNS, {
    inserts: [{ household_id: scope.householdId, schedule_id: schedule.id, occurrence_date: date, outcome }],
  });

/**
 * Enters one occurrence as an ordinary transaction dated its day, through the one writer outside the window
 * (its rules; the account's window version moves), and notes it entered, in the caller's transaction.
 */
async function enter(scope: HouseholdScope, schedule: ScheduleRow, date: string): Promise<number> {
  const [occurrence] = await withAllocations(scope, [{ schedule, date }]);
  const account = await scope.find('bank_accounts', schedule.bank_account_id);
  const out = schedule.amount < 0;
  const values = newRow(
    {
      transaction_date: date,
      description: schedule.description,
      withdrawal_amount: out ? -schedule.amount : 0,
      deposit_amount: out ? 0 : schedule.amount,
      allocation_id: occurrence.allocationId,
      sink_fund_allocation_id: schedule.sink_fund_allocation_id,
      bank_ref: occurrenceRef(schedule.id, date),
    },
    account.account_type === 'credit_card',
  );
  await noteOutcome(scope, schedule, date, 'entered');
  const [row] = await writeOutsideWindow(scope, { inserts: [{ ...values, bank_account_id: account.id }] });
  return row.id;
}

const entryWords = (schedule: ScheduleRow, date: string) => `'${schedule.description}' (${formatMoney(schedule.amount)}) of ${formatShortDate(date)}`;

/**
 * "Enter now": the occurrence becomes a transaction dated its day. Never a day after today: a bill is entered
 * when it is paid. Recorded in Activity; undone by deleting the transaction (the occurrence stays entered, so
 * the server never enters it again).
 */
export function enterOccurrenceNow(scope: HouseholdScope, id: number, date: string, todayDate: string) {
  return recorded(
    scope,
    async (trx) => {
      const schedule = await trx.find('schedules', id, SCHEDULE_NOT_FOUND_MESSAGE);
      if (date > todayDate) throw unprocessable(NOT_DUE(date), { date: [NOT_DUE(date)] });
      await refuseNotOpen(trx, schedule, date);
      const transactionId = await enter(trx, schedule, date);
      return { schedule, transactionId, result: await readSchedule(trx, id, todayDate) };
    },
    ({ schedule, transactionId }) => ({
      kind: 'schedule_entry' as const,
      summary: `entered ${entryWords(schedule, date)}`,
      bankAccountId: schedule.bank_account_id,
      rowKeys: [rowKey('transactions', transactionId), rowKey('schedules', schedule.id)],
    }),
  ).then(({ result, activityId }) => ({ result: result.result, activityId }));
}

/** "Skip this one": the occurrence is not entered, now or later. */
export function skipOccurrence(scope: HouseholdScope, id: number, date: string, todayDate: string) {
  return recorded(
    scope,
    async (trx) => {
      const schedule = await trx.find('schedules', id, SCHEDULE_NOT_FOUND_MESSAGE);
      await refuseNotOpen(trx, schedule, date);
      await noteOutcome(trx, schedule, date, 'skipped');
      return { schedule, result: await readSchedule(trx, id, todayDate) };
    },
    ({ schedule }) => ({
      kind: 'schedule_entry' as const,
      summary: `skipped ${entryWords(schedule, date)}`,
      bankAccountId: schedule.bank_account_id,
      rowKeys: [rowKey('schedules', schedule.id)],
    }),
  ).then(({ result, activityId }) => ({ result: result.result, activityId }));
}

export interface Entered {
  householdId: number;
  scheduleId: number;
  date: string;
  transactionId: number;
}

/**
 * The server's own round: every automatic schedule's occurrences dated up to today and not yet entered or
 * skipped become transactions, each in its own transaction (one that breaks a rule, such as a date in a closed
 * budget, stays due for the person and does not hold back the others). Idempotent across restarts and
 * processes: each household's writes are serialised (HouseholdScope.transaction), the outcome is checked
 * inside the transaction, and the unique key on schedule and date refuses a second entry in any case.
 */
export async function enterDueOccurrences(db: Kysely<Database>, todayDate: string, onRefused?: (error: unknown, scheduleId: number, date: string) => void): Promise<Entered[]> {
  const schedules = await db.selectFrom('schedules').selectAll().where('auto_enter', '=', 1).where('start_date', '<=', todayDate).orderBy('id').execute();
  const entered: Entered[] = [];
  for (const candidate of schedules) {
    const dates = occurrencesBetween(recurrenceOf(candidate), candidate.start_date, todayDate);
    if (dates.length === 0) continue;
    const scope = new HouseholdScope(db, candidate.household_id);
    const done = (await doneDates(scope, [candidate.id])).get(candidate.id) ?? new Set();
    for (const date of dates.filter((d) => !done.has(d))) {
      try {
        const { result: transactionId } = await recorded(
          scope,
          async (trx) => {
            const schedule = await trx.selectFrom('schedules').selectAll().where('id', '=', candidate.id).where('auto_enter', '=', 1).executeTakeFirst();
            if (!schedule || (await doneDates(trx, [schedule.id])).get(schedule.id)?.has(date)) return null;
            // A bank row imported (or typed) before its day already paid it: it takes the occurrence's place.
            if ((await paidByStoredRows(trx, [{ schedule, date }])).size > 0) {
              await noteOutcome(trx, schedule, date, 'matched');
              return 'matched' as const;
            }
            return enter(trx, schedule, date);
          },
          (id) => ({
            kind: 'schedule_entry' as const,
            summary: typeof id === 'number' ? `entered ${entryWords(candidate, date)} on its day` : `found ${entryWords(candidate, date)} paid by a bank row`,
            bankAccountId: candidate.bank_account_id,
            rowKeys: [rowKey('schedules', candidate.id), ...(typeof id === 'number' ? [rowKey('transactions', id)] : [])],
          }),
        );
        if (typeof transactionId === 'number') entered.push({ householdId: candidate.household_id, scheduleId: candidate.id, date, transactionId });
      } catch (error) {
        // Another process entered it first (the unique key), or a rule refused the row: it stays due.
        if (!isUniqueViolation(error) && !(error instanceof HttpError)) throw error;
        onRefused?.(error, candidate.id, date);
      }
    }
  }
  return entered;
}
