import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { isPostgresUrl, sqliteFileOf } from '../../db/connect';
import { MIGRATIONS } from '../../db/migrate';
import { unprocessable } from '../../errors';

const POSTGRES_BACKUP_MESSAGE = 'This database is PostgreSQL: back it up with pg_dump and restore it with pg_restore (README, "Backups").';

function liveFile(databaseUrl: string | undefined): string {
  if (isPostgresUrl(databaseUrl)) throw unprocessable(POSTGRES_BACKUP_MESSAGE);
  const file = sqliteFileOf(databaseUrl);
  if (file === ':memory:') throw unprocessable('An in-memory database has nothing to back up.');
  return file;
}

/** sqlite3_backup_step's largest page count: every remaining page at once. */
const ALL_PAGES = 0x7fffffff;

const sameFile = (a: string, b: string) => path.resolve(a) === path.resolve(b);

/**
 * A consistent copy of the live SQLite database with SQLite's online backup. All pages go in one step, which
 * reads under one read transaction: the server keeps serving (WAL lets writers go on), and the copy is one
 * moment's state. Copied a few pages at a time, a backup starts over whenever another connection writes, and
 * under a steady stream of writes it would never finish.
 */
export async function backupDatabase(databaseUrl: string | undefined, destination: string): Promise<{ pages: number }> {
  const file = liveFile(databaseUrl);
  if (!fs.existsSync(file)) throw unprocessable(`There is no database at ${file} to back up.`);
  if (sameFile(file, destination)) throw unprocessable('The backup must go to another file than the database itself.');
  fs.mkdirSync(path.dirname(path.resolve(destination)), { recursive: true });
  const live = new SQLite(file, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    const { totalPages } = await live.backup(destination, { progress: () => ALL_PAGES });
    return { pages: totalPages };
  } finally {
    live.close();
  }
}

/** Why `file` cannot be restored, or null: an EveryCent database, intact, written by this version or an older one. */
export function backupProblem(file: string): string | null {
  if (!fs.existsSync(file)) return `There is no file at ${file}.`;
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch {
    return `${file} is not a SQLite database.`;
  }
  try {
    const tables = new Set((db.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>).map((t) => t.name));
    if (!tables.has('households') || !tables.has('kysely_migration')) return `${file} is not an EveryCent database.`;
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') return `${file} is damaged (integrity check: ${String(integrity)}).`;
    const applied = (db.prepare('select name from kysely_migration').all() as Array<{ name: string }>).map((m) => m.name);
    const unknown = applied.filter((name) => !(name in MIGRATIONS));
    if (unknown.length > 0) return `${file} was written by a newer EveryCent (migration ${unknown.join(', ')}): update EveryCent first.`;
    return null;
  } catch (error) {
    return `${file} is not a readable SQLite database (${(error as Error).message}).`;
  } finally {
    db.close();
  }
}

/**
 * Replaces the database with a checked backup, through the same online backup (page by page, under SQLite's
 * locks). The database as it was is first kept beside it, so a restore can itself be undone.
 */
export async function restoreDatabase(databaseUrl: string | undefined, backup: string): Promise<{ keptAs: string | null }> {
  const file = liveFile(databaseUrl);
  const problem = backupProblem(backup);
  if (problem) throw unprocessable(`Nothing was restored: ${problem}`);
  if (fs.existsSync(file) && sameFile(file, backup)) throw unprocessable('Nothing was restored: that file is the database itself.');
  let keptAs: string | null = null;
  if (fs.existsSync(file)) {
    keptAs = `${file}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await backupDatabase(databaseUrl, keptAs);
  } else {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  }
  const source = new SQLite(backup, { readonly: true, fileMustExist: true });
  try {
    await source.backup(file, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  return { keptAs };
}
