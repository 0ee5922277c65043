/**
 * Hostile uploads and clients against the real app on a real port in a child process (a fresh SQLite file, or the
 * PostgreSQL database in DATABASE_URL, which should be a scratch one). Each case is sent by one household while a
 * second household reads `GET /budgets/current` over and over; the figures are how long the hostile request took
 * to be answered and how long the other household's reads took meanwhile (issue 40: "the preview of a hostile
 * Actual file and of a zip bomb answer within 2 s while another household's reads keep answering within 100 ms").
 *
 *   npm run bench:hostile
 *   DATABASE_URL=postgres://… npm run bench:hostile
 *   npm run bench:hostile -- --streams 10000
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createDeflateRaw, crc32 } from 'node:zlib';
import { connectDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { addUser } from '../server/services/households';
import { actualDatabase, actualUpload, zipOf, zipUpload } from '../test/support/hostileFiles';
import { measureChild, serveInChild, signInOver, startChildServer, stopChild } from './childServer';

const PASSWORD = 'benchmark password';
const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};

const measure = (child: ChildProcess) => measureChild<{ rssMb: number; streams: number; files: number }>(child);
const signIn = (base: string, email: string) => signInOver(base, email, PASSWORD);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The hostile request, and the other household's reads one after another until it has its answer. */
async function whileOthersRead(base: string, reader: Record<string, string>, hostile: () => Promise<Response>) {
  let done = false;
  const reads: number[] = [];
  const reading = (async () => {
    while (!done) {
      const started = performance.now();
      const answer = await fetch(`${base}/budgets/current`, { headers: reader });
      await answer.arrayBuffer();
      reads.push(performance.now() - started);
    }
  })();
  const started = performance.now();
  const answer = await hostile();
  const body = await answer.text();
  const took = performance.now() - started;
  done = true;
  await reading;
  return { status: answer.status, message: body.slice(0, 140), took, reads };
}

