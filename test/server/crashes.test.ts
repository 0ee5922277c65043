import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { connectDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { addUser } from '../../server/services/households';

/** Runs a child script under tsx; resolves with its exit code or signal and what it printed. */
function runChild(script: string, args: string[]): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '../support/children', script), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** The schema as SQLite describes it, and the migrations it records: equal for two files migrated the same. */
async function schemaOf(file: string) {
  const database = connectDatabase(`sqlite:${file}`);
  try {
    const objects = await sql<{ type: string; name: string; sql: string | null }>`
      select type, name, sql from sqlite_master where name not like 'sqlite_%' order by type, name`.execute(database.db);
    const migrations = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
    return { objects: objects.rows, migrations: migrations.rows.map((row) => row.name) };
  } finally {
    await database.destroy();
  }
}

// Each child process starts tsx and a database: seconds apiece on a busy two-core machine.
jest.setTimeout(300_000);

describe('crashes and several processes on one SQLite file', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'everycent-crash-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('a first start killed at any point of its migrations leaves a file the next start migrates cleanly', async () => {
    const reference = path.join(folder, 'reference.db');
    const complete = await runChild('migrateUntilKilled.ts', [reference, String(Number.MAX_SAFE_INTEGER)]);
    expect(complete.code).toBe(0);
    const { executed } = JSON.parse(complete.stdout) as { executed: number };
    const expected = await schemaOf(reference);
    expect(expected.migrations.length).toBeGreaterThanOrEqual(4);

    // Every statement of a short first stretch, then points spread over the rest (every one would take minutes).
    const points = new Set<number>([1, 2, 3, 5, 8, executed - 1]);
    for (let point = 12; point < executed; point += Math.ceil(executed / 12)) points.add(point);
    for (const point of [...points].sort((a, b) => a - b)) {
      const file = path.join(folder, `killed-after-${point}.db`);
      const killed = await runChild('migrateUntilKilled.ts', [file, String(point)]);
      expect({ point, signal: killed.signal }).toEqual({ point, signal: 'SIGKILL' });

      const restarted = connectDatabase(`sqlite:${file}`);
      await expect(migrateToLatest(restarted.db)).resolves.toBeUndefined();
      await restarted.destroy();
      expect({ point, ...(await schemaOf(file)) }).toEqual({ point, ...expected });
    }
  });

  it('two processes writing read-then-write transactions at once both get every write in, none refused as locked', async () => {
    const file = path.join(folder, 'shared.db');
    const database = connectDatabase(`sqlite:${file}`);
    await migrateToLatest(database.db);
    const { householdId } = await addUser(database.db, { householdName: 'Two Writers', email: 'writers@example.com', password: 'long enough password' });
    await database.destroy();

    const writes = 100;
    // Both start together once both have loaded (a few seconds on a busy machine).
    const startAt = String(Date.now() + 8000);
    const results = await Promise.all(['first', 'second'].map((writer) => runChild('sqliteWriter.ts', [file, String(householdId), writer, String(writes), startAt])));
    for (const result of results) {
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({ failures: [] });
    }
    const check = connectDatabase(`sqlite:${file}`);
    const { n } = await check.db.selectFrom('allocation_categories').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    await check.destroy();
    expect(Number(n)).toBe(2 * writes);
  });
});
