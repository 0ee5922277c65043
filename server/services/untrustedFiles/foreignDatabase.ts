import SQLite from 'better-sqlite3';
import type { HttpError } from '../../errors';

/** How a column is read: text (checked to be UTF-8), or the stored value as it is (a number, null...). */
export type ColumnKind = 'text' | 'value';
export type Cell = string | number | bigint | Buffer | null;

const SQLITE_HEADER = 'SQLite format 3\u0000';
const utf8 = new TextDecoder('utf-8', { fatal: true });
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Another program's SQLite database, from its bytes. It is opened read-only in memory with `trusted_schema` off
 * (and better-sqlite3's defensive mode), and read only through `rows`: real tables (never a view or a virtual
 * table) and the columns named, each of them stored (never a generated column). So nothing the file's author
 * wrote as SQL is ever run: the work of reading it is the size of its data, which the zip's limits bound.
 */
export class ForeignDatabase {
  private constructor(
    private readonly db: SQLite.Database,
    private readonly refuse: (why: string) => HttpError,
  ) {}

  /** The database in `bytes`, or null when they are not an SQLite database; `refuse` words every refusal. */
  static open(bytes: Buffer, refuse: (why: string) => HttpError): ForeignDatabase | null {
    if (bytes.subarray(0, 16).toString('latin1') !== SQLITE_HEADER) return null;
    let db: SQLite.Database;
    try {
      db = new SQLite(bytes, { readonly: true });
    } catch {
      return null;
    }
    db.pragma('trusted_schema = OFF');
    db.pragma('cell_size_check = ON');
    return new ForeignDatabase(db, refuse);
  }

  /** Its real tables (not views, not virtual tables). */
  tables(): Set<string> {
    const rows = this.db.prepare("select name, sql from sqlite_schema where type = 'table'").raw().all() as Array<[string, string | null]>;
    return new Set(rows.filter(([, text]) => !/^\s*create\s+virtual\b/i.test(text ?? '')).map(([name]) => name));
  }

  /** The table's stored columns (generated ones are left out: they would be computed when read). */
  columns(table: string): Set<string> {
    const rows = this.db.prepare(`pragma table_xinfo(${quoted(table)})`).all() as Array<{ name: string; hidden: number }>;
    return new Set(rows.filter((column) => column.hidden === 0).map((column) => column.name));
  }

  count(table: string): number {
    this.refuseUnlessTable(table);
    return Number((this.db.prepare(`select count(*) from ${quoted(table)}`).raw().get() as [number])[0]);
  }

  /**
   * Every row of a real table, only the columns named, each as its kind says, in no particular order. The
   * `needed` columns must be stored columns of the table; the `optional` ones are read when they are.
   */
  rows<C extends string, O extends string = never>(
    table: string,
    needed: Record<C, ColumnKind>,
    optional = {} as Record<O, ColumnKind>,
  ): Array<Record<C, Cell> & Partial<Record<O, Cell>>> {
    this.refuseUnlessTable(table);
    const stored = this.columns(table);
    const computed = Object.keys(needed).filter((name) => !stored.has(name));
    if (computed.length > 0) throw this.refuse(`its table ${table} has no stored column ${computed.join(', ')}`);
    const kinds: Array<[string, ColumnKind]> = [...Object.entries<ColumnKind>(needed), ...Object.entries<ColumnKind>(optional).filter(([name]) => stored.has(name))];
    const list = kinds.map(([name, kind]) => (kind === 'text' ? `cast(${quoted(name)} as blob)` : quoted(name))).join(', ');
    const found = this.db.prepare(`select ${list} from ${quoted(table)}`).raw().all() as Cell[][];
    return found.map((cells) => {
      const row: Record<string, Cell> = {};
      kinds.forEach(([name, kind], i) => {
        const cell = cells[i];
        row[name] = kind === 'text' && Buffer.isBuffer(cell) ? this.text(table, cell) : cell;
      });
      return row as Record<C, Cell> & Partial<Record<O, Cell>>;
    });
  }

  close(): void {
    this.db.close();
  }

  private text(table: string, bytes: Buffer): string {
    try {
      return utf8.decode(bytes);
    } catch {
      throw this.refuse(`its table ${table} holds text that is not UTF-8`);
    }
  }

  private refuseUnlessTable(table: string): void {
    if (!this.tables().has(table)) throw this.refuse(`it has no table ${table}`);
  }
}
