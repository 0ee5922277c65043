/**
 * One of several processes writing to one SQLite file at once (argv: file, household id, writer name, count,
 * start time in epoch ms): each write is a transaction that reads, awaits, then writes, the pattern of every
 * service. All writers start at the same moment. Prints the failures.
 */
import { sql } from 'kysely';
import { connectDatabase } from '../../../server/db/connect';
import { HouseholdScope } from '../../../server/db/scope';

const [file, householdText, writer, countText, startText] = process.argv.slice(2);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const database = connectDatabase(`sqlite:${file}`);
  const scope = new HouseholdScope(database.db, Number(householdText));
  const failures: string[] = [];
  await pause(Math.max(0, Number(startText) - Date.now()));
  for (let i = 0; i < Number(countText); i++) {
    try {
      await scope.transaction(async (trx) => {
        const { n } = await trx.selectFrom('allocation_categories').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
        await pause(1);
        await trx.insertInto('allocation_categories').values({ household_id: trx.householdId, name: `${writer} ${i} after ${n}` }).execute();
      });
    } catch (error) {
      failures.push(String(error));
    }
  }
  await database.destroy();
  console.log(JSON.stringify({ failures }));
}

void main();
