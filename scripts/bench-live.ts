/**
 * Live stream benchmark: the real app on a real port in a child process (a fresh SQLite file, or the PostgreSQL
 * database in DATABASE_URL, which should be a scratch one), 200 clients of `GET /events` connected from this
 * process, all in one household (every event goes to all of them).
 *
 * Reports the server's memory (RSS) before and after the clients connect, its CPU time while they sit idle
 * (heartbeats only), and how long one quick add takes to reach all 200. Goals: under 50 MB for the 200
 * clients, and about no CPU while idle.
 *
 *   npm run bench:live                       200 clients, 30 s idle
 *   npm run bench:live -- --clients 500 --idle 60
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { HouseholdScope } from '../server/db/scope';
import { STREAM_LIMITS } from '../server/services/events/liveHub';
import { addUser } from '../server/services/households';
import { measureChild, serveInChild, signInOver, startChildServer, stopChild } from './childServer';

const MEMORY_GOAL_MB = 50;
const PASSWORD = 'benchmark password';
const MEMBERS = 20;

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};

/** The server's resident memory (MB) after a full garbage collection, and how many streams it holds. */
const measure = (child: ChildProcess) => measureChild<{ rssMb: number; streams: number }>(child);

/** The child's CPU time so far (ms), from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const signIn = (base: string, email: string) => signInOver(base, email, PASSWORD);

interface Client {
  request: http.ClientRequest;
  events: number;
  onEvent: (() => void) | null;
}

function connect(base: string, headers: Record<string, string>): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client: Client = { request: null as unknown as http.ClientRequest, events: 0, onEvent: null };
    client.request = http.get(`${base}/events`, { headers, agent: false }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`stream: ${response.statusCode}`));
      response.setEncoding('utf8');
      let ready = false;
      response.on('data', (text: string) => {
        if (!ready && text.includes('event: ready')) {
          ready = true;
          resolve(client);
        }
        const count = text.split('\ndata: ').length - 1 - (text.includes('event: ready') ? 1 : 0);
        if (count > 0) {
          client.events += count;
          client.onEvent?.();
        }
      });
    });
    client.request.on('error', reject);
  });
}

async function main() {
  const clients = argument('clients', 200);
  const idleSeconds = argument('idle', 30);
  const file = path.join(os.tmpdir(), `everycent-bench-live-${randomBytes(4).toString('hex')}.db`);
  const databaseUrl = process.env.DATABASE_URL || `sqlite:${file}`;
  const setup = connectDatabase(databaseUrl);
  await migrateToLatest(setup.db);
  const householdName = `Bench ${randomBytes(3).toString('hex')}`;
  const emails = Array.from({ length: MEMBERS }, (_, i) => `live-${i}-${randomBytes(3).toString('hex')}@example.com`);
  let householdId = 0;
  for (const [i, email] of emails.entries()) householdId = (await addUser(setup.db, { householdName, email, password: PASSWORD, name: `Member ${i}` })).householdId;
  const scope = new HouseholdScope(setup.db, householdId);
  const account = await scope.insertInto('bank_accounts').values({ household_id: householdId, name: 'Current', opening_balance: 0, opening_date: '1899-12-31', closing_balance: 0 }).returning('id').executeTakeFirstOrThrow();
  await scope.insertInto('budgets').values({ household_id: householdId, name: 'Bench', start_date: '2026-01-01', end_date: '2026-12-31' }).execute();

  const server = await startChildServer(__filename, databaseUrl, ['--expose-gc']);
  const pid = server.child.pid!;
  // A session keeps at most STREAM_LIMITS.perSession streams (a device's tabs): enough sessions for every client.
  const sessions = [];
  const perMember = Math.ceil(clients / STREAM_LIMITS.perSession / MEMBERS);
  for (const email of emails) for (let i = 0; i < perMember; i++) sessions.push(await signIn(server.base, email));
  // Warm up: the routes compiled, the database connections open, as a server that has answered a few calls.
  for (const headers of sessions) await fetch(`${server.base}/budgets`, { headers });
  await sleep(2_000);
  const before = await measure(server.child);

  const open: Client[] = [];
  for (let i = 0; i < clients; i++) open.push(await connect(server.base, sessions[i % sessions.length]));
  await sleep(3_000);
  const connected = await measure(server.child);
  if (connected.streams !== clients) throw new Error(`the server holds ${connected.streams} streams, not ${clients}`);

  const idleStart = cpuMs(pid);
  await sleep(idleSeconds * 1_000);
  const idleCpuMs = cpuMs(pid) - idleStart;

  const started = performance.now();
  const allHeard = Promise.all(open.map((client) => new Promise<void>((resolve) => void (client.onEvent = resolve))));
  const added = await fetch(`${server.base}/transactions/one`, {
    method: 'POST',
    headers: { ...sessions[0], 'content-type': 'application/json' },
    body: JSON.stringify({ bank_account_id: account.id, transaction_date: '2026-06-01', description: 'Bakery', withdrawal_amount: 500 }),
  });
  if (added.status !== 201) throw new Error(`quick add: ${added.status} ${await added.text()}`);
  await allHeard;
  const fanOutMs = performance.now() - started;

  const memoryDelta = connected.rssMb - before.rssMb;
  console.log(`live stream, ${clients} clients in one household (${databaseUrl.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'})`);
  console.log(`  server memory (RSS after a full GC): ${before.rssMb.toFixed(1)} MB before, ${connected.rssMb.toFixed(1)} MB connected: +${memoryDelta.toFixed(1)} MB (goal < ${MEMORY_GOAL_MB} MB) ${memoryDelta < MEMORY_GOAL_MB ? 'ok' : 'OVER'}`);
  console.log(`  server CPU while idle: ${idleCpuMs.toFixed(0)} ms in ${idleSeconds} s (${((idleCpuMs / (idleSeconds * 1000)) * 100).toFixed(2)} % of one core)`);
  console.log(`  one quick add reaches all ${clients} clients in ${fanOutMs.toFixed(0)} ms (answer included)`);

  for (const client of open) client.request.destroy();
  await stopChild(server.child);
  await setup.destroy();
  if (!process.env.DATABASE_URL) for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
}

if (process.argv[2] === '--serve')
  void serveInChild(process.argv[3], (app) => {
    // After a full collection, so the figure is what the streams hold, not garbage not yet collected.
    (globalThis as unknown as { gc: () => void }).gc();
    return { rssMb: process.memoryUsage().rss / 1024 / 1024, streams: app.live.hub.size };
  });
else
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
