import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { HistoryPreview } from '../../../src/shared/schemas/history';
import { actualDatabase, actualUpload, zipOf, zipUpload } from '../../support/hostileFiles';
import { call, type SignedInUser, signUpAndIn, testDialects, type TestServer, useTestServer } from '../../support/testServer';

type Refusal = { errors: string[] };

// A budget small enough that a hostile file runs out of it, large enough for the fixtures (a worker starts at ~15 MB).
const MEMORY_MB = 48;
// Generous: no test here waits for it, the refusals below come from the memory budget and the checks.
const TIME_MS = 60_000;

const preview = (server: TestServer, user: SignedInUser, payload: unknown) =>
  call<HistoryPreview & Refusal>(server, user, { method: 'POST', url: '/household/history/preview', payload: payload as Record<string, unknown> });

/**
 * A request and another household's read started together: which answered first. The read needs the server's
 * thread for a moment; a file read on that thread would hold it until the file was done.
 */
async function alongsideAnotherHouseholdsRead(server: TestServer, user: SignedInUser, other: SignedInUser, upload: unknown) {
  const answered: string[] = [];
  const file = preview(server, user, upload).then((answer) => {
    answered.push('file');
    return answer;
  });
  const read = call(server, other, { method: 'GET', url: '/budgets/current' }).then((answer) => {
    answered.push('read');
    return answer;
  });
  const [fileAnswer, readAnswer] = await Promise.all([file, read]);
  return { answered, fileAnswer, readAnswer };
}

/** An Actual database whose rows need far more memory than the budget: 2,000 transactions with 40,000-character notes (80 MB, a 2 MB zip). */
const hugeActualDatabase = () =>
  actualDatabase(`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
    insert into transactions (id, acct, category, amount, description, notes, date, sort_order, tombstone)
    select 'big-' || i, 'acc-checking', 'cat-food', -100, 'pay-grocer', replace(hex(zeroblob(20000)), '0', 'x'), 20260105, i, 0 from n;`);

