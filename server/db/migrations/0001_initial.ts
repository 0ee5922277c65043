import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect';

// Migrations are typed loosely on purpose: an old migration must keep compiling when the Database type moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;
type Table = CreateTableBuilder<any, any>;

const isPg = isPostgres;

function dialectTypes(db: AnyDb) {
  const pg = isPg(db);
  return {
    date: pg ? sql`date` : sql`text`,
    timestamp: pg ? sql`timestamptz` : sql`text`,
    money: sql`bigint`,
    pg,
  };
}

function common(db: AnyDb, table: Table, withHousehold: boolean): Table {
  const t = dialectTypes(db);
  let builder: Table = t.pg
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  if (withHousehold) {
    builder = builder.addColumn('household_id', 'integer', (c) =>
      c.notNull().references('households.id').onDelete('cascade'),
    );
  }
  return builder
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`));
}

const oneOf = (column: string, values: string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

const flag = (c: ColumnDefinitionBuilder, name: string, value: 0 | 1) =>
  c.notNull().defaultTo(value).check(sql.raw(`${name} in (0, 1)`));

export async function up(db: AnyDb): Promise<void> {
  const t = dialectTypes(db);

  await common(db, db.schema.createTable('households'), false)
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .execute();

  await common(db, db.schema.createTable('users'), false)
    .addColumn('household_id', 'integer', (c) => c.notNull().references('households.id').onDelete('cascade'))
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(500)', (c) => c.notNull())
    .execute();
  await sql`create unique index users_email_unique on users (lower(email))`.execute(db);

  await common(db, db.schema.createTable('sessions'), false)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client', 'varchar(100)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('sessions_user_client_unique', ['user_id', 'client'])
    .execute();

  await (t.pg
    ? db.schema.createTable('login_attempts').addColumn('id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable('login_attempts').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('attempt_key', 'varchar(400)', (c) => c.notNull())
    .addColumn('attempted_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_key_time').on('login_attempts').columns(['attempt_key', 'attempted_at']).execute();

  await common(db, db.schema.createTable('budgets'), true)
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('start_date', t.date, (c) => c.notNull())
    .addColumn('end_date', t.date, (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('open').check(oneOf('status', ['open', 'closed'])))
    .addColumn('lock_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('budgets_household_start_unique', ['household_id', 'start_date'])
    .execute();

  await common(db, db.schema.createTable('institutions'), true)
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .execute();
  await sql`create unique index institutions_name_unique on institutions (household_id, lower(name))`.execute(db);

  await common(db, db.schema.createTable('allocation_categories'), true)
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .execute();
  await sql`create unique index allocation_categories_name_unique on allocation_categories (household_id, lower(name))`.execute(db);

  await common(db, db.schema.createTable('bank_accounts'), true)
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('institution_id', 'integer', (c) => c.references('institutions.id'))
    .addColumn('account_type', 'varchar(20)', (c) =>
      c.notNull().defaultTo('normal').check(oneOf('account_type', ['normal', 'credit_card', 'sink_fund'])),
    )
    .addColumn('account_category', 'varchar(20)', (c) =>
      c.notNull().defaultTo('current').check(oneOf('account_category', ['current', 'asset', 'liability'])),
    )
    .addColumn('is_cash', 'integer', (c) => flag(c, 'is_cash', 1))
    .addColumn('account_no', 'varchar(100)')
    .addColumn('opening_balance', t.money, (c) => c.notNull().defaultTo(0))
    .addColumn('closing_balance', t.money)
    .addColumn('closing_date', t.date)
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('open').check(oneOf('status', ['open', 'closed'])))
    .addColumn('import_format', 'varchar(50)')
    .addColumn('import_settings', 'text')
    .addColumn('statement_day', 'integer', (c) => c.check(sql`statement_day between 1 and 31`))
    .addColumn('payment_due_day', 'integer', (c) => c.check(sql`payment_due_day between 1 and 31`))
    .addColumn('window_lock_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await common(db, db.schema.createTable('special_events'), true)
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('budget_amount', t.money, (c) => c.notNull().defaultTo(0))
    .addColumn('start_date', t.date)
    .execute();

  await common(db, db.schema.createTable('incomes'), true)
    .addColumn('budget_id', 'integer', (c) => c.notNull().references('budgets.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('amount', t.money, (c) => c.notNull())
    .addColumn('bank_account_id', 'integer', (c) => c.references('bank_accounts.id'))
    .addColumn('comment', 'text')
    .execute();
  await db.schema.createIndex('incomes_budget').on('incomes').column('budget_id').execute();

  await common(db, db.schema.createTable('allocations'), true)
    .addColumn('budget_id', 'integer', (c) => c.notNull().references('budgets.id').onDelete('cascade'))
    .addColumn('allocation_category_id', 'integer', (c) => c.notNull().references('allocation_categories.id'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('amount', t.money, (c) => c.notNull())
    .addColumn('allocation_class', 'varchar(10)', (c) =>
      c.notNull().defaultTo('want').check(oneOf('allocation_class', ['need', 'want', 'savings'])),
    )
    .addColumn('is_fixed_amount', 'integer', (c) => flag(c, 'is_fixed_amount', 0))
    .addColumn('comment', 'text')
    .addColumn('special_event_id', 'integer', (c) => c.references('special_events.id'))
    .execute();
  await db.schema.createIndex('allocations_budget').on('allocations').column('budget_id').execute();
  await db.schema.createIndex('allocations_category').on('allocations').column('allocation_category_id').execute();

  await common(db, db.schema.createTable('sink_fund_allocations'), true)
    .addColumn('bank_account_id', 'integer', (c) => c.notNull().references('bank_accounts.id'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('amount', t.money, (c) => c.notNull().defaultTo(0))
    .addColumn('comment', 'text')
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('open').check(oneOf('status', ['open', 'closed'])))
    .execute();
  await db.schema.createIndex('sink_fund_allocations_account').on('sink_fund_allocations').column('bank_account_id').execute();

  await common(db, db.schema.createTable('transactions'), true)
    .addColumn('bank_account_id', 'integer', (c) => c.notNull().references('bank_accounts.id'))
    .addColumn('transaction_date', t.date, (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('withdrawal_amount', t.money, (c) => c.notNull().defaultTo(0))
    .addColumn('deposit_amount', t.money, (c) => c.notNull().defaultTo(0))
    .addColumn('allocation_id', 'integer', (c) => c.references('allocations.id'))
    .addColumn('sink_fund_allocation_id', 'integer', (c) => c.references('sink_fund_allocations.id'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('paid').check(oneOf('status', ['paid', 'unpaid'])))
    .addColumn('brought_forward_status', 'varchar(20)', (c) =>
      c.check(sql.raw(`brought_forward_status is null or brought_forward_status in ('brought_forward', 'added', 'adjustment')`)),
    )
    .addColumn('bank_ref', 'varchar(200)', (c) => c.notNull())
    .addColumn('is_manual_adjustment', 'integer', (c) => flag(c, 'is_manual_adjustment', 0))
    .addUniqueConstraint('transactions_account_bank_ref_unique', ['bank_account_id', 'bank_ref'])
    .addCheckConstraint('transactions_one_target', sql`allocation_id is null or sink_fund_allocation_id is null`)
    .execute();
  await db.schema.createIndex('transactions_account_date').on('transactions').columns(['bank_account_id', 'transaction_date']).execute();
  await db.schema.createIndex('transactions_allocation').on('transactions').column('allocation_id').execute();
  await db.schema.createIndex('transactions_sink_fund_allocation').on('transactions').column('sink_fund_allocation_id').execute();
  await db.schema.createIndex('transactions_household_date').on('transactions').columns(['household_id', 'transaction_date']).execute();

  await common(db, db.schema.createTable('settings'), true)
    .addColumn('family_type', 'varchar(10)', (c) =>
      c.notNull().defaultTo('couple').check(oneOf('family_type', ['single', 'couple'])),
    )
    .addColumn('husband', 'varchar(200)', (c) => c.notNull().defaultTo('Husband'))
    .addColumn('wife', 'varchar(200)', (c) => c.notNull().defaultTo('Wife'))
    .addColumn('single_person', 'varchar(200)', (c) => c.notNull().defaultTo('Me'))
    .addColumn('primary_budget_account_id', 'integer', (c) => c.references('bank_accounts.id'))
    .addColumn('default_allocation_category_id_for_special_events', 'integer', (c) =>
      c.references('allocation_categories.id'),
    )
    .addColumn('lock_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('settings_household_unique', ['household_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'settings',
    'transactions',
    'sink_fund_allocations',
    'allocations',
    'incomes',
    'special_events',
    'bank_accounts',
    'allocation_categories',
    'institutions',
    'budgets',
    'login_attempts',
    'sessions',
    'users',
    'households',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
