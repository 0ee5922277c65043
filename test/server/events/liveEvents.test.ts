import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { connectDatabase, type DatabaseHandle } from '../../../server/db/connect';
import { migrateToLatest } from '../../../server/db/migrate';
import { HouseholdScope } from '../../../server/db/scope';
import { addUser } from '../../../server/services/households';
import type { LiveEvent } from '../../../src/shared/liveEvents';
import { createAllocation, createBankAccount, createBudget, createCategory, createTransaction } from '../../support/builders';
import { type AuthHeaders, call, DEFAULT_PASSWORD, scratchPostgres, type SignedInUser, signInPartner, testDialects, useTestServer } from '../../support/testServer';
import { isChange, isReady, type LiveStream, openStream } from './liveStream';

/** A household with one account and the budget of November 2026, and a quick add into it. */
async function budgetWithAccount(scope: HouseholdScope) {
  const account = await createBankAccount(scope);
  const budget = await createBudget(scope, '2026-11-01');
  const category = await createCategory(scope);
  const allocation = await createAllocation(scope, budget.id, category.id, { name: 'Groceries' });
  return { account, budget, allocation };
}

const quickAdd = (accountId: number, allocationId: number) => ({
  method: 'POST' as const,
  url: '/transactions/one',
  payload: { bank_account_id: accountId, transaction_date: '2026-11-21', description: 'Bakery', withdrawal_amount: 800, allocation_id: allocationId },
});

const readyRevision = async (stream: LiveStream) => Number((await stream.next(isReady)).id);

