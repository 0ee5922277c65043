import { sql } from 'kysely';

/** A transaction the last reconciled statement did not cover (every one while the account was never reconciled). */
export const afterReconciled = sql<boolean>`(bank_accounts.reconciled_through is null or transactions.transaction_date > bank_accounts.reconciled_through)`;
