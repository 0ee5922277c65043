import type { Kysely } from 'kysely';
import { createSummary, dropSummary, type Summary } from './summaries';

// Migrations are typed loosely on purpose: an old migration must keep compiling when the Database type moves on.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Two sums the reports over every period read instead of every transaction of the history (issue 35), each kept
 * by triggers on `transactions` so every write path moves it in the same transaction as the rows:
 * - `allocation_spending`: each allocation's spent, Σ(withdrawal − deposit) of its rows that count as spending
 *   (brought-forward copies 'added' and their balancing rows 'adjustment' left out: the rule of
 *   `countsAsSpending`, src/shared/transactionRules.ts, frozen here as a migration must be);
 * - `account_days`: each account's net per day it has rows, for net worth per period.
 */
const SUMMARIES: Summary[] = [
  {
    table: 'allocation_spending',
    keys: [{ name: 'allocation_id', type: 'integer', of: 'allocation_id' }],
    value: { name: 'spent', of: 'withdrawal_amount - deposit_amount' },
    counts: `allocation_id is not null and (brought_forward_status is null or brought_forward_status not in ('added', 'adjustment'))`,
    moves: ['allocation_id', 'brought_forward_status', 'deposit_amount', 'withdrawal_amount'],
  },
  {
    table: 'account_days',
    keys: [
      { name: 'bank_account_id', type: 'integer', of: 'bank_account_id' },
      { name: 'day', type: 'date', of: 'transaction_date' },
    ],
    value: { name: 'net', of: 'deposit_amount - withdrawal_amount' },
    counts: 'true',
    moves: ['bank_account_id', 'transaction_date', 'deposit_amount', 'withdrawal_amount'],
  },
];

export async function up(db: AnyDb): Promise<void> {
  for (const summary of SUMMARIES) await createSummary(db, summary);
}

export async function down(db: AnyDb): Promise<void> {
  for (const summary of SUMMARIES) await dropSummary(db, summary);
}
