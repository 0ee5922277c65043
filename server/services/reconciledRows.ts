import { sql } from 'kysely';
import { addDays } from '../../src/shared/dates';

/** A transaction the last reconciled statement did not cover (every one while the account was never reconciled). */
export const afterReconciled = sql<boolean>`(bank_accounts.reconciled_through is null or transactions.transaction_date > bank_accounts.reconciled_through)`;

interface AdjustedAccount {
  closing_date: string | null;
  reconciled_through: string | null;
}

/**
 * The day an "Adjust Account Balances" row is dated: the day after the checkpoint, and after the last reconciled
 * statement too, so the balance the bank confirmed stays as it was; never after today (reconciled through today,
 * the row lands on today, and the account shows that its reconciled balance changed).
 */
export function manualAdjustmentDate(account: AdjustedAccount, todayDate: string): string {
  const afterCheckpoint = account.closing_date ? addDays(account.closing_date, 1) : todayDate;
  const reconciled = account.reconciled_through;
  if (reconciled === null || reconciled < afterCheckpoint) return afterCheckpoint;
  return reconciled < todayDate ? addDays(reconciled, 1) : todayDate;
}
