import { sql } from 'kysely';
import type { HouseholdScope } from '../../db/scope';
import type { Refusals } from '../refusals';

/** Deleting a line that transactions point at would orphan them: refuse, naming it and how many. */
export async function refuseDeletingUsedAllocations(scope: HouseholdScope, allocationIds: number[], refusals: Refusals): Promise<void> {
  if (allocationIds.length === 0) return;
  const used = await scope
    .selectFrom('allocations')
    .innerJoin('transactions', 'transactions.allocation_id', 'allocations.id')
    .select(['allocations.name', sql<number | string>`count(*)`.as('n')])
    .where('allocations.id', 'in', allocationIds)
    .groupBy(['allocations.id', 'allocations.name'])
    .orderBy('allocations.id')
    .execute();
  for (const { name, n } of used) {
    const count = Number(n);
    refusals.add(`Allocation '${name}' has ${count} transaction${count === 1 ? '' : 's'} and cannot be deleted`);
  }
}

export const blankName = (name: string | null | undefined) => (name ?? '').trim() === '';

export const NAME_BLANK = "Name can't be blank";
export const CATEGORY_BLANK = "Allocation category can't be blank";
export const CATEGORY_UNKNOWN = "Allocation category doesn't exist";
export const BANK_ACCOUNT_UNKNOWN = "Bank account doesn't exist";
export const SPECIAL_EVENT_UNKNOWN = "Special event doesn't exist";
