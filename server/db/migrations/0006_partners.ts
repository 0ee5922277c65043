import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect';

// Migrations are typed loosely on purpose: an old migration must keep compiling when the Database type moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

const NEW_HOUSEHOLD_TABLES = ['activities', 'activity_rows'];
const EVENTS = ['insert', 'update', 'delete'] as const;
const triggerName = (table: string, event: string) => sql.id(`${table}_${event}_bumps_revision`);

/**
 * Two people, one budget (issue 19):
 * - members: a temporary password must be changed at first sign-in; the last sign-in and each session's device;
 * - activity: who did what, in words, with what an undo needs (the rows as they were) and the rows each change
 *   touched (`activity_rows`), so "has anything newer touched these rows?" is one indexed query;
 * - the split: incomes belong to the wife, the husband or both; settings choose 50/50 or by income.
 * Member ids in activities are not foreign keys: a removed member's history stays, under the name they had.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('last_sign_in_at', 'bigint').execute();
  await db.schema.alterTable('sessions').addColumn('device', 'varchar(200)').execute();

  await db.schema
    .createTable('activities')
    .addColumn('id', isPostgres(db) ? 'serial' : 'integer', (c) => (isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('household_id', 'integer', (c) => c.notNull().references('households.id').onDelete('cascade'))
    .addColumn('user_id', 'integer')
    .addColumn('actor_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('summary', 'varchar(2000)', (c) => c.notNull())
    .addColumn('budget_id', 'integer')
    .addColumn('bank_account_id', 'integer')
    .addColumn('undo', 'text')
    .addColumn('undone_by_id', 'integer')
    .addColumn('undoes_id', 'integer')
    .addColumn('created_at', isPostgres(db) ? 'timestamptz' : 'text', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('updated_at', isPostgres(db) ? 'timestamptz' : 'text', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex('activities_household_id_id').on('activities').columns(['household_id', 'id']).execute();
  await db.schema.createIndex('activities_household_user').on('activities').columns(['household_id', 'user_id', 'id']).execute();
  await db.schema.createIndex('activities_household_budget').on('activities').columns(['household_id', 'budget_id', 'id']).execute();

  await db.schema
    .createTable('activity_rows')
    .addColumn('id', isPostgres(db) ? 'serial' : 'integer', (c) => (isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('household_id', 'integer', (c) => c.notNull().references('households.id').onDelete('cascade'))
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('row_key', 'varchar(60)', (c) => c.notNull())
    .addColumn('created_at', isPostgres(db) ? 'timestamptz' : 'text', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('updated_at', isPostgres(db) ? 'timestamptz' : 'text', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex('activity_rows_key').on('activity_rows').columns(['household_id', 'row_key', 'activity_id']).execute();
  await db.schema.createIndex('activity_rows_activity').on('activity_rows').columns(['activity_id']).execute();

  await db.schema.alterTable('incomes').addColumn('owner', 'varchar(10)', (c) => c.notNull().defaultTo('shared').check(sql`owner in ('wife', 'husband', 'shared')`)).execute();
  await db.schema.alterTable('settings').addColumn('split_rule', 'varchar(10)', (c) => c.notNull().defaultTo('even').check(sql`split_rule in ('even', 'income')`)).execute();

  // The revision triggers of migration 0003, on the new household tables.
  for (const table of NEW_HOUSEHOLD_TABLES) {
    for (const event of EVENTS) {
      if (isPostgres(db)) {
        const rows = event === 'delete' ? sql.raw('old table') : sql.raw('new table');
        await sql`
          create trigger ${triggerName(table, event)} after ${sql.raw(event)} on ${sql.table(table)}
          referencing ${rows} as changed_rows for each statement execute function bump_household_revision()`.execute(db);
      } else {
        const row = event === 'delete' ? sql.raw('old') : sql.raw('new');
        await sql`
          create trigger ${triggerName(table, event)} after ${sql.raw(event)} on ${sql.table(table)}
          begin update households set revision = revision + 1 where id = ${row}.household_id; end`.execute(db);
      }
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of NEW_HOUSEHOLD_TABLES) {
    for (const event of EVENTS) {
      await sql`drop trigger ${triggerName(table, event)}${isPostgres(db) ? sql` on ${sql.table(table)}` : sql``}`.execute(db);
    }
  }
  await db.schema.dropTable('activity_rows').execute();
  await db.schema.dropTable('activities').execute();
  await db.schema.alterTable('settings').dropColumn('split_rule').execute();
  await db.schema.alterTable('incomes').dropColumn('owner').execute();
  await db.schema.alterTable('sessions').dropColumn('device').execute();
  await db.schema.alterTable('users').dropColumn('last_sign_in_at').execute();
  await db.schema.alterTable('users').dropColumn('must_change_password').execute();
}
