/**
 * Household import benchmark: how long does importing an export take, for the demo household and for fifteen years?
 *
 * Seeds a household with the app's demo seeder (`seedDemoHousehold`: 12 past budgets, then 180), exports it
 * through the app's own export service, and times `importHousehold` (what `POST /household/import`, the CLI and
 * Settings › Your data run) into a fresh, empty household. The export goes through JSON text first, as a file
 * does. Each import is checked: the fresh household's own export holds as many rows of each kind.
 *
 *   npx tsx scripts/bench-household-import.ts                                       SQLite, a fresh file in the temp folder
 *   npx tsx scripts/bench-household-import.ts --database-url postgres://…/scratch   PostgreSQL (a scratch database: it is filled)
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { today as todayIn } from '../src/shared/dates';
import type { HouseholdExport } from '../src/shared/schemas/householdData';
import { connectDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { HouseholdScope } from '../server/db/scope';
import { seedDemoHousehold } from '../server/demo/seed';
import { exportHousehold } from '../server/services/householdData/exportHousehold';
import { importHousehold } from '../server/services/householdData/importHousehold';
import { exportRowsOf } from '../server/services/householdData/checkExport';
import { insertUser, prepareUser } from '../server/services/households';

const SIZES: Array<{ label: string; pastBudgets: number }> = [
  { label: 'demo (1 year)', pastBudgets: 12 },
  { label: '15 years', pastBudgets: 180 },
];
const PASSWORD = 'benchmark password';

const option = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};

/** Rows of each kind in an export, as the import counts them. */
const countsOf = (data: HouseholdExport) => ({
  allocation_categories: data.allocation_categories.length,
  institutions: data.institutions.length,
  bank_accounts: data.bank_accounts.length,
  special_events: data.special_events.length,
  budgets: data.budgets.length,
  incomes: data.budgets.reduce((sum, b) => sum + b.incomes.length, 0),
  allocations: data.budgets.reduce((sum, b) => sum + b.allocations.length, 0),
  sink_fund_allocations: data.sink_fund_allocations.length,
  transactions: data.transactions.length,
  activities: data.activities.length,
});

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const given = option('database-url') ?? process.env.DATABASE_URL;
  const file = path.join(os.tmpdir(), `everycent-import-${randomBytes(4).toString('hex')}.db`);
  const databaseUrl = given || `sqlite:${file}`;
  const label = given ? 'PostgreSQL' : 'SQLite';
  const database = connectDatabase(databaseUrl);
  const db = database.db;
  await migrateToLatest(db);
  const today = todayIn('UTC');
  const tag = randomBytes(3).toString('hex');
  try {
    for (const size of SIZES) {
      const seedStarted = performance.now();
      const demo = await seedDemoHousehold(db, {
        householdName: `Import bench ${size.label} ${tag}`,
        email: `import-${size.pastBudgets}-${tag}@example.com`,
        password: PASSWORD,
        today,
        pastBudgets: size.pastBudgets,
      });
      const seeded = performance.now() - seedStarted;
      const exported = JSON.parse(JSON.stringify(await exportHousehold(new HouseholdScope(db, demo.householdId)))) as HouseholdExport;

      const newcomer = await prepareUser({ householdName: `Imported ${size.label} ${tag}`, email: `imported-${size.pastBudgets}-${tag}@example.com`, password: PASSWORD });
      const { householdId } = await db.transaction().execute((trx) => insertUser(trx, newcomer, { newHousehold: true }));
      const started = performance.now();
      const { imported } = await importHousehold(new HouseholdScope(db, householdId), exportRowsOf(exported));
      const took = performance.now() - started;

      const expected = countsOf(exported);
      const again = countsOf(await exportHousehold(new HouseholdScope(db, householdId)));
      if (JSON.stringify(imported) !== JSON.stringify(expected) || JSON.stringify(again) !== JSON.stringify(expected)) {
        throw new Error(`the import of ${size.label} does not hold what was exported: ${JSON.stringify({ expected, imported, again })}`);
      }
      const rows = Object.values(expected).reduce((sum, n) => sum + n, 0);
      console.log(
        `${label}: ${size.label}: seeded in ${seconds(seeded)}; import of ${rows.toLocaleString('en-US')} rows ` +
          `(${expected.transactions.toLocaleString('en-US')} transactions, ${expected.allocations.toLocaleString('en-US')} allocations, ` +
          `${expected.budgets} budgets, ${expected.activities} activities) took ${seconds(took)}`,
      );
    }
  } finally {
    await database.destroy();
    if (!given) rmSync(file, { force: true });
    if (!given) rmSync(`${file}-wal`, { force: true });
    if (!given) rmSync(`${file}-shm`, { force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
