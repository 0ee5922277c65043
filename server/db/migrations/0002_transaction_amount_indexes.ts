import type { Kysely } from 'kysely';

// Migrations are typed loosely on purpose: an old migration must keep compiling when the Database type moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

/**
 * The two hottest sums read only the index: `spent` per allocation (every budget read) and an account's net
 * over a date range (closing, reopening, balances). Each new index starts with the columns of the one it
 * replaces, so every query that used the old one can use the new one.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('transactions_allocation').execute();
  await db.schema
    .createIndex('transactions_allocation_amounts')
    .on('transactions')
    .columns(['allocation_id', 'brought_forward_status', 'withdrawal_amount', 'deposit_amount'])
    .execute();
  await db.schema.dropIndex('transactions_account_date').execute();
  await db.schema
    .createIndex('transactions_account_date_amounts')
    .on('transactions')
    .columns(['bank_account_id', 'transaction_date', 'withdrawal_amount', 'deposit_amount'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('transactions_account_date_amounts').execute();
  await db.schema.createIndex('transactions_account_date').on('transactions').columns(['bank_account_id', 'transaction_date']).execute();
  await db.schema.dropIndex('transactions_allocation_amounts').execute();
  await db.schema.createIndex('transactions_allocation').on('transactions').column('allocation_id').execute();
}
