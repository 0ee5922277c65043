import { type Kysely, Migrator } from 'kysely';
import { connectDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { migrationsBefore } from '../support/migrations';
import type { Database } from '../../server/db/schema';
import { currentBalances } from '../../server/services/balances';
import { HouseholdScope } from '../../server/db/scope';

// Migrations are typed loosely on purpose (as in server/db/migrations): the rows are those of the old schema.
/* eslint-disable @typescript-eslint/no-explicit-any */

const BEFORE_0008 = migrationsBefore('0008_opening_date');

/** An account's balance before migration 0008: its checkpoint plus the transactions after closing_date. */
async function oldBalances(db: Kysely<any>): Promise<Record<string, number>> {
  const accounts = await db.selectFrom('bank_accounts').selectAll().execute();
  const rows = await db.selectFrom('transactions').selectAll().execute();
  return Object.fromEntries(
    accounts.map((account: any) => {
      let balance = Number(account.closing_balance ?? account.opening_balance);
      for (const row of rows) {
        if (row.bank_account_id === account.id && (account.closing_date === null || row.transaction_date > account.closing_date)) {
          balance += Number(row.deposit_amount) - Number(row.withdrawal_amount);
        }
      }
      return [account.name, balance];
    }),
  );
}

describe('migration 0008 (opening dates)', () => {
  it('gives every account an opening date that keeps its balance', async () => {
    const database = connectDatabase('sqlite::memory:');
    const db = database.db as Kysely<any>;
    try {
      await new Migrator({ db, provider: { getMigrations: async () => BEFORE_0008 } }).migrateToLatest();
      const { id: household } = await db.insertInto('households').values({ name: 'Old' }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('budgets').values([
        { household_id: household, name: 'Oct', start_date: '2026-10-01', end_date: '2026-10-31', status: 'closed' },
        { household_id: household, name: 'Nov', start_date: '2026-11-01', end_date: '2026-11-30', status: 'open' },
      ]).execute();
      const account = async (name: string, values: object) =>
        (await db.insertInto('bank_accounts').values({ household_id: household, name, ...values }).returning('id').executeTakeFirstOrThrow()).id;
      const settled = await account('Settled', { opening_balance: 1_000, closing_balance: 1_500, closing_date: '2026-10-31' });
      const fresh = await account('Fresh', { opening_balance: 2_000, closing_balance: 2_000, closing_date: '2026-11-26' });
      const never = await account('Never', { opening_balance: 300 });
      const rebuilt = await account('Rebuilt', { opening_balance: 0, closing_balance: 9_999, closing_date: '2026-10-31' });
      let ref = 0;
      const row = (bank_account_id: number, transaction_date: string, net: number) => ({
        household_id: household,
        bank_account_id,
        transaction_date,
        description: 'Row',
        withdrawal_amount: net < 0 ? -net : 0,
        deposit_amount: net > 0 ? net : 0,
        bank_ref: `R-${ref++}`,
      });
      await db.insertInto('transactions').values([
        row(settled, '2026-10-05', 500),
        row(settled, '2026-11-03', -200),
        row(fresh, '2026-11-02', -700),
        row(fresh, '2026-11-27', 50),
        row(never, '2026-09-15', 40),
        row(rebuilt, '2026-10-10', 123),
        row(rebuilt, '2026-11-10', -9),
      ]).execute();
      const before = await oldBalances(db);

      await migrateToLatest(database.db);

      const after = await currentBalances(new HouseholdScope(database.db as Kysely<Database>, household));
      const names = Object.fromEntries((await db.selectFrom('bank_accounts').select(['id', 'name']).execute()).map((a: any) => [a.id, a.name]));
      expect(Object.fromEntries([...after].map(([id, balance]) => [names[id], balance]))).toEqual(before);
      const opened = await db.selectFrom('bank_accounts').select(['name', 'opening_date', 'opening_balance']).orderBy('id').execute();
      expect(opened).toEqual([
        { name: 'Settled', opening_date: '2026-09-30', opening_balance: 1_000 },
        { name: 'Fresh', opening_date: '2026-11-26', opening_balance: 2_000 },
        { name: 'Never', opening_date: '2026-09-14', opening_balance: 300 },
        { name: 'Rebuilt', opening_date: '2026-10-31', opening_balance: 9_999 },
      ]);
    } finally {
      await database.destroy();
    }
  });
});