describe.each(testDialects)('the live stream on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });
  let base: string;
  const streams: LiveStream[] = [];
  const open = async (user: SignedInUser, lastEventId?: number) => {
    const stream = await openStream(base, { ...user.headers }, lastEventId);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    base = await ctx.server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });

  it('needs a session like every call', async () => {
    const anonymous = await ctx.server.app.inject({ method: 'GET', url: '/events' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("tells the household's own clients which resources changed, and another household's clients nothing", async () => {
    const { user, other, server } = ctx;
    const partner = await signInPartner(server, user);
    const mine = await budgetWithAccount(user.scope);
    const theirs = await budgetWithAccount(other.scope);
    const partnerStream = await open(partner);
    const otherStream = await open(other);
    expect(partnerStream.status).toBe(200);
    expect(partnerStream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const before = await readyRevision(partnerStream);
    await readyRevision(otherStream);

    const added = await call(server, user, { ...quickAdd(mine.account.id, mine.allocation.id), headers: { 'live-tab': 'phone-1' } });
    expect(added.status).toBe(201);
    const event = JSON.parse((await partnerStream.next(isChange)).data) as LiveEvent;
    expect(event.resources).toEqual(
      expect.arrayContaining([`budget:${mine.budget.id}`, `window:${mine.account.id}:${mine.budget.id}`, 'accounts', 'reports', 'activity']),
    );
    expect(event.resources).not.toContain('everything');
    expect(event.by).toEqual({ user_id: user.userId, name: 'Tester' });
    expect(event.tab).toBe('phone-1');
    expect(event.revision).toBeGreaterThan(before);
    // Never the data: no amount, description or name of the row.
    expect(JSON.stringify(event)).not.toMatch(/Bakery|800|Groceries/);

    // The other household's stream: its first event is its own write, nothing of the first household's came before it.
    await call(server, other, quickAdd(theirs.account.id, theirs.allocation.id));
    await otherStream.next(isChange);
    expect(otherStream.changes().map((change) => change.resources[0])).toEqual([`budget:${theirs.budget.id}`]);
    expect(otherStream.changes()[0].by?.user_id).toBe(other.userId);
  });

  it('says nothing for a write that changed nothing or was refused', async () => {
    const { user, server } = ctx;
    const mine = await budgetWithAccount(user.scope);
    const stream = await open(user);
    await readyRevision(stream);
    const refused = await call(server, user, { ...quickAdd(mine.account.id, mine.allocation.id), payload: { bank_account_id: mine.account.id, description: '' } });
    expect(refused.status).toBe(422);
    await call(server, user, { method: 'POST', url: '/transactions/suggestions', payload: { descriptions: ['Bakery'] } });
    // The next write is the first event the stream gets.
    await call(server, user, quickAdd(mine.account.id, mine.allocation.id));
    await stream.next(isChange);
    expect(stream.changes()).toHaveLength(1);
    expect(stream.changes()[0].resources).toContain(`budget:${mine.budget.id}`);
  });

  it('sends a client that reconnects with an older revision what it missed, and nothing when it missed nothing', async () => {
    const { user, server } = ctx;
    const mine = await budgetWithAccount(user.scope);
    const second = await createBankAccount(user.scope);
    const first = await open(user);
    const seen = await readyRevision(first);
    first.close();

    await call(server, user, quickAdd(mine.account.id, mine.allocation.id));
    await call(server, user, quickAdd(second.id, mine.allocation.id));
    const again = await open(user, seen);
    const latest = await readyRevision(again);
    expect(again.changes().map((change) => change.resources.find((resource) => resource.startsWith('window:')))).toEqual([
      `window:${mine.account.id}:${mine.budget.id}`,
      `window:${second.id}:${mine.budget.id}`,
    ]);
    expect(latest).toBe(again.changes()[1].revision);

    const upToDate = await open(user, latest);
    expect(await readyRevision(upToDate)).toBe(latest);
    expect(upToDate.changes()).toEqual([]);
  });

  it('tells a reconnecting client that everything changed when a write it missed came from outside the server', async () => {
    const { user, server } = ctx;
    const mine = await budgetWithAccount(user.scope);
    const first = await open(user);
    const seen = await readyRevision(first);
    first.close();
    await call(server, user, quickAdd(mine.account.id, mine.allocation.id));
    // A script or the command line writing straight to the database announces nothing.
    await createTransaction(user.scope, mine.account.id, '2026-11-22');
    const again = await open(user, seen);
    await readyRevision(again);
    expect(again.changes()).toEqual([expect.objectContaining({ by: null, resources: ['everything'] })]);
  });
});

/** Two server processes on one database, as two instances behind one proxy would be. */
async function twoProcesses(dialect: 'sqlite' | 'postgres') {
  const scratch = dialect === 'postgres' ? await scratchPostgres() : undefined;
  const file = path.join(os.tmpdir(), `everycent-live-${randomBytes(4).toString('hex')}.db`);
  const url = scratch ? scratch.url : `sqlite:${file}`;
  const databases: DatabaseHandle[] = [connectDatabase(url), connectDatabase(url)];
  await migrateToLatest(databases[0].db);
  const config = { ...loadConfig({}), staticDir: null, timeZone: 'UTC', databaseUrl: url };
  const apps: FastifyInstance[] = [];
  for (const database of databases) apps.push(await buildApp({ db: database.db, config }));
  const bases = await Promise.all(apps.map((app) => app.listen({ port: 0, host: '127.0.0.1' })));
  return {
    apps,
    bases,
    db: databases[0].db,
    close: async () => {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(databases.map((database) => database.destroy()));
      await scratch?.drop();
      if (!scratch) for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    },
  };
}

describe.each(testDialects)('two server processes on one %s database', (dialect) => {
  let pair: Awaited<ReturnType<typeof twoProcesses>>;
  let headers: AuthHeaders;
  let scope: HouseholdScope;
  beforeAll(async () => {
    pair = await twoProcesses(dialect);
    const email = `${randomBytes(5).toString('hex')}@example.com`;
    const { householdId } = await addUser(pair.db, { householdName: `Household ${email}`, email, password: DEFAULT_PASSWORD, name: 'Ana' });
    const signIn = await pair.apps[0].inject({ method: 'POST', url: '/auth/sign_in', payload: { email, password: DEFAULT_PASSWORD } });
    headers = Object.fromEntries((['access-token', 'client', 'expiry', 'token-type', 'uid'] as const).map((name) => [name, String(signIn.headers[name])])) as AuthHeaders;
    scope = new HouseholdScope(pair.db, householdId);
  });
  afterAll(() => pair.close());

  it(
    dialect === 'postgres'
      ? 'delivers an event written through one process to a client of the other, as it commits (LISTEN/NOTIFY)'
      : 'delivers an event written through one process to a client of the other when that client reconnects',
    async () => {
      const mine = await budgetWithAccount(scope);
      const stream = await openStream(pair.bases[1], headers);
      const seen = await readyRevision(stream);
      const added = await pair.apps[0].inject({ ...quickAdd(mine.account.id, mine.allocation.id), headers });
      expect(added.statusCode).toBe(201);
      let event: LiveEvent;
      if (dialect === 'postgres') {
        event = JSON.parse((await stream.next(isChange)).data) as LiveEvent;
      } else {
        stream.close();
        const again = await openStream(pair.bases[1], headers, seen);
        await readyRevision(again);
        event = again.changes()[0];
        again.close();
      }
      stream.close();
      expect(event.resources).toContain(`budget:${mine.budget.id}`);
      expect(event.by?.name).toBe('Ana');
    },
  );
});
