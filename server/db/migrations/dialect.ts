import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * The migrations' own copy of `server/db/dialect.ts`'s question, so that a migration, once released, never
 * changes with the application's code: migrations import only kysely and the helpers of this folder.
 */
// Migrations work on a loosely typed Kysely<any>; the question does not depend on the schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
