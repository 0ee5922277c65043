/**
 * How well suggested allocations match what a person chose: on the demo household, each of the last months'
 * allocated transactions is replayed as an import against the months before it (never its own), and the
 * suggestion is compared with the allocation the person gave it. Also times one suggestion request for 500 rows.
 *
 *   npm run bench:suggestions
 */
import { performance } from 'node:perf_hooks';
import { connectDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { HouseholdScope } from '../server/db/scope';
import { seedDemoHousehold } from '../server/demo/seed';
import { countsAsSpendingSql } from '../server/services/spending';
import { suggestAllocations } from '../server/services/transactions/suggestions';

const REPLAYED_MONTHS = 6;

async function main() {
  const database = connectDatabase('sqlite::memory:');
  await migrateToLatest(database.db);
  const demo = await seedDemoHousehold(database.db, { householdName: 'Suggestions', email: 'suggest@example.com', password: 'suggestions password' });
  const scope = new HouseholdScope(database.db, demo.householdId);
  const budgets = await scope.selectFrom('budgets').selectAll().orderBy('start_date').execute();
  const replayed = budgets.slice(-REPLAYED_MONTHS - 2, -2);

  let right = 0;
  let wrong = 0;
  let none = 0;
  for (const budget of replayed) {
    const rows = await scope
      .selectFrom('transactions')
      .innerJoin('allocations', 'allocations.id', 'transactions.allocation_id')
      .select(['transactions.description', 'transactions.allocation_id'])
      .where('allocations.budget_id', '=', budget.id)
      .where(countsAsSpendingSql('transactions.brought_forward_status'))
      .execute();
    const suggestions = await suggestAllocations(scope, budget, rows.map((row) => row.description), { earlierOnly: true });
    suggestions.forEach((suggestion, index) => {
      if (suggestion.allocation_id === null) none++;
      else if (suggestion.allocation_id === rows[index].allocation_id) right++;
      else wrong++;
    });
  }
  const total = right + wrong + none;
  const percent = (n: number) => `${((n / total) * 100).toFixed(1)} %`;
  console.log(`\nReplaying ${REPLAYED_MONTHS} months of the demo household (${total} allocated rows), each against the months before it:`);
  console.log(`  the allocation the person chose: ${right} (${percent(right)})`);
  console.log(`  another allocation:              ${wrong} (${percent(wrong)})`);
  console.log(`  no suggestion:                   ${none} (${percent(none)})`);

  const current = budgets[budgets.length - 3];
  const descriptions = Array.from({ length: 500 }, (_, i) => `Imported row ${i} ${['TESCO STORES', 'Shell Garage', 'AMAZON', 'Corner cafe'][i % 4]}`);
  const times: number[] = [];
  for (let run = 0; run < 20; run++) {
    const started = performance.now();
    await suggestAllocations(scope, current, descriptions);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`  500 rows suggested in ${times[10].toFixed(1)} ms (median of 20, SQLite, in process)\n`);
  await database.destroy();
}

void main();
