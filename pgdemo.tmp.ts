import { scratchPostgres } from './test/support/testServer';
import { connectDatabase } from './server/db/connect';
import { migrateToLatest } from './server/db/migrate';
import { seedDemoHousehold } from './server/services/demo';
async function main() {
  const scratch = await scratchPostgres();
  const d = connectDatabase(scratch.url);
  try {
    await migrateToLatest(d.db);
    const t = Date.now();
    const b = await seedDemoHousehold(d.db, { householdName: 'Bench', email: 'b@example.com', password: 'demo password 1', allocationsPerBudget: 300, windowTransactions: 50000 });
    console.log('bench demo', Date.now() - t, 'ms', b.transactionCount, 'transactions');
  } finally { await d.destroy(); await scratch.drop(); }
}
main();
