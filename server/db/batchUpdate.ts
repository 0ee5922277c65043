import { sql } from 'kysely';
import { chunked } from './chunks';
import { isPostgres } from './dialect';
import type { HouseholdTable } from './schema';
import type { HouseholdScope } from './scope';

/** The PostgreSQL type of each column an update writes: it cannot infer the type of a parameter inside VALUES. */
export type ColumnTypes<C extends string> = Record<C, 'date' | 'varchar' | 'bigint' | 'integer'>;

/**
 * Sets `columns` of many rows of one household table, each to its own values, in one statement per
 * ROWS_PER_STATEMENT rows (`with v(...) as (values ...) update ... from v`): linear, where a
 * `case id when ...` per column is quadratic, and never a statement per row. Every row gives every column.
 * PostgreSQL needs the values cast inside VALUES; SQLite must not cast them (its CAST to "date" makes a number).
 */
export async function updateRows<C extends string>(
  scope: HouseholdScope,
  table: HouseholdTable,
  columns: ColumnTypes<C>,
  rows: ReadonlyArray<{ id: number; values: Record<C, unknown> }>,
): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns) as C[];
  const pg = isPostgres(scope.db);
  const typed = (value: unknown, type: string) => (pg ? sql`cast(${value} as ${sql.raw(type)})` : sql`${value}`);
  const columnList = sql.join(names.map((column) => sql.ref(column)));
  const assignments = sql.join(names.map((column) => sql`${sql.ref(column)} = v.${sql.ref(column)}`));
  for (const part of chunked(rows)) {
    const values = sql.join(
      part.map((row) => sql`(${sql.join([typed(row.id, 'integer'), ...names.map((column) => typed(row.values[column], columns[column]))])})`),
    );
    await sql`
      with v (id, ${columnList}) as (values ${values})
      update ${sql.table(table)} set ${assignments}, updated_at = CURRENT_TIMESTAMP
      from v
      where ${sql.ref(`${table}.id`)} = v.id and ${sql.ref(`${table}.household_id`)} = ${scope.householdId}`.execute(scope.db);
  }
}
