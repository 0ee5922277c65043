import { type Kysely, sql } from 'kysely';

// Migrations are typed loosely on purpose: an old migration must keep compiling when the Database type moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

/**
 * An email is unique within a household, no longer across households (issue 40): adding a member whose email
 * another household uses must answer exactly as for a new email, or the members form tells an owner who has an
 * account elsewhere. Sign-in finds the account by email and password together. The lookup by email keeps an
 * index of its own.
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`drop index users_email_unique`.execute(db);
  await sql`create index users_email on users (lower(email))`.execute(db);
  await sql`create unique index users_household_email_unique on users (household_id, lower(email))`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index users_household_email_unique`.execute(db);
  await sql`drop index users_email`.execute(db);
  await sql`create unique index users_email_unique on users (lower(email))`.execute(db);
}
