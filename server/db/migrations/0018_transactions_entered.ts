import { type Kysely, sql } from 'kysely';

// Migrations are typed loosely on purpose: an old migration must keep compiling when the Database type moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

/**
 * Home's "Last transaction entered" is the time a person last entered a transaction (its `created_at`), not the
 * latest date of any row: a close writes carried-forward rows dated the next month's first day (issue 41). The
 * household's newest entry is read through this index.
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`create index transactions_household_entered on transactions (household_id, created_at)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index transactions_household_entered`.execute(db);
}
