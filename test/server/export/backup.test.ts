import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { connectDatabase } from '../../../server/db/connect';
import { migrateToLatest } from '../../../server/db/migrate';
import { seedDemoHousehold } from '../../../server/demo/seed';
import { backupDatabase, backupProblem, restoreDatabase } from '../../../server/services/householdData/backups';
import { runCli } from '../../../server/cli';
import type { BankAccount } from '../../../src/shared/schemas/setup';
import type { Budget } from '../../../src/shared/schemas/budgets';
import { call, signUpAndIn, type TestServer } from '../../support/testServer';

jest.setTimeout(300_000);

const TODAY = new Date().toISOString().slice(0, 10);

async function serverOn(file: string): Promise<TestServer> {
  const database = connectDatabase(`sqlite:${file}`);
  await migrateToLatest(database.db);
  const app = await buildApp({ db: database.db, config: { ...loadConfig({}), staticDir: null, timeZone: 'UTC' } });
  await app.ready();
  return { app, db: database.db, dialect: 'sqlite', close: async () => { await app.close(); await database.destroy(); } };
}

describe('backup and restore of a live SQLite database', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'everycent-backup-'));
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('a backup made while writes run restores to a state whose every figure agrees with its rows', async () => {
    const live = path.join(folder, 'live.db');
    const server = await serverOn(live);
    const demo = await seedDemoHousehold(server.db, { householdName: 'Demo Family', email: 'demo@example.com', password: 'demo password 1', today: TODAY });
    const user = await signUpAndIn(server, 'Demo Family');
    let acknowledged = 0;
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing || i < 20; i++) {
        const answer = await call(server, user, {
          method: 'POST',
          url: '/transactions/one',
          payload: { bank_account_id: demo.primaryAccountId, transaction_date: TODAY, description: `Load ${i}`, withdrawal_amount: 100 + i, deposit_amount: 0 },
        });
        if (answer.status !== 201) throw new Error(`quick add answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        acknowledged += 1;
      }
    })();
    while (acknowledged < 5) await new Promise((resolve) => setTimeout(resolve, 10));
    const before = acknowledged;
    const copy = path.join(folder, 'copy.db');
    await backupDatabase(`sqlite:${live}`, copy);
    const after = acknowledged;
    writing = false;
    await writer;
    await server.close();

    expect(backupProblem(copy)).toBeNull();
    const restoredFile = path.join(folder, 'restored.db');
    await restoreDatabase(`sqlite:${restoredFile}`, copy);
    const raw = new SQLite(restoredFile, { readonly: true });
    expect(raw.pragma('foreign_key_check')).toEqual([]);
    const loadRows = (raw.prepare("select count(*) as n from transactions where description like 'Load %'").get() as { n: number }).n;
    // Every write acknowledged before the backup began is in it; none that began after it finished.
    expect(loadRows).toBeGreaterThanOrEqual(before);
    expect(loadRows).toBeLessThanOrEqual(after + 1);

    const restored = await serverOn(restoredFile);
    const again = { ...user, ...(await signUpAndIn(restored, 'Demo Family')) };
    const accounts = (await call<BankAccount[]>(restored, again, { method: 'GET', url: '/bank_accounts?include_current_balance=true&include_closed=true' })).body;
    for (const account of accounts) {
      const { net } = raw
        .prepare('select coalesce(sum(deposit_amount - withdrawal_amount), 0) as net from transactions where bank_account_id = ? and transaction_date > ?')
        .get(account.id, account.opening_date) as { net: number };
      expect({ account: account.name, balance: account.current_balance }).toEqual({ account: account.name, balance: account.opening_balance + net });
    }
    const current = (await call<Budget>(restored, again, { method: 'GET', url: `/budgets/${demo.currentBudgetId}` })).body;
    for (const allocation of current.allocations) {
      const { spent } = raw.prepare('select coalesce(sum(withdrawal_amount - deposit_amount), 0) as spent from transactions where allocation_id = ?').get(allocation.id) as { spent: number };
      expect({ allocation: allocation.name, spent: allocation.spent }).toEqual({ allocation: allocation.name, spent });
    }
    raw.close();
    await restored.close();
  });

  it('restore refuses a file that is not an EveryCent database, a damaged one and one from a newer version, replacing nothing', async () => {
    const live = path.join(folder, 'kept.db');
    const server = await serverOn(live);
    await server.close();
    const sizeBefore = fs.statSync(live).size;

    const notOurs = path.join(folder, 'other.db');
    new SQLite(notOurs).exec('create table notes (id integer primary key)');
    expect(await runCli(['restore', notOurs], { DATABASE_URL: `sqlite:${live}` })).toEqual({ code: 1, output: `Error: Nothing was restored: ${notOurs} is not an EveryCent database.` });

    const text = path.join(folder, 'text.db');
    fs.writeFileSync(text, 'hello, not a database at all '.repeat(100));
    expect((await runCli(['restore', text], { DATABASE_URL: `sqlite:${live}` })).output).toMatch(/Nothing was restored: .*(not a SQLite|not a readable SQLite)/);

    const newer = path.join(folder, 'newer.db');
    await backupDatabase(`sqlite:${live}`, newer);
    const db = new SQLite(newer);
    db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('9999_from_the_future', new Date().toISOString());
    db.close();
    expect((await runCli(['restore', newer], { DATABASE_URL: `sqlite:${live}` })).output).toMatch(/written by a newer EveryCent \(migration 9999_from_the_future\)/);

    expect(fs.statSync(live).size).toBe(sizeBefore);
    expect(fs.readdirSync(folder).filter((f) => f.startsWith('kept.db.before-restore'))).toEqual([]);
  });

  it('the CLI exports a household to a file and imports it into an empty one', async () => {
    const file = path.join(folder, 'cli.db');
    const server = await serverOn(file);
    const user = await signUpAndIn(server, 'Ann');
    await call(server, user, { method: 'POST', url: '/allocation_categories', payload: { name: 'Food' } });
    await signUpAndIn(server, 'Bea');
    await server.close();
    const exportFile = path.join(folder, 'ann.json');
    expect(await runCli(['export', exportFile, '--household', 'Ann'], { DATABASE_URL: `sqlite:${file}` })).toEqual({ code: 0, output: `Exported household "Ann" to ${exportFile} (0 transactions).` });
    expect((await runCli(['export', exportFile], { DATABASE_URL: `sqlite:${file}` })).output).toBe('Error: There are 2 households: say which with --household "<name>".');
    expect((await runCli(['import', exportFile, '--household', 'Bea'], { DATABASE_URL: `sqlite:${file}` })).code).toBe(0);
    expect((await runCli(['import', exportFile, '--household', 'Bea'], { DATABASE_URL: `sqlite:${file}` })).output).toBe(
      'Error: This household already has data: an export can only be imported into an empty household.',
    );
    expect((await runCli(['backup', path.join(folder, 'x.db')], { DATABASE_URL: 'postgres://nowhere/db' })).output).toMatch(/pg_dump/);
  });
});
