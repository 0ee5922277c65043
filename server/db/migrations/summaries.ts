import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect';

// Migrations are typed loosely on purpose: an old migration must keep compiling when the Database type moves on.
/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyDb = Kysely<any>;

/** A sum over `transactions` kept by triggers, so every write path moves it in the same transaction as the rows. */
export interface Summary {
  table: string;
  keys: Array<{ name: string; type: 'integer' | 'date'; of: string }>;
  value: { name: string; of: string };
  /** Which rows count, as a condition on one row's columns. */
  counts: string;
  /** The columns whose update can move the sum. */
  moves: string[];
}

const TRIGGERS = ['insert', 'update', 'delete'] as const;
const triggerName = (summary: Summary, event: (typeof TRIGGERS)[number]) => sql.id(`transactions_${event}_${summary.table}`);
const functionName = (summary: Summary, event: (typeof TRIGGERS)[number]) => sql.id(`sum_${summary.table}_${event}`);

/** `row.column` for each name in an expression over one row's columns. */
const ofRow = (expression: string, row: string) =>
  expression.replace(/\b(allocation_id|brought_forward_status|bank_account_id|transaction_date|deposit_amount|withdrawal_amount)\b/g, `${row}.$1`);

/** A table of sums over `transactions` and the triggers that keep it. */
export async function createSummary(db: AnyDb, s: Summary): Promise<void> {
  const keyNames = s.keys.map((k) => k.name).join(', ');
  const keyOf = s.keys.map((k) => `${k.of} as ${k.name}`).join(', ');
  let table = db.schema.createTable(s.table);
  for (const key of s.keys) table = table.addColumn(key.name, key.type, (c) => c.notNull());
  await table.addColumn(s.value.name, 'bigint', (c) => c.notNull()).addPrimaryKeyConstraint(`${s.table}_pk`, s.keys.map((k) => k.name) as any).execute();
  await sql
    .raw(`insert into ${s.table} (${keyNames}, ${s.value.name}) select ${keyOf}, sum(${s.value.of}) from transactions where ${s.counts} group by ${s.keys.map((k) => k.of).join(', ')}`)
    .execute(db);
  const upsert = `on conflict (${keyNames}) do update set ${s.value.name} = ${s.table}.${s.value.name} + excluded.${s.value.name}`;
  if (isPostgres(db)) {
    // One upsert per statement and key, not per row: an import of 2,000 rows is a handful of upserts.
    const rows = (from: string, sign: '+' | '-') => `select ${keyOf}, ${sign}(${s.value.of}) as change from ${from} where ${s.counts}`;
    const changes = { insert: rows('new_rows', '+'), delete: rows('old_rows', '-'), update: `${rows('new_rows', '+')} union all ${rows('old_rows', '-')}` };
    for (const event of TRIGGERS) {
      await sql`
        create function ${functionName(s, event)}() returns trigger language plpgsql as $$
        begin
          ${sql.raw(`insert into ${s.table} (${keyNames}, ${s.value.name})
          select ${keyNames}, sum(change) from (${changes[event]}) changed
          group by ${keyNames} having sum(change) <> 0 ${upsert};`)}
          return null;
        end
        $$`.execute(db);
      const referencing = { insert: 'new table as new_rows', delete: 'old table as old_rows', update: 'old table as old_rows new table as new_rows' }[event];
      await sql`
        create trigger ${triggerName(s, event)} after ${sql.raw(event)} on transactions referencing ${sql.raw(referencing)}
        for each statement execute function ${functionName(s, event)}()`.execute(db);
    }
    return;
  }
  // The WHERE also keeps SQLite's parser from reading the upsert's ON as a join's.
  const add = (row: 'new' | 'old', sign: '+' | '-') =>
    `insert into ${s.table} (${keyNames}, ${s.value.name})
      select ${s.keys.map((k) => ofRow(k.of, row)).join(', ')}, ${sign}(${ofRow(s.value.of, row)}) where ${ofRow(s.counts, row)} ${upsert};`;
  await sql.raw(`create trigger transactions_insert_${s.table} after insert on transactions begin ${add('new', '+')} end`).execute(db);
  await sql.raw(`create trigger transactions_delete_${s.table} after delete on transactions begin ${add('old', '-')} end`).execute(db);
  await sql
    .raw(`create trigger transactions_update_${s.table} after update of ${s.moves.join(', ')} on transactions begin ${add('old', '-')} ${add('new', '+')} end`)
    .execute(db);
}

export async function dropSummary(db: AnyDb, summary: Summary): Promise<void> {
  for (const event of TRIGGERS) {
    await sql`drop trigger ${triggerName(summary, event)}${isPostgres(db) ? sql` on transactions` : sql``}`.execute(db);
    if (isPostgres(db)) await sql`drop function ${functionName(summary, event)}()`.execute(db);
  }
  await db.schema.dropTable(summary.table).execute();
}

