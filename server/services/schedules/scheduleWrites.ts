import { formatMoney } from '../../../src/shared/money';
import { frequencyWords } from '../../../src/shared/schedules/wording';
import type { Schedule, ScheduleBody } from '../../../src/shared/schemas/schedules';
import { collectChanges } from '../../db/rowSet';
import type { HouseholdScope } from '../../db/scope';
import { changedKeys, sealChanges } from '../activity/changeSet';
import { recorded } from '../activity/record';
import { createSchedule, deleteSchedule, updateSchedule } from './schedules';

const described = (verb: string, schedule: Schedule) => `${verb} the schedule '${schedule.description}' (${formatMoney(schedule.amount)}, ${frequencyWords(schedule)})`;

/**
 * A change to a schedule, recorded in Activity with its change set (the schedule's row and its occurrences'
 * rows, with their before-images), so that its undo puts back exactly what it replaced.
 */
function recordedChange(scope: HouseholdScope, verb: string, work: (trx: HouseholdScope) => Promise<Schedule>) {
  return recorded(
    scope,
    (trx) => collectChanges(trx, () => work(trx)),
    async ({ result, changes }, trx) => {
      const set = await sealChanges(trx, changes);
      return { kind: 'schedule' as const, summary: described(verb, result), bankAccountId: result.bank_account_id, undo: { changes: set }, rowKeys: changedKeys(set) };
    },
  ).then(({ result, activityId }) => ({ result: result.result, activityId }));
}

export const addSchedule = (scope: HouseholdScope, body: ScheduleBody, todayDate: string) =>
  recordedChange(scope, 'added', (trx) => createSchedule(trx, body, todayDate));

export const changeSchedule = (scope: HouseholdScope, id: number, body: ScheduleBody, todayDate: string) =>
  recordedChange(scope, 'changed', (trx) => updateSchedule(trx, id, body, todayDate));

export const removeSchedule = (scope: HouseholdScope, id: number, todayDate: string) =>
  recordedChange(scope, 'deleted', (trx) => deleteSchedule(trx, id, todayDate));
