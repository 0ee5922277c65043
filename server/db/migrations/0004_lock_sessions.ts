import type { Kysely } from 'kysely';

// Migrations are typed loosely on purpose: an old migration must keep compiling when the Database type moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

/**
 * Who moved each lock version last, and since which version only that session has: a save whose version is
 * stale only because of the same session's own later saves is not a conflict (api-and-domain §0).
 * No foreign key to sessions: ids are never reused (AUTOINCREMENT, serial), so a signed-out session simply
 * matches nobody, and signing out does not rewrite the household's rows.
 */
const VERSIONED = [
  { table: 'budgets', prefix: 'lock' },
  { table: 'settings', prefix: 'lock' },
  { table: 'bank_accounts', prefix: 'window_lock' },
];

export async function up(db: AnyDb): Promise<void> {
  for (const { table, prefix } of VERSIONED) {
    await db.schema.alterTable(table).addColumn(`${prefix}_session_id`, 'integer').execute();
    await db.schema.alterTable(table).addColumn(`${prefix}_since_version`, 'integer', (c) => c.notNull().defaultTo(0)).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const { table, prefix } of VERSIONED) {
    await db.schema.alterTable(table).dropColumn(`${prefix}_since_version`).execute();
    await db.schema.alterTable(table).dropColumn(`${prefix}_session_id`).execute();
  }
}
