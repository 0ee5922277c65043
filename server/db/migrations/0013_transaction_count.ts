import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect';

// Migrations are typed loosely on purpose: an old migration must keep compiling when the Database type moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

const triggerName = (event: 'insert' | 'delete') => sql.id(`transactions_${event}_counts`);

/**
 * `households.transaction_count`: how many transactions the household keeps, so the row limit is one read
 * instead of a count of the whole history on every quick add, transfer and save (issue 35). The database keeps
 * it, from triggers, so no write path (a service, an import, a cascade, the CLI) can forget to.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('households').addColumn('transaction_count', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update households set transaction_count = (select count(*) from transactions where transactions.household_id = households.id)`.execute(db);
  if (isPostgres(db)) {
    // One update per statement and household, not per row: an import of 2,000 rows is one update.
    for (const [event, sign] of [['insert', '+'], ['delete', '-']] as const) {
      await sql`
        create function ${sql.id(`count_transactions_${event}`)}() returns trigger language plpgsql as $$
        begin
          update households set transaction_count = transaction_count ${sql.raw(sign)} changed.n
          from (select household_id, count(*) as n from changed_rows group by household_id) changed
          where households.id = changed.household_id;
          return null;
        end
        $$`.execute(db);
      await sql`
        create trigger ${triggerName(event)} after ${sql.raw(event)} on transactions
        referencing ${sql.raw(event === 'delete' ? 'old table' : 'new table')} as changed_rows
        for each statement execute function ${sql.id(`count_transactions_${event}`)}()`.execute(db);
    }
    return;
  }
  await sql`create trigger ${triggerName('insert')} after insert on transactions
    begin update households set transaction_count = transaction_count + 1 where id = new.household_id; end`.execute(db);
  await sql`create trigger ${triggerName('delete')} after delete on transactions
    begin update households set transaction_count = transaction_count - 1 where id = old.household_id; end`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const event of ['insert', 'delete'] as const) {
    await sql`drop trigger ${triggerName(event)}${isPostgres(db) ? sql` on transactions` : sql``}`.execute(db);
    if (isPostgres(db)) await sql`drop function ${sql.id(`count_transactions_${event}`)}()`.execute(db);
  }
  await db.schema.alterTable('households').dropColumn('transaction_count').execute();
}
