import { sql } from 'kysely';
import { isPostgres } from './dialect';
import type { HouseholdTable } from './schema';
import type { HouseholdScope } from './scope';

/**
 * `count` new ids of `table`, ascending, that no other row has or will be given: rows written with them in a
 * multi-row insert are known by id before the insert runs, where `RETURNING` promises no order (neither
 * PostgreSQL nor SQLite documents that its rows follow the VALUES list). PostgreSQL hands them out from the
 * table's own sequence, and `nextval` never gives a number twice, whatever other sessions do. SQLite takes the
 * ids after the largest ever used (AUTOINCREMENT's own rule: `sqlite_sequence` or the largest id): its write
 * transactions hold the write lock from `begin immediate` (connect.ts) to commit, so nothing else can take them
 * before these rows are written, and writing them moves `sqlite_sequence` past them.
 */
export async function reserveIds(scope: HouseholdScope, table: HouseholdTable, count: number): Promise<number[]> {
  if (!scope.db.isTransaction) throw new Error(`ids of ${table} are reserved only inside the transaction that writes them`);
  if (count === 0) return [];
  if (isPostgres(scope.db)) {
    const { rows } = await sql<{ id: number }>`
      select nextval(pg_get_serial_sequence(${table}, 'id')) as id from generate_series(1, cast(${count} as integer))`.execute(scope.db);
    return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  }
  const { rows } = await sql<{ last: number }>`
    select max(coalesce((select seq from sqlite_sequence where name = ${table}), 0), coalesce((select max(id) from ${sql.table(table)}), 0)) as last`.execute(scope.db);
  const last = Number(rows[0].last);
  return Array.from({ length: count }, (_, i) => last + 1 + i);
}
