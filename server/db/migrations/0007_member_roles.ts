import { type Kysely, sql } from 'kysely';

// Migrations are typed loosely on purpose: an old migration must keep compiling when the Database type moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

/**
 * Roles (issue 27): owners add and remove members and change roles. A household's creator is its owner: for the
 * households that exist already, that is its first user.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('role', 'varchar(10)', (c) => c.notNull().defaultTo('member')).execute();
  await sql`
    update users set role = 'owner'
    where id in (select min(earliest.id) from users earliest group by earliest.household_id)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('role').execute();
}
