import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * The one place that asks which database is behind a connection. Everything else is the same SQL on both;
 * callers branch only where the databases truly differ (row locks, casts in VALUES lists, DDL).
 */
// Migrations pass their loosely typed Kysely<any>; the question does not depend on the schema.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
