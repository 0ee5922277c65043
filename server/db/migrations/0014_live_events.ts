import type { Kysely } from 'kysely';
import { isPostgres } from './dialect';

// Migrations are typed loosely on purpose: an old migration must keep compiling when the Database type moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

/**
 * The live stream's recent events per household, so a client that reconnects with the revision it last saw
 * gets what it missed from any server process (docs/live.md). No revision trigger: recording an event is not a
 * change to the household's data, and must not make cached reads stale.
 */
export async function up(db: AnyDb): Promise<void> {
  const table = db.schema.createTable('live_events');
  await (isPostgres(db) ? table.addColumn('id', 'bigserial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('household_id', 'integer', (c) => c.notNull().references('households.id').onDelete('cascade'))
    .addColumn('previous_revision', 'bigint', (c) => c.notNull())
    .addColumn('revision', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('actor_name', 'varchar(200)')
    .addColumn('tab', 'varchar(40)')
    .addColumn('resources', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('live_events_household_revision').on('live_events').columns(['household_id', 'revision']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('live_events').execute();
}
