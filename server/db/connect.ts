import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type DialectAdapter,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;
const DATE_OID = 1082;
const TIMESTAMPTZ_OID = 1184;

const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    // Money is bigint cents and counts are bigint; PostgreSQL sums bigint into numeric. Every such value is a
    // whole number well inside Number.MAX_SAFE_INTEGER (the API refuses amounts beyond ±2^50, and a household's
    // sums stay far below 2^53), so both arrive as plain numbers and no query has to convert them.
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    // Date-only values stay strings: parsing them into Date objects is how a day shifts across time zones.
    if (oid === DATE_OID || oid === TIMESTAMPTZ_OID) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  },
};

/**
 * How many entries of each index SQLite's ANALYZE reads. Every household table's indexes lead with the
 * household: a sample smaller than a household tells the planner every household holds about that many rows.
 * At 1,000 (issue 35's value) a fifteen-year household of 69,000 rows was taken for 1,000, so the import's and the
 * delete's lookups of 500 ids or bank references scanned the household's every row instead of seeking them, and
 * an amount search read the household instead of the amount indexes (issue 49). Larger than any household, the
 * estimates are true; still a bound on a file of many households.
 */
const ANALYZED_INDEX_ENTRIES = 100_000;

/** The SQLite file a DATABASE_URL names (absent: ./data/everycent.db); meaningless for a PostgreSQL URL. */
export function sqliteFileOf(url: string | undefined): string {
  return url ? url.replace(/^sqlite:(\/\/)?/, '') : path.join('data', 'everycent.db');
}

export const isPostgresUrl = (url: string | undefined): boolean => Boolean(url && /^postgres(ql)?:\/\//.test(url));

/** DATABASE_URL: absent → ./data/everycent.db; `sqlite:<path>` → that file; `postgres://…` → PostgreSQL. */
export function connectDatabase(url: string | undefined): DatabaseHandle {
  if (isPostgresUrl(url)) {
    // random_page_cost: PostgreSQL's default (4) prices a random read as a spinning disk's, so its planner read
    // every row of a household rather than seek the trigram and household indexes (search over fifteen years: 18
    // ms by scan, 6 ms by the index, docs/performance-scale.md). 1.1 is the value PostgreSQL's documentation
    // suggests for SSDs. `options=` in DATABASE_URL takes precedence, for a server that tunes it itself.
    const pool = new pg.Pool({ connectionString: url, max: 10, types: pgTypes, options: '-c random_page_cost=1.1' });
    // An idle connection that the server drops (restart, failover, a dropped database) is discarded by the
    // pool and the next query opens a fresh one; without a listener that event would crash the process.
    pool.on('error', () => undefined);
    pool.on('connect', prepareNamedStatements);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  const file = sqliteFileOf(url);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Planner statistics from the start (statistics.ts): analyze what was never analyzed, a bounded sample each.
  sqlite.pragma(`analysis_limit = ${ANALYZED_INDEX_ENTRIES}`);
  sqlite.pragma('optimize = 0x10002');
  cachePreparedStatements(sqlite);
  const db = new Kysely<Database>({ dialect: new EveryCentSqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

/**
 * Write transactions take SQLite's write lock when they begin (`begin immediate`): a transaction that reads
 * first and writes later would otherwise fail at once with "database is locked" when another process wrote in
 * between, instead of waiting its turn within the busy timeout. SQLite runs DDL in transactions too, so each
 * migration (with its bookkeeping row) commits whole or not at all.
 */
class EveryCentSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

const namedStatements = new Map<string, string>();

/**
 * Marks a SQL text that runs on nearly every request (the session lookup): PostgreSQL prepares it once per
 * connection, by name, and then skips parsing and planning it, which triples how many it answers per second.
 * Only fixed texts belong here: a text with a varying `in (...)` list would prepare a new statement per length.
 * SQLite keeps every recent statement prepared already (below).
 */
export function keepPrepared(text: string): void {
  if (!namedStatements.has(text)) namedStatements.set(text, `everycent_${namedStatements.size + 1}`);
}

type Query = (config: unknown, values?: unknown) => Promise<unknown>;

function prepareNamedStatements(client: pg.PoolClient): void {
  // pg's query() has many overloads; kysely only ever calls query(text, values).
  const query = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (config, values) => {
    const name = typeof config === 'string' ? namedStatements.get(config) : undefined;
    return name ? query({ name, text: config, values }) : query(config, values);
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * The statements worth keeping: the app's own queries (the longest is under 3,000 characters) with a few
 * parameters. A write of hundreds of rows or a lookup of hundreds of ids is one statement per row count, rarely
 * repeated, and a prepared statement of 500 rows holds about half a megabyte of SQLite's memory: kept 500 at a
 * time, they grew the server's memory by hundreds of megabytes (issue 49). Preparing one is small beside
 * writing its rows.
 */
const worthKeeping = (source: string) => source.length <= 4_000 && (source.match(/\?/g)?.length ?? 0) <= 64;

/**
 * Kysely prepares every query anew; on SQLite preparing costs about as much as running a small query, so
 * statements are kept by their SQL text (least recently used dropped first). Safe because the app never
 * streams results: a statement is finished before the next use of the same text.
 */
function cachePreparedStatements(sqlite: SQLite.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (statement) {
      cache.delete(source);
    } else {
      statement = prepare(source);
      if (!worthKeeping(source)) return statement;
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    }
    cache.set(source, statement);
    return statement;
  }) as typeof sqlite.prepare;
}
