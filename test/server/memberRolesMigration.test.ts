import { type Kysely, Migrator } from 'kysely';
import { connectDatabase, type Dialect } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { migrationsBefore } from '../support/migrations';
import { scratchPostgres, testDialects } from '../support/testServer';

/** The database as it stood before roles: households made by earlier versions. */
const beforeRoles = migrationsBefore('0007_member_roles');

// Typed loosely like the migrations: the users table had no role yet.
/* eslint-disable @typescript-eslint/no-explicit-any */
const addHousehold = async (db: Kysely<any>, name: string) =>
  Number((await db.insertInto('households').values({ name }).returning('id').executeTakeFirstOrThrow()).id);

const addPerson = (db: Kysely<any>, householdId: number, person: string) =>
  db.insertInto('users').values({ household_id: householdId, email: `${person}@example.com`, name: person, password_hash: 'x' }).execute();

describe.each(testDialects)('migration 0007 (roles) on %s', (dialect: Dialect) => {
  it("makes each existing household's first user its owner and everyone else a member", async () => {
    const scratch = dialect === 'postgres' ? await scratchPostgres() : undefined;
    const database = connectDatabase(scratch ? scratch.url : 'sqlite::memory:');
    try {
      const old = database.db as Kysely<any>;
      const { error } = await new Migrator({ db: old, provider: { getMigrations: async () => beforeRoles } }).migrateToLatest();
      expect(error).toBeUndefined();
      const lees = await addHousehold(old, 'The Lees');
      const kims = await addHousehold(old, 'The Kims');
      const alone = await addHousehold(old, 'Alone');
      // People of the households interleaved: each household's first is not the lowest id overall.
      for (const [household, person] of [[kims, 'cat'], [lees, 'ann'], [kims, 'dee'], [lees, 'ben'], [alone, 'eve']] as const) {
        await addPerson(old, household, person);
      }

      await migrateToLatest(database.db);
      const roles = await database.db.selectFrom('users').select(['email', 'role']).orderBy('email').execute();
      expect(roles).toEqual([
        { email: 'ann@example.com', role: 'owner' },
        { email: 'ben@example.com', role: 'member' },
        { email: 'cat@example.com', role: 'owner' },
        { email: 'dee@example.com', role: 'member' },
        { email: 'eve@example.com', role: 'owner' },
      ]);
    } finally {
      await database.destroy();
      await scratch?.drop();
    }
  });
});
