import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect';

// Migrations are typed loosely on purpose: an old migration must keep compiling when the Database type moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

/** Every table whose rows belong to a household when this migration was written (a later table adds its own). */
const HOUSEHOLD_TABLES = [
  'budgets',
  'incomes',
  'allocation_categories',
  'allocations',
  'institutions',
  'bank_accounts',
  'transactions',
  'sink_fund_allocations',
  'special_events',
  'settings',
];

const EVENTS = ['insert', 'update', 'delete'] as const;

const isPg = isPostgres;
const triggerName = (table: string, event: string) => sql.id(`${table}_${event}_bumps_revision`);

/**
 * `households.revision` counts the committed changes to a household's data. A server process may keep a
 * response it built while the revision was R and serve it again as long as the revision is still R, so every
 * server sharing the database sees every change. The database bumps it itself, from triggers, so no write
 * path (a service, the CLI, a script, a test fixture) can forget to.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('households').addColumn('revision', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  if (isPg(db)) {
    // One bump per statement, not per row: a window save of 2,000 rows is one update of the household.
    await sql`
      create function bump_household_revision() returns trigger language plpgsql as $$
      begin
        update households set revision = revision + 1 where id in (select distinct household_id from changed_rows);
        return null;
      end
      $$`.execute(db);
    for (const table of HOUSEHOLD_TABLES) {
      for (const event of EVENTS) {
        const rows = event === 'delete' ? sql.raw('old table') : sql.raw('new table');
        await sql`
          create trigger ${triggerName(table, event)} after ${sql.raw(event)} on ${sql.table(table)}
          referencing ${rows} as changed_rows for each statement execute function bump_household_revision()`.execute(db);
      }
    }
    return;
  }
  for (const table of HOUSEHOLD_TABLES) {
    for (const event of EVENTS) {
      const row = event === 'delete' ? sql.raw('old') : sql.raw('new');
      await sql`
        create trigger ${triggerName(table, event)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update households set revision = revision + 1 where id = ${row}.household_id; end`.execute(db);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of HOUSEHOLD_TABLES) {
    for (const event of EVENTS) {
      await sql`drop trigger ${triggerName(table, event)}${isPg(db) ? sql` on ${sql.table(table)}` : sql``}`.execute(db);
    }
  }
  if (isPg(db)) await sql`drop function bump_household_revision()`.execute(db);
  await db.schema.alterTable('households').dropColumn('revision').execute();
}
