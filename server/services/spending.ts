import { sql, type RawBuilder } from 'kysely';
import { CARRIED_FORWARD_STATUSES } from '../../src/shared/transactionRules';

/** `countsAsSpending` (src/shared/transactionRules.ts) as SQL over a transactions row's brought_forward_status. */
export const countsAsSpendingSql = (column: 'brought_forward_status' | 'transactions.brought_forward_status'): RawBuilder<boolean> =>
  sql<boolean>`(${sql.ref(column)} is null or ${sql.ref(column)} not in (${sql.join([...CARRIED_FORWARD_STATUSES])}))`;

/** `spendingOf` summed over a group of rows that count as spending (per allocation, category, class...). */
export const spentSum = sql<number | null>`sum(transactions.withdrawal_amount - transactions.deposit_amount)`;
