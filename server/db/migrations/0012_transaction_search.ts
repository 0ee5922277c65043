import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect';

// Migrations are typed loosely on purpose: an old migration must keep compiling when the Database type moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

/**
 * Find Transactions (issue 35): substring search on the description and the bank reference served by an index,
 * not by reading every transaction. SQLite: an FTS5 table with the trigram tokenizer over the two columns, kept
 * in step with `transactions` by triggers (every write path, imports and cascades included). PostgreSQL:
 * `pg_trgm` GIN indexes on the lowered columns, which serve `lower(col) LIKE '%…%'` as written. `pg_trgm` is a
 * trusted extension: the database's owner may create it. See docs/performance-scale.md.
 */

/**
 * The other orders and filters of the search, each an index seek within the household: newest first by
 * (date, id) with the amounts alongside (the totals read only the index), by description, by amount, and the
 * two amounts a typed figure is compared with.
 */
async function createOrderIndexes(db: AnyDb) {
  await sql`create index transactions_household_date_amounts on transactions (household_id, transaction_date, id, withdrawal_amount, deposit_amount)`.execute(db);
  await sql`drop index transactions_household_date`.execute(db);
  await sql`create index transactions_household_description on transactions (household_id, lower(description))`.execute(db);
  await sql`create index transactions_household_net on transactions (household_id, (deposit_amount - withdrawal_amount))`.execute(db);
  await sql`create index transactions_household_withdrawal on transactions (household_id, withdrawal_amount)`.execute(db);
  await sql`create index transactions_household_deposit on transactions (household_id, deposit_amount)`.execute(db);
}
export async function up(db: AnyDb): Promise<void> {
  await createOrderIndexes(db);
  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index transactions_description_trgm on transactions using gin (lower(description) gin_trgm_ops)`.execute(db);
    await sql`create index transactions_bank_ref_trgm on transactions using gin (lower(bank_ref) gin_trgm_ops)`.execute(db);
    return;
  }
  await sql`create virtual table transactions_search using fts5(description, bank_ref, content='transactions', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`insert into transactions_search(transactions_search) values ('rebuild')`.execute(db);
  await sql`create trigger transactions_search_insert after insert on transactions begin
    insert into transactions_search(rowid, description, bank_ref) values (new.id, new.description, new.bank_ref);
  end`.execute(db);
  await sql`create trigger transactions_search_delete after delete on transactions begin
    insert into transactions_search(transactions_search, rowid, description, bank_ref) values ('delete', old.id, old.description, old.bank_ref);
  end`.execute(db);
  await sql`create trigger transactions_search_update after update of description, bank_ref on transactions begin
    insert into transactions_search(transactions_search, rowid, description, bank_ref) values ('delete', old.id, old.description, old.bank_ref);
    insert into transactions_search(rowid, description, bank_ref) values (new.id, new.description, new.bank_ref);
  end`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const index of ['transactions_household_deposit', 'transactions_household_withdrawal', 'transactions_household_net', 'transactions_household_description']) {
    await sql`drop index ${sql.raw(index)}`.execute(db);
  }
  await db.schema.createIndex('transactions_household_date').on('transactions').columns(['household_id', 'transaction_date']).execute();
  await sql`drop index transactions_household_date_amounts`.execute(db);
  if (isPostgres(db)) {
    await sql`drop index transactions_bank_ref_trgm`.execute(db);
    await sql`drop index transactions_description_trgm`.execute(db);
    return;
  }
  for (const trigger of ['transactions_search_update', 'transactions_search_delete', 'transactions_search_insert']) {
    await sql`drop trigger ${sql.raw(trigger)}`.execute(db);
  }
  await sql`drop table transactions_search`.execute(db);
}
