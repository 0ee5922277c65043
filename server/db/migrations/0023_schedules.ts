import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect';

// Migrations are typed loosely on purpose: an old migration must keep compiling when the Database type moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

const TABLES = ['schedules', 'schedule_occurrences'];
const EVENTS = ['insert', 'update', 'delete'] as const;
const revisionTrigger = (table: string, event: string) => sql.id(`${table}_${event}_bumps_revision`);
const versionTrigger = (table: string) => sql.id(`${table}_bumps_row_version`);

/**
 * Issue 45, bills that repeat (docs/schedules.md):
 * - `schedules`: a description, a signed amount (deposit − withdrawal, never 0), an account, an allocation named
 *   by category and name (allocations belong to one budget; a schedule outlives budgets, so each occurrence
 *   finds the line of that name in the budget holding its date) or an envelope, how often, and whether the
 *   server enters it on its day.
 * - `schedule_occurrences`: what became of one occurrence (entered, skipped, or taken by an imported row).
 *   Unique on schedule and date: an occurrence is entered at most once, whichever process or restart tries.
 * Both carry the household revision and `row_version` triggers of migrations 0003 and 0009, like every table
 * whose rows an undo puts back.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  const date = pg ? sql`date` : sql`text`;
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  const common = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('household_id', 'integer', (c) => c.notNull().references('households.id').onDelete('cascade'))
      .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
      .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
      .addColumn('row_version', 'integer', (c) => c.notNull().defaultTo(0));

  await common('schedules')
    // An account, category or envelope with schedules is refused deletion by the services; the cascade is the
    // database's own guarantee that nothing points at a missing row.
    .addColumn('bank_account_id', 'integer', (c) => c.notNull().references('bank_accounts.id').onDelete('cascade'))
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('amount', sql`bigint`, (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('allocation_category_id', 'integer', (c) => c.references('allocation_categories.id').onDelete('cascade'))
    .addColumn('allocation_name', 'varchar(200)')
    .addColumn('sink_fund_allocation_id', 'integer', (c) => c.references('sink_fund_allocations.id').onDelete('cascade'))
    .addColumn('frequency', 'varchar(10)', (c) => c.notNull().check(sql`frequency in ('monthly', 'weekly', 'yearly')`))
    .addColumn('every', 'integer', (c) => c.notNull().defaultTo(1).check(sql`${sql.ref('every')} between 1 and 99`))
    .addColumn('day_of_month', 'integer', (c) => c.check(sql`day_of_month between 1 and 31`))
    .addColumn('start_date', date, (c) => c.notNull())
    .addColumn('end_date', date)
    .addColumn('times', 'integer', (c) => c.check(sql`times >= 1`))
    .addColumn('auto_enter', 'integer', (c) => c.notNull().defaultTo(0).check(sql`auto_enter in (0, 1)`))
    .addColumn('tolerance', sql`bigint`, (c) => c.notNull().defaultTo(0).check(sql`tolerance >= 0`))
    .execute();
  await db.schema.createIndex('schedules_household').on('schedules').column('household_id').execute();
  await db.schema.createIndex('schedules_account').on('schedules').column('bank_account_id').execute();

  await common('schedule_occurrences')
    .addColumn('schedule_id', 'integer', (c) => c.notNull().references('schedules.id').onDelete('cascade'))
    .addColumn('occurrence_date', date, (c) => c.notNull())
    .addColumn('outcome', 'varchar(10)', (c) => c.notNull().check(sql`outcome in ('entered', 'skipped', 'matched')`))
    .addUniqueConstraint('schedule_occurrences_once', ['schedule_id', 'occurrence_date'])
    .execute();
  await db.schema.createIndex('schedule_occurrences_household').on('schedule_occurrences').column('household_id').execute();

  for (const table of TABLES) {
    if (pg) {
      for (const event of EVENTS) {
        const rows = event === 'delete' ? sql.raw('old table') : sql.raw('new table');
        await sql`
          create trigger ${revisionTrigger(table, event)} after ${sql.raw(event)} on ${sql.table(table)}
          referencing ${rows} as changed_rows for each statement execute function bump_household_revision()`.execute(db);
      }
      await sql`
        create trigger ${versionTrigger(table)} before update on ${sql.table(table)}
        for each row execute function bump_row_version()`.execute(db);
      continue;
    }
    for (const event of EVENTS) {
      const row = event === 'delete' ? sql.raw('old') : sql.raw('new');
      // The row_version trigger's own second update is no change of the household's data (as in 0009).
      const when = event === 'update' ? sql`when new.row_version = old.row_version` : sql``;
      await sql`
        create trigger ${revisionTrigger(table, event)} after ${sql.raw(event)} on ${sql.table(table)} for each row ${when}
        begin update households set revision = revision + 1 where id = ${row}.household_id; end`.execute(db);
    }
    await sql`
      create trigger ${versionTrigger(table)} after update on ${sql.table(table)}
      for each row when new.row_version = old.row_version
      begin update ${sql.table(table)} set row_version = old.row_version + 1 where id = new.id; end`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  // Dropping a table drops its triggers.
  await db.schema.dropTable('schedule_occurrences').execute();
  await db.schema.dropTable('schedules').execute();
}
