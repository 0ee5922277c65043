import { parseArgs } from 'node:util';
import { today } from '../src/shared/dates';
import { loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { refreshStatistics } from './db/statistics';
import { HttpError } from './errors';
import { seedDemoHousehold } from './demo/seed';
import { addUser } from './services/households';
import { backupDatabase, restoreDatabase } from './services/householdData/backups';
import { exportToFile, importFromFile } from './services/householdData/files';
import { checkStoredSums, describeSumChecks, rebuildStoredSums } from './services/storedSums';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  user:add --household "<name>" --email <email> --password <password> [--name <name>]
      Adds a user; creates the household when none of that name exists yet.
  demo --email <email> --password <password> [--household <name>] [--allocations N] [--window-transactions N]
      Creates a demo household with about a year of budgets, accounts and transactions.

  export <file> [--household <name>]
      Writes the household's export (JSON) to <file>; --household is needed when the database holds several.
  import <file> --household <name>
      Imports an export into that household, which must exist (user:add creates it) and be empty.
  backup <file>
      A consistent copy of the SQLite database, safe while the server runs (PostgreSQL: pg_dump, see README).
  restore <file>
      Checks <file> (an EveryCent database, intact, not newer than this version), keeps the current database
      beside itself, then replaces it with <file>. Stop the server first.
  totals:check [--rebuild]
      Compares every sum the database keeps (balances' totals, allocations' spent, accounts' nets per day and
      month, households' row counts) with the transactions; exit code 1 when one differs. --rebuild rebuilds
      those that differ from the transactions.

The database is the server's: DATABASE_URL (default ./data/everycent.db). Migrations run first.`;

/** A mistake in how the command was called: printed with the usage, exit code 2. */
class UsageError extends Error {}

/** A command that ran and found something wrong: its report, exit code 1. */
class CommandFailed extends Error {}

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
}

function count(values: Record<string, string | boolean | undefined>, name: string): number | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number`);
  return Number(value);
}

type Command = (values: Record<string, string | boolean | undefined>, databaseUrl: string | undefined, timeZone: string, file: string) => Promise<string>;

async function withDatabase<T>(databaseUrl: string | undefined, work: (db: ReturnType<typeof connectDatabase>['db']) => Promise<T>): Promise<T> {
  const database = connectDatabase(databaseUrl);
  try {
    await migrateToLatest(database.db);
    return await work(database.db);
  } finally {
    await database.destroy();
  }
}

/** Commands that take a file name after their own name. */
const FILE_COMMANDS = new Set(['export', 'import', 'backup', 'restore']);

const commands: Record<string, { options: Record<string, { type: 'string' | 'boolean' }>; run: Command }> = {
  'user:add': {
    options: { household: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    run: async (values, databaseUrl) => {
      const input = {
        householdName: required(values, 'household'),
        email: required(values, 'email'),
        password: required(values, 'password'),
        name: typeof values.name === 'string' ? values.name : undefined,
      };
      const { userId, householdId } = await withDatabase(databaseUrl, (db) => addUser(db, input));
      return `Added user ${input.email.trim().toLowerCase()} (id ${userId}) to household "${input.householdName.trim()}" (id ${householdId}).`;
    },
  },
  demo: {
    options: {
      household: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      allocations: { type: 'string' },
      'window-transactions': { type: 'string' },
    },
    run: async (values, databaseUrl, timeZone) => {
      const options = {
        householdName: typeof values.household === 'string' ? values.household : 'Demo Household',
        email: required(values, 'email'),
        password: required(values, 'password'),
        allocationsPerBudget: count(values, 'allocations'),
        windowTransactions: count(values, 'window-transactions'),
        today: today(timeZone),
      };
      const started = Date.now();
      const demo = await withDatabase(databaseUrl, (db) => seedDemoHousehold(db, options));
      return [
        `Created demo household "${options.householdName}" (id ${demo.householdId}) in ${Date.now() - started} ms:`,
        `  ${demo.budgetIds.length} budgets (${demo.closedBudgetIds.length} closed, current id ${demo.currentBudgetId}), ` +
          `${demo.allocationCategoryIds.length} categories, 4 accounts, ${demo.transactionCount} transactions.`,
        `  Sign in as ${options.email.trim().toLowerCase()}.`,
      ].join('\n');
    },
  },
  export: {
    options: { household: { type: 'string' } },
    run: async (values, databaseUrl, _timeZone, file) => {
      const household = typeof values.household === 'string' ? values.household : undefined;
      const written = await withDatabase(databaseUrl, (db) => exportToFile(db, file, household));
      return `Exported household "${written.household}" to ${file} (${written.transactions} transactions).`;
    },
  },
  import: {
    options: { household: { type: 'string' } },
    run: async (values, databaseUrl, _timeZone, file) => {
      const household = required(values, 'household');
      const imported = await withDatabase(databaseUrl, async (db) => {
        const result = await importFromFile(db, file, household);
        await refreshStatistics(db, { everyTable: true });
        return result;
      });
      const { budgets, bank_accounts, transactions } = imported.imported;
      const people = imported.not_added.length === 0 ? '' : ` Not members here (add them with user:add): ${imported.not_added.map((p) => `${p.name} <${p.email}>`).join(', ')}.`;
      return `Imported ${file} into household "${household}": ${budgets} budgets, ${bank_accounts} accounts, ${transactions} transactions.${people}`;
    },
  },
  backup: {
    options: {},
    run: async (_values, databaseUrl, _timeZone, file) => {
      const { pages } = await backupDatabase(databaseUrl, file);
      return `Backed up the database to ${file} (${pages} pages).`;
    },
  },
  'totals:check': {
    options: { rebuild: { type: 'boolean' } },
    run: async (values, databaseUrl) => {
      const rebuild = values.rebuild === true;
      const checks = await withDatabase(databaseUrl, (db) => (rebuild ? rebuildStoredSums(db) : checkStoredSums(db)));
      const report = describeSumChecks(checks, rebuild);
      if (!rebuild && checks.some((check) => check.differences.length > 0)) throw new CommandFailed(report);
      return report;
    },
  },
  restore: {
    options: {},
    run: async (_values, databaseUrl, _timeZone, file) => {
      const { keptAs } = await restoreDatabase(databaseUrl, file);
      return `Restored the database from ${file}.${keptAs ? ` The database as it was is kept at ${keptAs}.` : ''}`;
    },
  },
};

export async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; output: string }> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help') return { code: name ? 0 : 2, output: USAGE };
  const command = commands[name];
  if (!command) return { code: 2, output: `Unknown command "${name}".\n\n${USAGE}` };
  let values: Record<string, string | boolean | undefined>;
  let file = '';
  try {
    const parsed = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: FILE_COMMANDS.has(name) });
    values = parsed.values;
    if (FILE_COMMANDS.has(name)) {
      if (parsed.positionals.length !== 1) throw new UsageError(`${name} needs exactly one file name`);
      file = parsed.positionals[0];
    }
  } catch (error) {
    return { code: 2, output: `${(error as Error).message}\n\n${USAGE}` };
  }
  try {
    const config = loadConfig(env);
    return { code: 0, output: await command.run(values, config.databaseUrl, config.timeZone, file) };
  } catch (error) {
    if (error instanceof UsageError) return { code: 2, output: `${error.message}\n\n${USAGE}` };
    if (error instanceof CommandFailed) return { code: 1, output: error.message };
    if (error instanceof HttpError) return { code: 1, output: `Error: ${error.errors.join('; ')}` };
    throw error;
  }
}

if (require.main === module) {
  runCli(process.argv.slice(2)).then(
    ({ code, output }) => {
      (code === 0 ? console.log : console.error)(output);
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
