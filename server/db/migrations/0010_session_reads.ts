import type { Kysely } from 'kysely';

// Migrations are typed loosely on purpose: an old migration must keep compiling when the Database type moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

/**
 * The version each session last read of a versioned record (a transactions window, a budget, an envelope list),
 * so that a save that sends no version is held against what that session saw (issue 27). Keyed by session:
 * no household column, so recording a read does not move the household's revision (cached reads stay valid),
 * and signing out drops the session's reads with it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('session_reads')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('record', 'varchar(20)', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('session_reads_pkey', ['session_id', 'record', 'record_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('session_reads').execute();
}