describe.each(testDialects)('untrusted files on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true, server: { config: { fileReading: { timeMs: TIME_MS, memoryMb: MEMORY_MB, atOnce: 2 } } } });

  let base: string;
  beforeAll(async () => {
    base = await ctx.server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  beforeEach(async () => {
    await call(ctx.server, ctx.other, { method: 'POST', url: '/budgets', payload: { start_date: '2026-01-01' } });
  });

  async function expectNothingWritten() {
    expect((await call<unknown[]>(ctx.server, ctx.user, { method: 'GET', url: '/budgets' })).body).toEqual([]);
    expect((await call<unknown[]>(ctx.server, ctx.user, { method: 'GET', url: '/bank_accounts' })).body).toEqual([]);
  }

  it('a hostile Actual file runs out of the reader’s memory budget and is refused, while another household’s read answers first', async () => {
    const { answered, fileAnswer, readAnswer } = await alongsideAnotherHouseholdsRead(ctx.server, ctx.user, ctx.other, actualUpload(hugeActualDatabase()));
    expect(answered).toEqual(['read', 'file']);
    expect(readAnswer.status).toBe(200);
    expect(fileAnswer.status).toBe(422);
    expect(fileAnswer.body.errors).toEqual([`Reading this file needed more than ${MEMORY_MB} MB of memory, the most EveryCent gives one file; nothing was imported.`]);
    const imported = await call<Refusal>(ctx.server, ctx.user, { method: 'POST', url: '/household/history/import', payload: actualUpload(hugeActualDatabase()) });
    expect(imported.status).toBe(422);
    await expectNothingWritten();
  });

  it('a zip bomb is refused from what its directory declares, before anything is inflated', async () => {
    // Inflated, these bytes would make 1 KB, not the 4 GB declared: the refusal names the declared size, so it came first.
    const bomb = zipOf([
      { name: 'db.sqlite', data: Buffer.alloc(1024), declaredSize: 4_000_000_000 },
      { name: 'metadata.json', data: Buffer.from('{}') },
    ]);
    const answer = await preview(ctx.server, ctx.user, zipUpload(bomb));
    expect(answer.status).toBe(413);
    expect(answer.body.errors).toEqual(['This zip would unpack to 3,814.7 MB; EveryCent unpacks at most 256 MB from one file.']);
    const imported = await call<Refusal>(ctx.server, ctx.user, { method: 'POST', url: '/household/history/import', payload: zipUpload(bomb) });
    expect(imported.status).toBe(413);
    await expectNothingWritten();
  });

  it('a zip entry that inflates beyond what it declares is stopped at its declared size', async () => {
    const liar = zipOf([
      { name: 'db.sqlite', data: Buffer.alloc(10 * 1024 * 1024), declaredSize: 1024 },
      { name: 'metadata.json', data: Buffer.from('{}') },
    ]);
    const answer = await preview(ctx.server, ctx.user, zipUpload(liar));
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual(['This zip file is damaged or not one EveryCent can read (db.sqlite unpacks to more than it declares, or not at all).']);
  });

  it('zip entries that share their bytes (the overlapping kind of zip bomb) are refused', async () => {
    const overlapping = zipOf([
      { name: 'db.sqlite', data: actualDatabase() },
      { name: 'metadata.json', data: Buffer.from('{}') },
      { name: 'copy.sqlite', data: actualDatabase(), sameBytesAs: 0 },
    ]);
    const answer = await preview(ctx.server, ctx.user, zipUpload(overlapping));
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual(['This zip file is damaged or not one EveryCent can read (db.sqlite and copy.sqlite share the same bytes).']);
  });

  it('a zip of more entries than the limit is refused by its count', async () => {
    const many = zipOf(Array.from({ length: 1001 }, (_, i) => ({ name: `file-${i}.txt`, data: Buffer.from('x'), stored: true })));
    const answer = await preview(ctx.server, ctx.user, zipUpload(many));
    expect(answer.status).toBe(413);
    expect(answer.body.errors).toEqual(['This zip holds 1,001 files; EveryCent reads zips of at most 1,000.']);
  });

  it('runs none of the SQL another program wrote: a generated column it would read, a view or a virtual table is refused', async () => {
    const generatedNotes = actualDatabase(`
      alter table transactions rename to old_transactions;
      create table transactions (id TEXT PRIMARY KEY, isParent INTEGER DEFAULT 0, acct TEXT, category TEXT, amount INTEGER, description TEXT,
        notes TEXT GENERATED ALWAYS AS (replace(hex(zeroblob(100000000)), '0', 'ab')) VIRTUAL, date INTEGER, starting_balance_flag INTEGER DEFAULT 0,
        sort_order REAL, tombstone INTEGER DEFAULT 0);
      insert into transactions (id, isParent, acct, category, amount, description, date, starting_balance_flag, sort_order, tombstone)
        select id, isParent, acct, category, amount, description, date, starting_balance_flag, sort_order, tombstone from old_transactions;`);
    const generated = await preview(ctx.server, ctx.user, actualUpload(generatedNotes));
    expect(generated.status).toBe(422);
    expect(generated.body.errors[0]).toMatch(/^This is not an Actual Budget export.*\(its table transactions has no stored column notes\)$/);

    const view = actualDatabase(`
      alter table transactions rename to stored_transactions;
      create view transactions as with recursive n(i) as (select 1 union all select i + 1 from n) select * from stored_transactions, n;`);
    const viewAnswer = await preview(ctx.server, ctx.user, actualUpload(view));
    expect(viewAnswer.status).toBe(422);
    expect(viewAnswer.body.errors[0]).toMatch(/\(its database has no transactions table\)$/);

    const virtual = actualDatabase(`drop table accounts; create virtual table accounts using fts5(id, name, tombstone);`);
    const virtualAnswer = await preview(ctx.server, ctx.user, actualUpload(virtual));
    expect(virtualAnswer.status).toBe(422);
    expect(virtualAnswer.body.errors[0]).toMatch(/\(its database has no accounts table\)$/);
    await expectNothingWritten();
  });

  it('a generated column the reader does not name is never computed: the file reads as without it', async () => {
    // Computing this column fails ("malformed JSON"): a reader that evaluated it could not answer the preview.
    const withTrap = actualDatabase(`alter table transactions add column trap TEXT GENERATED ALWAYS AS (json_extract('not json', '$')) VIRTUAL;`);
    const plain = await preview(ctx.server, ctx.user, actualUpload(actualDatabase()));
    const trapped = await preview(ctx.server, ctx.user, actualUpload(withTrap));
    expect(plain.status).toBe(200);
    expect(trapped.status).toBe(200);
    expect(trapped.body).toEqual(plain.body);
  });

  it('one household reads one file at a time: a second file while the first is read is refused before its body is taken in', async () => {
    const first = preview(ctx.server, ctx.user, actualUpload(hugeActualDatabase()));
    // The first has claimed its place by the time the second arrives (the second is sent once the first was taken).
    await new Promise((resolve) => setImmediate(resolve));
    // The second says it brings 100 MB and sends one byte: the refusal comes without waiting for the rest.
    const second = await new Promise<{ status: number; body: Refusal }>((resolve, reject) => {
      const request = http.request(`${base}/household/history/preview`, {
        method: 'POST',
        headers: { ...ctx.user.headers, 'content-type': 'application/json', 'content-length': String(100 * 1024 * 1024) },
      });
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Refusal });
        });
      });
      request.on('error', reject);
      request.write('{');
    });
    expect(second.status).toBe(429);
    expect(second.body.errors).toEqual(['This household is already having a file read. Wait for it to finish, then try again.']);
    expect((await first).status).toBe(422);
    // Once the first has ended, the next file is read.
    expect((await preview(ctx.server, ctx.user, actualUpload(actualDatabase()))).status).toBe(200);
  });

  it('the plan takes one pass: a register where every row names its own account is refused by the account limit', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `"Account ${i}","","01/0${1 + (i % 9)}/2026","Shop","Everyday: Groceries","Everyday","Groceries","","$1.00",$0.00,"Cleared"`);
    const register = ['"Account","Flag","Date","Payee","Category Group/Category","Category Group","Category","Memo","Outflow","Inflow","Cleared"', ...rows].join('\n');
    const plan = fs.readFileSync(path.join(__dirname, '../../fixtures/history/ynab/Plan.csv'), 'utf8');
    const answer = await preview(ctx.server, ctx.user, { source: 'ynab', plan, register });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual(['The files hold 20000 new accounts and this household has 0; a household keeps at most 1,000 bank accounts.']);
  });

  it('only owners read files into the household', async () => {
    const member = await signUpAndIn(ctx.server, ctx.user.householdName);
    const answer = await preview(ctx.server, member, actualUpload(actualDatabase()));
    expect(answer.status).toBe(403);
  });
});
