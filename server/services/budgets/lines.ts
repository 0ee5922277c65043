import { partCounts } from '../transactions/splits';
import { sql } from 'kysely';
import type { HouseholdScope } from '../../db/scope';
import { MAX_ROWS_PER_REQUEST } from '../../../src/shared/schemas/common';
import type { Refusals } from '../refusals';
import { counted } from '../../../src/shared/wording';

/** Deleting a line that transactions point at would orphan them: refuse, naming it and how many. */
export async function refuseDeletingUsedAllocations(scope: HouseholdScope, allocationIds: number[], refusals: Refusals): Promise<void> {
  if (allocationIds.length === 0) return;
  const used = await scope
    .selectFrom('allocations')
    .innerJoin('transactions', 'transactions.allocation_id', 'allocations.id')
    .select(['allocations.name', sql<number>`count(*)`.as('n')])
    .where('allocations.id', 'in', allocationIds)
    .groupBy(['allocations.id', 'allocations.name'])
    .orderBy('allocations.id')
    .execute();
  const parts = await partCounts(scope, 'allocation_id', allocationIds);
  const reported = new Set<string>();
  for (const { name, n: count } of used) {
    reported.add(name);
    refusals.add(`Allocation '${name}' has ${counted(count, 'transaction')} and cannot be deleted`);
  }
  if (parts.size === 0) return;
  const names = await scope.selectFrom('allocations').select(['id', 'name']).where('id', 'in', [...parts.keys()]).execute();
  for (const { id, name } of names) {
    if (!reported.has(name)) refusals.add(`Allocation '${name}' has ${counted(parts.get(id)!, 'part')} of split transactions and cannot be deleted`);
  }
}

export const blankName = (name: string | null | undefined) => (name ?? '').trim() === '';

export const NAME_BLANK = "Name can't be blank";
export const CATEGORY_BLANK = "Allocation category can't be blank";
export const CATEGORY_UNKNOWN = "Allocation category doesn't exist";
export const BANK_ACCOUNT_UNKNOWN = "Bank account doesn't exist";
export const SPECIAL_EVENT_UNKNOWN = "Special event doesn't exist";

/** A budget holds at most MAX_ROWS_PER_REQUEST incomes and as many allocations: its totals stay exact and it stays editable in one save. */
export async function refuseTooManyLines(
  scope: HouseholdScope,
  kind: 'incomes' | 'allocations',
  change: Map<number, number>,
  refusals: Refusals,
): Promise<void> {
  const growing = [...change.entries()].filter(([, delta]) => delta > 0).map(([budgetId]) => budgetId);
  if (growing.length === 0) return;
  const counts = await scope
    .selectFrom(kind)
    .select([sql<number>`budget_id`.as('budget_id'), sql<number>`count(*)`.as('n')])
    .where(sql<boolean>`budget_id in (${sql.join(growing)})`)
    .groupBy(sql`budget_id`)
    .execute();
  const existing = new Map(counts.map((row) => [row.budget_id, row.n]));
  for (const budgetId of growing) {
    if ((existing.get(budgetId) ?? 0) + change.get(budgetId)! > MAX_ROWS_PER_REQUEST) {
      refusals.add(`A budget holds at most ${MAX_ROWS_PER_REQUEST.toLocaleString('en-US')} ${kind}`);
    }
  }
}
