import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect';

// Migrations are typed loosely on purpose: an old migration must keep compiling when the Database type moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

const EVENTS = ['insert', 'update', 'delete'] as const;
const revisionTrigger = (event: string) => sql.id(`transaction_splits_${event}_bumps_revision`);

/**
 * Issue 44, a split row (docs/splits.md): `transaction_splits` holds the parts of one transaction, each an amount
 * (signed like the row's net, deposit − withdrawal), an allocation or an envelope (never both) or neither, a memo
 * and its position. The row alone moves its account's balance; each part counts toward its allocation and its
 * envelope. The sums the database keeps (0015's `transaction_totals`, 0016's `allocation_spending`) follow the
 * parts from triggers on this table, as they follow rows from triggers on `transactions`:
 * - `allocation_spending`: a part adds −amount to its allocation while `counted` is 1. `counted` is the part's
 *   row's `countsAsSpending` (brought-forward copies and balancing rows are not spending), kept by a trigger on
 *   `transactions` so the sum never has to read a row that a cascade may already have deleted;
 * - `transaction_totals`: a part in an envelope moves its amount (and one row of the count) from the account's
 *   unassigned key (0, where its row is counted) to the envelope. `bank_account_id` is its row's account (a row
 *   never changes account), kept on the part for the same reason.
 * The table carries the household revision and `row_version` triggers of 0003 and 0009: an undo puts parts back.
 */
