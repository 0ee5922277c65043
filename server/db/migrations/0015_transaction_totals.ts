import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect';

// Migrations are typed loosely on purpose: an old migration must keep compiling when the Database type moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

/**
 * `transaction_totals`: per account and envelope (0 for rows in no envelope), the net and the number of all its
 * transactions, whatever their dates. Balances read it and subtract only the rows dated on or before the opening
 * date (normally none) or after the day asked (normally a month), so they cost what a month costs instead of
 * what the account's whole history costs (issue 35). The database keeps it, from triggers, so every write path
 * (a service, an undo, an import, a cascade, the CLI) moves it in the same transaction as the rows.
 */
const TRIGGERS = ['insert', 'update', 'delete'] as const;
const triggerName = (event: (typeof TRIGGERS)[number]) => sql.id(`transactions_${event}_totals`);

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('transaction_totals')
    .addColumn('bank_account_id', 'integer', (c) => c.notNull())
    .addColumn('envelope_id', 'integer', (c) => c.notNull())
    .addColumn('net', 'bigint', (c) => c.notNull())
    .addColumn('row_count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('transaction_totals_pk', ['bank_account_id', 'envelope_id'])
    .execute();
  await db.schema.createIndex('transaction_totals_envelope').on('transaction_totals').column('envelope_id').execute();
  // An envelope's rows dated on or before its account's opening date are one seek, not a read of its history.
  await db.schema.createIndex('transactions_envelope_date').on('transactions').columns(['sink_fund_allocation_id', 'transaction_date']).execute();
  await db.schema.dropIndex('transactions_sink_fund_allocation').execute();
  await sql`
    insert into transaction_totals (bank_account_id, envelope_id, net, row_count)
    select bank_account_id, coalesce(sink_fund_allocation_id, 0), sum(deposit_amount - withdrawal_amount), count(*)
    from transactions group by bank_account_id, coalesce(sink_fund_allocation_id, 0)`.execute(db);
  if (isPostgres(db)) {
    // One upsert per statement and key, not per row: an import of 2,000 rows is a handful of upserts.
    const rows = (table: string, sign: '+' | '-') =>
      sql.raw(`select bank_account_id, coalesce(sink_fund_allocation_id, 0) as envelope_id,
        ${sign}(deposit_amount - withdrawal_amount) as net, ${sign}1 as n from ${table}`);
    const changes = {
      insert: rows('new_rows', '+'),
      delete: rows('old_rows', '-'),
      update: sql`${rows('new_rows', '+')} union all ${rows('old_rows', '-')}`,
    };
    for (const event of TRIGGERS) {
      await sql`
        create function ${sql.id(`total_transactions_${event}`)}() returns trigger language plpgsql as $$
        begin
          insert into transaction_totals (bank_account_id, envelope_id, net, row_count)
          select bank_account_id, envelope_id, sum(net), sum(n) from (${changes[event]}) changed
          group by bank_account_id, envelope_id
          having sum(net) <> 0 or sum(n) <> 0
          on conflict (bank_account_id, envelope_id) do update
          set net = transaction_totals.net + excluded.net, row_count = transaction_totals.row_count + excluded.row_count;
          return null;
        end
        $$`.execute(db);
      const referencing = { insert: sql`new table as new_rows`, delete: sql`old table as old_rows`, update: sql`old table as old_rows new table as new_rows` }[event];
      await sql`
        create trigger ${triggerName(event)} after ${sql.raw(event)} on transactions
        referencing ${referencing}
        for each statement execute function ${sql.id(`total_transactions_${event}`)}()`.execute(db);
    }
    return;
  }
  const add = (row: 'new' | 'old', sign: '+' | '-') =>
    sql.raw(`insert into transaction_totals (bank_account_id, envelope_id, net, row_count)
      values (${row}.bank_account_id, coalesce(${row}.sink_fund_allocation_id, 0), ${sign}(${row}.deposit_amount - ${row}.withdrawal_amount), ${sign}1)
      on conflict (bank_account_id, envelope_id) do update
      set net = net + excluded.net, row_count = row_count + excluded.row_count;`);
  await sql`create trigger ${triggerName('insert')} after insert on transactions begin ${add('new', '+')} end`.execute(db);
  await sql`create trigger ${triggerName('delete')} after delete on transactions begin ${add('old', '-')} end`.execute(db);
  await sql`create trigger ${triggerName('update')}
    after update of bank_account_id, sink_fund_allocation_id, deposit_amount, withdrawal_amount on transactions
    begin ${add('old', '-')} ${add('new', '+')} end`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const event of TRIGGERS) {
    await sql`drop trigger ${triggerName(event)}${isPostgres(db) ? sql` on transactions` : sql``}`.execute(db);
    if (isPostgres(db)) await sql`drop function ${sql.id(`total_transactions_${event}`)}()`.execute(db);
  }
  await db.schema.createIndex('transactions_sink_fund_allocation').on('transactions').column('sink_fund_allocation_id').execute();
  await db.schema.dropIndex('transactions_envelope_date').execute();
  await db.schema.dropTable('transaction_totals').execute();
}
