import type { Kysely } from 'kysely';
import { isPostgres } from './dialect';

// Migrations are typed loosely on purpose: an old migration must keep compiling when the Database type moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

/**
 * Reconciling to a statement (issue 28): each account remembers the last statement it was reconciled to, its
 * closing date and balance. A transaction is reconciled when it is dated on or before that date, so closing,
 * reopening and undo (which move rows, not flags) keep the state exact; see docs/reconciliation.md.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('bank_accounts').addColumn('reconciled_through', isPostgres(db) ? 'date' : 'text').execute();
  await db.schema.alterTable('bank_accounts').addColumn('reconciled_balance', 'bigint').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('bank_accounts').dropColumn('reconciled_balance').execute();
  await db.schema.alterTable('bank_accounts').dropColumn('reconciled_through').execute();
}