export async function up(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  const timestamp = pg ? sql`timestamptz` : sql`text`;
  await db.schema
    .createTable('transaction_splits')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('household_id', 'integer', (c) => c.notNull().references('households.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('row_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('transaction_id', 'integer', (c) => c.notNull().references('transactions.id').onDelete('cascade'))
    .addColumn('bank_account_id', 'integer', (c) => c.notNull().references('bank_accounts.id').onDelete('cascade'))
    .addColumn('amount', sql`bigint`, (c) => c.notNull())
    // No cascade: an allocation or envelope with parts is refused deletion by the services, as with rows.
    .addColumn('allocation_id', 'integer', (c) => c.references('allocations.id'))
    .addColumn('sink_fund_allocation_id', 'integer', (c) => c.references('sink_fund_allocations.id'))
    .addColumn('memo', 'varchar(500)')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('counted', 'integer', (c) => c.notNull().defaultTo(1).check(sql`counted in (0, 1)`))
    .addCheckConstraint('transaction_splits_one_target', sql`allocation_id is null or sink_fund_allocation_id is null`)
    .execute();
  await db.schema.createIndex('transaction_splits_transaction').on('transaction_splits').column('transaction_id').execute();
  await db.schema.createIndex('transaction_splits_household').on('transaction_splits').column('household_id').execute();
  await db.schema.createIndex('transaction_splits_allocation').on('transaction_splits').column('allocation_id').execute();
  await db.schema.createIndex('transaction_splits_envelope').on('transaction_splits').column('sink_fund_allocation_id').execute();

  const counts = `(brought_forward_status is null or brought_forward_status not in ('added', 'adjustment'))`;
  if (pg) {
    for (const event of EVENTS) {
      const rows = event === 'delete' ? sql.raw('old table') : sql.raw('new table');
      await sql`
        create trigger ${revisionTrigger(event)} after ${sql.raw(event)} on transaction_splits
        referencing ${rows} as changed_rows for each statement execute function bump_household_revision()`.execute(db);
    }
    await sql`create trigger transaction_splits_bumps_row_version before update on transaction_splits
      for each row execute function bump_row_version()`.execute(db);
    const spending = (from: string, sign: '+' | '-') =>
      `select allocation_id, ${sign}(-amount) as change from ${from} where allocation_id is not null and counted = 1`;
    const totals = (from: string, sign: '+' | '-') =>
      `select bank_account_id, sink_fund_allocation_id as envelope_id, ${sign}amount as net, ${sign}1 as n from ${from} where sink_fund_allocation_id is not null
       union all select bank_account_id, 0, ${sign}(-amount), ${sign}(-1) from ${from} where sink_fund_allocation_id is not null`;
    const changes = (of: (from: string, sign: '+' | '-') => string) => ({
      insert: of('new_rows', '+'),
      delete: of('old_rows', '-'),
      update: `${of('new_rows', '+')} union all ${of('old_rows', '-')}`,
    });
    for (const event of EVENTS) {
      await sql`
        create function ${sql.id(`sum_transaction_splits_${event}`)}() returns trigger language plpgsql as $$
        begin
          ${sql.raw(`insert into allocation_spending (allocation_id, spent)
          select allocation_id, sum(change) from (${changes(spending)[event]}) changed
          group by allocation_id having sum(change) <> 0
          on conflict (allocation_id) do update set spent = allocation_spending.spent + excluded.spent;
          insert into transaction_totals (bank_account_id, envelope_id, net, row_count)
          select bank_account_id, envelope_id, sum(net), sum(n) from (${changes(totals)[event]}) changed
          group by bank_account_id, envelope_id having sum(net) <> 0 or sum(n) <> 0
          on conflict (bank_account_id, envelope_id) do update
          set net = transaction_totals.net + excluded.net, row_count = transaction_totals.row_count + excluded.row_count;`)}
          return null;
        end
        $$`.execute(db);
      const referencing = { insert: 'new table as new_rows', delete: 'old table as old_rows', update: 'old table as old_rows new table as new_rows' }[event];
      await sql`
        create trigger ${sql.id(`transaction_splits_${event}_sums`)} after ${sql.raw(event)} on transaction_splits
        referencing ${sql.raw(referencing)} for each statement execute function ${sql.id(`sum_transaction_splits_${event}`)}()`.execute(db);
    }
    await sql`
      create function split_parts_counted() returns trigger language plpgsql as $$
      begin
        update transaction_splits set counted = case when ${sql.raw(counts.replace(/brought_forward_status/g, 'new.brought_forward_status'))} then 1 else 0 end
        where transaction_id = new.id and counted <> case when ${sql.raw(counts.replace(/brought_forward_status/g, 'new.brought_forward_status'))} then 1 else 0 end;
        return null;
      end
      $$`.execute(db);
    await sql`create trigger transactions_split_parts_counted after update of brought_forward_status on transactions
      for each row execute function split_parts_counted()`.execute(db);
    return;
  }

  for (const event of EVENTS) {
    const row = event === 'delete' ? 'old' : 'new';
    const when = event === 'update' ? sql`when new.row_version = old.row_version` : sql``;
    await sql`
      create trigger ${revisionTrigger(event)} after ${sql.raw(event)} on transaction_splits for each row ${when}
      begin update households set revision = revision + 1 where id = ${sql.raw(row)}.household_id; end`.execute(db);
  }
  await sql`create trigger transaction_splits_bumps_row_version after update on transaction_splits
    for each row when new.row_version = old.row_version
    begin update transaction_splits set row_version = old.row_version + 1 where id = new.id; end`.execute(db);
  // The WHERE also keeps SQLite's parser from reading the upsert's ON as a join's.
  const add = (row: 'new' | 'old', sign: '+' | '-') => `
    insert into allocation_spending (allocation_id, spent) select ${row}.allocation_id, ${sign}(-${row}.amount)
      where ${row}.allocation_id is not null and ${row}.counted = 1
      on conflict (allocation_id) do update set spent = spent + excluded.spent;
    insert into transaction_totals (bank_account_id, envelope_id, net, row_count)
      select ${row}.bank_account_id, ${row}.sink_fund_allocation_id, ${sign}${row}.amount, ${sign}1 where ${row}.sink_fund_allocation_id is not null
      on conflict (bank_account_id, envelope_id) do update set net = net + excluded.net, row_count = row_count + excluded.row_count;
    insert into transaction_totals (bank_account_id, envelope_id, net, row_count)
      select ${row}.bank_account_id, 0, ${sign}(-${row}.amount), ${sign}(-1) where ${row}.sink_fund_allocation_id is not null
      on conflict (bank_account_id, envelope_id) do update set net = net + excluded.net, row_count = row_count + excluded.row_count;`;
  await sql.raw(`create trigger transaction_splits_insert_sums after insert on transaction_splits begin ${add('new', '+')} end`).execute(db);
  await sql.raw(`create trigger transaction_splits_delete_sums after delete on transaction_splits begin ${add('old', '-')} end`).execute(db);
  await sql
    .raw(
      `create trigger transaction_splits_update_sums after update of amount, allocation_id, sink_fund_allocation_id, counted, bank_account_id on transaction_splits
      begin ${add('old', '-')} ${add('new', '+')} end`,
    )
    .execute(db);
  const countedOf = `case when ${counts.replace(/brought_forward_status/g, 'new.brought_forward_status')} then 1 else 0 end`;
  await sql
    .raw(
      `create trigger transactions_split_parts_counted after update of brought_forward_status on transactions
      begin update transaction_splits set counted = ${countedOf} where transaction_id = new.id and counted <> ${countedOf}; end`,
    )
    .execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger transactions_split_parts_counted on transactions`.execute(db);
    await sql`drop function split_parts_counted()`.execute(db);
    // Dropping the table drops its triggers, not their functions.
    await db.schema.dropTable('transaction_splits').execute();
    for (const event of EVENTS) await sql`drop function ${sql.id(`sum_transaction_splits_${event}`)}()`.execute(db);
    return;
  }
  await sql`drop trigger transactions_split_parts_counted`.execute(db);
  await db.schema.dropTable('transaction_splits').execute();
}
