import { inChunks } from '../../db/chunks';
import type { HouseholdScope } from '../../db/scope';

type ScheduleReference = 'bank_account_id' | 'allocation_category_id' | 'sink_fund_allocation_id';

/** How many descriptions a refusal names before "and N more": enough to find them in Setup › Scheduled. */
const NAMED = 3;

/**
 * The schedules that point at each of these records, by description. The database would delete them with the
 * record (migration 0023's cascade); the services refuse the record's deletion instead, naming them, so a bill
 * never disappears without the person knowing.
 */
export async function schedulesUsing(scope: HouseholdScope, column: ScheduleReference, ids: readonly number[]): Promise<Map<number, string[]>> {
  const using = new Map<number, string[]>();
  await inChunks(ids, async (part) => {
    const rows = await scope.selectFrom('schedules').select(['id', 'description', column]).where(column, 'in', part).orderBy('id').execute();
    for (const row of rows) {
      const id = Number(row[column]);
      using.set(id, [...(using.get(id) ?? []), row.description]);
    }
  });
  return using;
}

/** "is used by the schedule 'Rent'" / "is used by 4 schedules: 'Rent', 'Gym', 'Phone' and 1 more: change or delete them in Setup › Scheduled". */
export function usedBySchedules(descriptions: readonly string[]): string {
  const quoted = descriptions.slice(0, NAMED).map((d) => `'${d}'`);
  const more = descriptions.length - quoted.length;
  const names = more > 0 ? `${quoted.join(', ')} and ${more} more` : quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}` : quoted[0];
  const which = descriptions.length === 1 ? `the schedule ${names}` : `${descriptions.length} schedules (${names})`;
  return `is used by ${which}: change or delete ${descriptions.length === 1 ? 'it' : 'them'} in Setup › Scheduled first`;
}
