import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect';

// Migrations are typed loosely on purpose: an old migration must keep compiling when the Database type moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

/** The tables whose rows an undo puts back (server/services/activity/changeSet.ts). */
const VERSIONED_TABLES = ['transactions', 'incomes', 'allocations', 'sink_fund_allocations', 'special_events'];

const triggerName = (table: string) => sql.id(`${table}_bumps_row_version`);

/**
 * `row_version` counts the updates of one row. An undo restores a row only while its version is still the one
 * the change left: any later write, by any route, script or person, refuses it. The database moves it itself,
 * from triggers, so no write path can forget to. `activities.undo_refused` remembers why an undo can never
 * succeed (something it would restore is gone), so the entry stops offering it.
 */
export async function up(db: AnyDb): Promise<void> {
  for (const table of VERSIONED_TABLES) {
    await db.schema.alterTable(table).addColumn('row_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  }
  await db.schema.alterTable('activities').addColumn('undo_refused', 'varchar(2000)').execute();
  if (isPostgres(db)) {
    await sql`
      create function bump_row_version() returns trigger language plpgsql as $$
      begin
        new.row_version := old.row_version + 1;
        return new;
      end
      $$`.execute(db);
    for (const table of VERSIONED_TABLES) {
      await sql`
        create trigger ${triggerName(table)} before update on ${sql.table(table)}
        for each row execute function bump_row_version()`.execute(db);
    }
    return;
  }
  // SQLite cannot change NEW in a trigger: the row is updated once more (recursive triggers are off, and the
  // WHEN clause would stop a second round anyway). That second update is no change of the household's data:
  // its revision trigger (migration 0003) now skips it, so the revision still moves once per row written.
  for (const table of VERSIONED_TABLES) {
    await sql`
      create trigger ${triggerName(table)} after update on ${sql.table(table)}
      for each row when new.row_version = old.row_version
      begin update ${sql.table(table)} set row_version = old.row_version + 1 where id = new.id; end`.execute(db);
    await replaceRevisionTrigger(db, table, sql`when new.row_version = old.row_version`);
  }
}

/** SQLite: the update trigger of migration 0003 on `table`, with `condition`. */
async function replaceRevisionTrigger(db: AnyDb, table: string, condition: ReturnType<typeof sql>) {
  const name = sql.id(`${table}_update_bumps_revision`);
  await sql`drop trigger ${name}`.execute(db);
  await sql`
    create trigger ${name} after update on ${sql.table(table)} for each row ${condition}
    begin update households set revision = revision + 1 where id = new.household_id; end`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of VERSIONED_TABLES) {
    await sql`drop trigger ${triggerName(table)}${isPostgres(db) ? sql` on ${sql.table(table)}` : sql``}`.execute(db);
    if (!isPostgres(db)) await replaceRevisionTrigger(db, table, sql``);
    await db.schema.alterTable(table).dropColumn('row_version').execute();
  }
  if (isPostgres(db)) await sql`drop function bump_row_version()`.execute(db);
  await db.schema.alterTable('activities').dropColumn('undo_refused').execute();
}
