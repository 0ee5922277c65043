import type { Kysely } from 'kysely';

// Migrations are typed loosely on purpose: an old migration must keep compiling when the Database type moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

/**
 * A sink fund's envelope list is edited as one record (PUT /sink_funds/:id): its own version for stale edits,
 * with the session columns every versioned record has (see migration 0004).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('bank_accounts').addColumn('sink_fund_lock_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('bank_accounts').addColumn('sink_fund_lock_session_id', 'integer').execute();
  await db.schema.alterTable('bank_accounts').addColumn('sink_fund_lock_since_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['sink_fund_lock_since_version', 'sink_fund_lock_session_id', 'sink_fund_lock_version']) {
    await db.schema.alterTable('bank_accounts').dropColumn(column).execute();
  }
}
