/**
 * A server start that dies: migrates the SQLite file given as argv[2] and kills itself with SIGKILL right after
 * the statement numbered argv[3] (no cleanup, no rollback, as a crash or kill -9). With a number beyond the last
 * statement it finishes and prints how many statements the migrations ran.
 */
import SQLite from 'better-sqlite3';
import { connectDatabase } from '../../../server/db/connect';
import { migrateToLatest } from '../../../server/db/migrate';

const [file, killAfterText] = process.argv.slice(2);
const killAfter = Number(killAfterText);
let executed = 0;

const prepare = SQLite.prototype.prepare;
SQLite.prototype.prepare = function countingPrepare(this: SQLite.Database, source: string) {
  const statement = prepare.call(this, source) as SQLite.Statement;
  for (const method of ['run', 'all', 'get'] as const) {
    const original = statement[method].bind(statement) as (...args: unknown[]) => unknown;
    (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const result = original(...args);
      executed += 1;
      if (executed === killAfter) process.kill(process.pid, 'SIGKILL');
      return result;
    };
  }
  return statement;
} as typeof SQLite.prototype.prepare;

const database = connectDatabase(`sqlite:${file}`);
migrateToLatest(database.db)
  .then(() => database.destroy())
  .then(() => console.log(JSON.stringify({ executed })))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