/** A zip holding one file of `size` zero bytes, deflated a megabyte at a time (the bench never holds it whole). */
async function zerosZip(name: string, size: number, declaredSize = size): Promise<Buffer> {
  const chunk = Buffer.alloc(1024 * 1024);
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const finished = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  for (let written = 0; written < size; written += chunk.length) {
    const piece = chunk.subarray(0, Math.min(chunk.length, size - written));
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await finished;
  return zipOf([{ name, deflated: { bytes: Buffer.concat(parts), crc: crc >>> 0, size }, declaredSize }]);
}

function ynabRegister(rows: number, accounts: number): string {
  const lines = ['"Account","Flag","Date","Payee","Category Group/Category","Category Group","Category","Memo","Outflow","Inflow","Cleared"'];
  for (let i = 0; i < rows; i++) lines.push(`"Account ${i % accounts}","","01/${String(1 + (i % 28)).padStart(2, '0')}/2026","Shop ${i}","Everyday: Groceries","Everyday","Groceries","","$1.00",$0.00,"Cleared"`);
  return lines.join('\n');
}

/** Opens a stream and resolves when it is ready (or refused); the socket is left to the server to end. */
function openStream(base: string, headers: Record<string, string>): Promise<{ status: number; request: http.ClientRequest }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/events`, { headers, agent: false }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        resolve({ status: response.statusCode ?? 0, request });
        return;
      }
      response.setEncoding('utf8');
      response.on('data', (text: string) => {
        if (text.includes('event: ready')) resolve({ status: 200, request });
      });
      response.on('error', () => undefined);
    });
    request.on('error', reject);
  });
}

async function main() {
  const streamAttempts = argument('streams', 10_000);
  const file = path.join(os.tmpdir(), `everycent-bench-hostile-${randomBytes(4).toString('hex')}.db`);
  const databaseUrl = process.env.DATABASE_URL || `sqlite:${file}`;
  const setup = connectDatabase(databaseUrl);
  await migrateToLatest(setup.db);
  const tag = randomBytes(3).toString('hex');
  const [attacker, bystander] = ['attacker', 'bystander'].map((who) => `${who}-${tag}@example.com`);
  await addUser(setup.db, { householdName: `Attacker ${tag}`, email: attacker, password: PASSWORD });
  await addUser(setup.db, { householdName: `Bystander ${tag}`, email: bystander, password: PASSWORD });

  const server = await startChildServer(__filename, databaseUrl);
  const base = server.base;
  const theirs = await signIn(base, attacker);
  const reader = await signIn(base, bystander);
  await fetch(`${base}/budgets`, { method: 'POST', headers: { ...reader, 'content-type': 'application/json' }, body: JSON.stringify({ start_date: '2026-01-01' }) });
  const post = (url: string, body: unknown) => () => fetch(`${base}${url}`, { method: 'POST', headers: { ...theirs, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const preview = (body: unknown) => post('/household/history/preview', body);

  const load = os.loadavg().map((value) => value.toFixed(1)).join(', ');
  console.log(`hostile uploads and clients (${databaseUrl.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}), load average ${load}`);
  const quiet = await whileOthersRead(base, reader, () => new Promise((resolve) => setTimeout(() => resolve(new Response('')), 2_000)));
  console.log(`  another household's GET /budgets/current with nothing else going on: median ${ms(median(quiet.reads))}, worst ${ms(Math.max(...quiet.reads))} (${quiet.reads.length} reads)`);

  const generatedEveryRow = actualDatabase(`
    alter table transactions rename to old_transactions;
    create table transactions (id TEXT PRIMARY KEY, isParent INTEGER DEFAULT 0, acct TEXT, category TEXT, amount INTEGER, description TEXT,
      notes TEXT GENERATED ALWAYS AS (length(replace(hex(zeroblob(50000000)), '0', 'ab'))) VIRTUAL, date INTEGER, starting_balance_flag INTEGER DEFAULT 0,
      sort_order REAL, tombstone INTEGER DEFAULT 0);
    insert into transactions (id, isParent, acct, category, amount, description, date, starting_balance_flag, sort_order, tombstone)
      select id, isParent, acct, category, amount, description, date, starting_balance_flag, sort_order, tombstone from old_transactions;`);
  const unnamedTrap = actualDatabase(`alter table transactions add column trap TEXT GENERATED ALWAYS AS (length(replace(hex(zeroblob(50000000)), '0', 'ab'))) VIRTUAL;`);
  const endlessView = actualDatabase(`
    alter table transactions rename to stored_transactions;
    create view transactions as with recursive n(i) as (select 1 union all select i + 1 from n) select * from stored_transactions, n;`);
  const bigNotes = actualDatabase(`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
    insert into transactions (id, acct, category, amount, description, notes, date, sort_order, tombstone)
    select 'big-' || i, 'acc-checking', 'cat-food', -100, 'pay-grocer', replace(hex(zeroblob(20000)), '0', 'x'), 20260105, i, 0 from n;`);
  const gigabyte = 1_200 * 1024 * 1024;
  const honestBomb = await zerosZip('db.sqlite', gigabyte);
  const lyingBomb = await zerosZip('db.sqlite', 64 * 1024 * 1024, 1024);
  const overlapping = zipOf([
    { name: 'db.sqlite', data: Buffer.alloc(4 * 1024 * 1024) },
    ...Array.from({ length: 299 }, (_, i) => ({ name: `copy-${i}`, data: Buffer.alloc(4 * 1024 * 1024), sameBytesAs: 0 })),
  ]);
  const fixturePlan = readFileSync(path.join(__dirname, '../test/fixtures/history/ynab/Plan.csv'), 'utf8');
  const ownAccountEach = ynabRegister(Math.round((1024 * 1024) / 110), Number.MAX_SAFE_INTEGER);

  const cases: Array<[string, () => Promise<Response>]> = [
    [`Actual file (${(actualUpload(generatedEveryRow).file.length / 1024).toFixed(1)} KB as sent), a generated column it reads`, preview(actualUpload(generatedEveryRow))],
    ['Actual file, an expensive generated column it never reads', preview(actualUpload(unnamedTrap))],
    ['Actual file, transactions an endless view', preview(actualUpload(endlessView))],
    [`Actual file of 80 MB of notes (${(actualUpload(bigNotes).file.length / 1024 / 1024).toFixed(1)} MB as sent), read whole within the budget`, preview(actualUpload(bigNotes))],
    [`zip bomb, ${(honestBomb.length / 1024 / 1024).toFixed(2)} MB declaring 1.2 GB`, preview(zipUpload(honestBomb))],
    [`zip bomb, ${(lyingBomb.length / 1024).toFixed(0)} KB declaring 1 KB, inflating to 64 MB`, preview(zipUpload(lyingBomb))],
    [`zip bomb, ${(overlapping.length / 1024).toFixed(0)} KB, 300 entries on the same bytes (1.2 GB)`, preview(zipUpload(overlapping))],
    ['YNAB register of 1 MB, every row its own account', preview({ source: 'ynab', plan: fixturePlan, register: ownAccountEach })],
    ['YNAB register of 50,000 rows in 1 account', preview({ source: 'ynab', plan: fixturePlan, register: ynabRegister(50_000, 1) })],
    ['YNAB register of 50,000 rows in 1,000 accounts', preview({ source: 'ynab', plan: fixturePlan, register: ynabRegister(50_000, 1_000) })],
  ];
  for (const [label, hostile] of cases) {
    const before = await measure(server.child);
    const result = await whileOthersRead(base, reader, hostile);
    const after = await measure(server.child);
    console.log(`  ${label}: answered ${result.status} in ${ms(result.took)}; other household's reads meanwhile median ${ms(median(result.reads))}, worst ${ms(Math.max(...result.reads))} (${result.reads.length} reads); server RSS ${before.rssMb.toFixed(0)} → ${after.rssMb.toFixed(0)} MB`);
    console.log(`      ${result.message}`);
  }

  // One session opening stream after stream (100 at a time): each new one ends its oldest.
  const session = await signIn(base, attacker);
  const before = await measure(server.child);
  const started = performance.now();
  const requests: http.ClientRequest[] = [];
  let refused = 0;
  for (let at = 0; at < streamAttempts; at += 100) {
    const batch = await Promise.all(Array.from({ length: Math.min(100, streamAttempts - at) }, () => openStream(base, session)));
    for (const { status, request } of batch) {
      requests.push(request);
      if (status !== 200) refused++;
    }
  }
  const attemptsTook = performance.now() - started;
  const held = await measure(server.child);
  const signInStarted = performance.now();
  const someoneElse = await signIn(base, bystander);
  const theirStream = await openStream(base, someoneElse);
  const othersTook = performance.now() - signInStarted;
  console.log(
    `  ${streamAttempts.toLocaleString('en-US')} stream attempts on one session in ${(attemptsTook / 1000).toFixed(1)} s (${refused} refused): the server holds ${held.streams} streams ` +
      `and ${held.files} open files (${before.files} before); another household then signed in and opened a stream (${theirStream.status}) in ${ms(othersTook)}`,
  );
  for (const request of requests) request.destroy();
  theirStream.request.destroy();

  await stopChild(server.child);
  await setup.destroy();
  if (!process.env.DATABASE_URL) for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
}

if (process.argv[2] === '--serve')
  void serveInChild(process.argv[3], (app) => ({ rssMb: process.memoryUsage().rss / 1024 / 1024, streams: app.live.hub.size, files: readdirSync('/proc/self/fd').length }));
else
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
