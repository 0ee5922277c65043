import { sql } from 'kysely';
import type { HouseholdScope } from '../db/scope';
import { unprocessable } from '../errors';
import { namedResource, recordedNamedWrites } from './namedResources';
import { counted } from '../../src/shared/wording';
import { schedulesUsing, usedBySchedules } from './schedules/schedulesInUse';

const CATEGORY_EXISTS = 'Allocation Category already exists.';
export const CATEGORY_NOT_FOUND = 'Allocation Category not found';

export const allocationCategories = namedResource('allocation_categories', { exists: CATEGORY_EXISTS, notFound: CATEGORY_NOT_FOUND });

/** Refused while allocations or the settings' special-events default point at the category. */
function deleteAllocationCategory(scope: HouseholdScope, id: number): Promise<void> {
  return scope.transaction(async (trx) => {
    const category = await trx.find('allocation_categories', id, CATEGORY_NOT_FOUND);
    const [allocations, settings, schedules] = await Promise.all([
      trx.selectFrom('allocations').select(sql<number>`count(*)`.as('n')).where('allocation_category_id', '=', id).executeTakeFirstOrThrow(),
      trx.selectFrom('settings').select('id').where('default_allocation_category_id_for_special_events', '=', id).executeTakeFirst(),
      schedulesUsing(trx, 'allocation_category_id', [id]),
    ]);
    const reasons: string[] = [];
    const used = allocations.n;
    if (used > 0) reasons.push(`Category '${category.name}' is used by ${counted(used, 'allocation')}`);
    if (settings) reasons.push(`Category '${category.name}' is the default category for special events in Settings`);
    const bills = schedules.get(id);
    if (bills) reasons.push(`Category '${category.name}' ${usedBySchedules(bills)}`);
    if (reasons.length > 0) throw unprocessable(reasons);
    await trx.deleteFrom('allocation_categories').where('id', '=', id).execute();
  });
}

export const allocationCategoryWrites = recordedNamedWrites('allocation_categories', allocationCategories, { thing: 'allocation category', key: 'allocation_category' }, deleteAllocationCategory);
