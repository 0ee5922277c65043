import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HouseholdScope } from '../../db/scope';
import { unprocessable } from '../../errors';
import { householdExportOf } from './checkExport';
import { exportHousehold } from './exportHousehold';
import { importHousehold } from './importHousehold';

/** The household of that name; with no name, the only household there is. */
async function householdNamed(db: Kysely<Database>, name: string | undefined): Promise<{ id: number; name: string }> {
  const query = db.selectFrom('households').select(['id', 'name']).orderBy('id');
  const found = await (name === undefined ? query : query.where('name', '=', name.trim())).execute();
  if (found.length === 0) throw unprocessable(name === undefined ? 'There is no household yet.' : `There is no household named "${name.trim()}" (user:add creates it).`);
  if (found.length > 1 && name === undefined) throw unprocessable(`There are ${found.length} households: say which with --household "<name>".`);
  return found[0];
}

export async function exportToFile(db: Kysely<Database>, file: string, name: string | undefined) {
  const household = await householdNamed(db, name);
  const data = await exportHousehold(new HouseholdScope(db, household.id));
  fs.writeFileSync(file, JSON.stringify(data));
  return { household: household.name, transactions: data.transactions.length };
}

export async function importFromFile(db: Kysely<Database>, file: string, name: string) {
  const household = await householdNamed(db, name);
  if (!fs.existsSync(file)) throw unprocessable(`There is no file at ${file}.`);
  // The command line reads the file in its own process, with the same checks the server's file reader makes.
  return importHousehold(new HouseholdScope(db, household.id), householdExportOf(fs.readFileSync(file)), { keepName: true });
}
