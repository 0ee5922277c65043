import { sql, type RawBuilder } from 'kysely';
import { CARRIED_FORWARD_STATUSES } from '../../src/shared/transactionRules';
import type { HouseholdScope } from '../db/scope';

/** `countsAsSpending` (src/shared/transactionRules.ts) as SQL over a transactions row's brought_forward_status. */
export const countsAsSpendingSql = (column: 'brought_forward_status' | 'transactions.brought_forward_status'): RawBuilder<boolean> =>
  sql<boolean>`(${sql.ref(column)} is null or ${sql.ref(column)} not in (${sql.join([...CARRIED_FORWARD_STATUSES])}))`;

/** `spendingOf` summed over a group of rows that count as spending (per allocation, category, class...). */
export const spentSum = sql<number | null>`sum(transactions.withdrawal_amount - transactions.deposit_amount)`;

/** `partSpendingOf` (src/shared/splits.ts) summed over a group of split parts whose rows count as spending. */
export const partSpentSum = sql<number | null>`sum(-transaction_splits.amount)`;

/**
 * Each allocation's `spent` among the allocations `which` selects (a condition on `allocations`): its rows and
 * the parts of split rows, both only where their row counts as spending. Driven from the allocations (the
 * household's rows) into the indexes on allocation_id, so it reads only their rows. Callers join it by
 * `allocation_id`.
 */
export function spentPerAllocation(scope: HouseholdScope, which: RawBuilder<boolean>) {
  const rows = scope
    .selectFrom('allocations')
    .innerJoin('transactions', 'transactions.allocation_id', 'allocations.id')
    .where(which)
    .where(countsAsSpendingSql('transactions.brought_forward_status'))
    .select(['allocations.id as allocation_id', spentSum.as('spent')])
    .groupBy('allocations.id');
  const parts = scope
    .selectFrom('allocations')
    .innerJoin('transaction_splits', 'transaction_splits.allocation_id', 'allocations.id')
    .innerJoin('transactions', 'transactions.id', 'transaction_splits.transaction_id')
    .where(which)
    .where(countsAsSpendingSql('transactions.brought_forward_status'))
    .select(['allocations.id as allocation_id', partSpentSum.as('spent')])
    .groupBy('allocations.id');
  return scope.db
    .selectFrom(rows.unionAll(parts).as('spending'))
    .select(['spending.allocation_id', sql<number | null>`sum(spending.spent)`.as('spent')])
    .groupBy('spending.allocation_id');
}
