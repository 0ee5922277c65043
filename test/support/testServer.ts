import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { type AppOptions, buildApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import { connectDatabase, type Dialect } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { HouseholdScope } from '../../server/db/scope';
import { addUser } from '../../server/services/households';

/**
 * The databases a suite whose SQL differs between them runs against: SQLite always, PostgreSQL too when
 * EVERYCENT_TEST_PG_URL is set. That is every suite that reaches the database past a refusal (docs/testing.md).
 */
export const testDialects: Dialect[] = process.env.EVERYCENT_TEST_PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * For the suites whose requests end before any SQL the two databases run differently: refusals of malformed or
 * over-limit input, another household's ids, request headers and error shapes. They run once, on SQLite.
 */
export const refusalDialects: Dialect[] = ['sqlite'];

export interface TestServer {
  app: FastifyInstance;
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

/** A fresh, empty PostgreSQL database (for tests that connect by URL themselves, as the CLI does). */
export async function scratchPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.EVERYCENT_TEST_PG_URL!;
  const name = `everycent_test_${randomBytes(6).toString('hex')}`;
  const adminPool = new pg.Pool({ connectionString: base, max: 1 });
  adminPool.on('error', () => undefined);
  const admin = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: adminPool }) });
  await sqlRaw(admin, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      // pg's pool.end() resolves before its sockets have closed: wait for them, so the forced drop below
      // never kills a connection that is still saying goodbye (an unhandled error in the suite otherwise).
      for (let attempt = 0; attempt < 50; attempt++) {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = ${name}`.execute(admin);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await sqlRaw(admin, `drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
}

async function sqlRaw(db: Kysely<unknown>, statement: string) {
  await sql.raw(statement).execute(db);
}

export interface TestServerOptions {
  config?: Partial<Config>;
  logger?: AppOptions['logger'];
  /** Runs after the app is built and before it is ready: the place to add routes only a test needs. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
}

/** A real app on a fresh, migrated database. */
export async function startTestServer(dialect: Dialect = 'sqlite', options: TestServerOptions = {}): Promise<TestServer> {
  const scratch = dialect === 'postgres' ? await scratchPostgres() : undefined;
  const database = connectDatabase(scratch ? scratch.url : 'sqlite::memory:');
  await migrateToLatest(database.db);
  const config = { ...loadConfig({}), staticDir: null, timeZone: 'UTC', ...options.config };
  const app = await buildApp({ db: database.db, config, logger: options.logger });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    dialect,
    close: async () => {
      await app.close();
      await database.destroy();
      await scratch?.drop();
    },
  };
}

export type AuthHeaders = Record<'access-token' | 'client' | 'expiry' | 'token-type' | 'uid', string>;

export interface SignedInUser {
  headers: AuthHeaders;
  householdId: number;
  householdName: string;
  userId: number;
  /** Direct data access for arranging fixtures and checking what was written. */
  scope: HouseholdScope;
}

export const DEFAULT_PASSWORD = 'correct horse battery';

/** Creates a household with one user (or, given an existing household's name, a new member of it) and signs in over HTTP. */
export async function signUpAndIn(server: TestServer, householdName = `Household ${randomBytes(3).toString('hex')}`): Promise<SignedInUser> {
  const email = `${randomBytes(5).toString('hex')}@example.com`;
  const { userId, householdId } = await addUser(server.db, { householdName, email, password: DEFAULT_PASSWORD, name: 'Tester' });
  return { ...(await signInAs(server, email)), householdId, householdName, userId, scope: new HouseholdScope(server.db, householdId) };
}

async function signInAs(server: TestServer, email: string): Promise<{ headers: AuthHeaders }> {
  const response = await server.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email, password: DEFAULT_PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`sign in failed: ${response.body}`);
  const headers = Object.fromEntries(
    (['access-token', 'client', 'expiry', 'token-type', 'uid'] as const).map((name) => [name, String(response.headers[name])]),
  ) as AuthHeaders;
  return { headers };
}

/** The other partner: a second member of the user's household, signed in on their own device. */
export const signInPartner = (server: TestServer, user: SignedInUser): Promise<SignedInUser> => signUpAndIn(server, user.householdName);

/** The same person signed in a second time (another device: another session). */
export async function signInAgain(server: TestServer, user: SignedInUser): Promise<SignedInUser> {
  return { ...user, ...(await signInAs(server, user.headers.uid)) };
}

/** `inject` with the user's auth headers and a parsed JSON body. */
export async function call<T = unknown>(
  server: TestServer,
  user: SignedInUser | null,
  options: InjectOptions & { url: string },
): Promise<{ status: number; body: T; headers: Record<string, unknown> }> {
  const response = await server.app.inject({ ...options, headers: { ...(user?.headers ?? {}), ...(options.headers ?? {}) } });
  const text = response.body;
  return { status: response.statusCode, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

export interface TestServerContext {
  server: TestServer;
  /** The caller's household, signed in. */
  user: SignedInUser;
  /** A second signed-in household (with `otherHousehold`), for proving another household's data stays out of reach. */
  other: SignedInUser;
}

export interface UseTestServerOptions {
  /** A fresh household for every test (the default), or one for the whole suite. */
  userPerTest?: boolean;
  /** Also sign in `.other`, as often as `.user`. */
  otherHousehold?: boolean;
  /** `false` for suites whose tests sign in (or not) themselves. */
  signIn?: boolean;
  server?: TestServerOptions;
}

/**
 * The hooks every server suite needs: one app per suite, closed after it, and signed-in households. The
 * returned context is filled in by those hooks: read `.server`, `.user` and `.other` inside hooks and tests.
 */
export function useTestServer(dialect: Dialect, options: UseTestServerOptions = {}): TestServerContext {
  const { userPerTest = true, otherHousehold = false, signIn = true } = options;
  const ctx = {} as TestServerContext;
  const signInHouseholds = async () => {
    ctx.user = await signUpAndIn(ctx.server);
    if (otherHousehold) ctx.other = await signUpAndIn(ctx.server);
  };
  beforeAll(async () => {
    ctx.server = await startTestServer(dialect, options.server);
    if (signIn && !userPerTest) await signInHouseholds();
  });
  if (signIn && userPerTest) beforeEach(signInHouseholds);
  afterAll(() => ctx.server.close());
  return ctx;
}
