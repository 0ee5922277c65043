import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { User as UserBody } from '../../src/shared/schemas/auth';
import { chunked } from '../db/chunks';
import { keepPrepared } from '../db/connect';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';
import { tooManyRequests, unauthorized } from '../errors';
import { normaliseEmail } from './households';
import { dummyPasswordHash, verifyPassword } from './passwords';

/** Sessions of the devise_token_auth header scheme (api-and-domain §1): sign in, look up, sign out. */

export const TOKEN_LIFETIME_SECONDS = 14 * 24 * 60 * 60;
export const MAX_SESSIONS_PER_USER = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILED_LOGINS = 10;
const LAST_USED_GRANULARITY_SECONDS = 60 * 60;

const INVALID_LOGIN = 'Invalid login credentials. Please try again.';

/** Who is calling: the session's user and household. */
export interface AuthContext {
  userId: number;
  householdId: number;
  sessionId: number;
  /** The household's revision when the request arrived: see ResponseCache. */
  revision: number;
  /** Signed in with a temporary password: only choosing a new one (and signing out) is allowed. */
  mustChangePassword: boolean;
}

/** The credentials a request presents (the five headers, or `Authorization: Bearer` with `client` and `uid`). */
export interface PresentedCredentials {
  token: string | undefined;
  client: string | undefined;
  uid: string | undefined;
}

/** What a successful sign-in hands back in the response headers. */
interface IssuedSession {
  token: string;
  client: string;
  expiry: number;
  uid: string;
  userId: number;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const nowSeconds = () => Math.floor(Date.now() / 1000);

const sessionQuery = (db: Kysely<Database>, email: string, client: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('households', 'households.id', 'users.household_id')
    .select([
      'sessions.id as session_id',
      'sessions.token_hash',
      'sessions.expires_at',
      'sessions.last_used_at',
      'users.id as user_id',
      'users.household_id',
      'users.must_change_password',
      'households.revision',
    ])
    // lower() matches the unique index on users; emails are stored normalised.
    .where(sql<string>`lower(users.email)`, '=', email)
    .where('sessions.client', '=', client);

type SessionRow = NonNullable<Awaited<ReturnType<ReturnType<typeof sessionQuery>['executeTakeFirst']>>>;

/** Every request looks its session up: the SQL is built once, since building it costs more than running it. */
function sessionLookup(db: Kysely<Database>) {
  const { sql: text, parameters } = sessionQuery(db, '', '').compile();
  if (parameters.length !== 2) throw new Error('the session lookup must take exactly the email and the client');
  keepPrepared(text);
  return async (email: string, client: string): Promise<SessionRow | undefined> =>
    (await db.executeQuery<SessionRow>(CompiledQuery.raw(text, [email, client]))).rows[0];
}

type Authenticator = (credentials: PresentedCredentials) => Promise<AuthContext | null>;

/** Checks presented credentials against the stored session (token compared as a hash, in constant time). */
export function authenticator(db: Kysely<Database>): Authenticator {
  const findSession = sessionLookup(db);
  return async ({ token, client, uid }) => {
    if (!token || !client || !uid) return null;
    const session = await findSession(normaliseEmail(uid), client);
    if (!session || session.expires_at <= nowSeconds()) return null;
    const expected = Buffer.from(session.token_hash, 'hex');
    const actual = Buffer.from(sha256(token), 'hex');
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
    if (nowSeconds() - session.last_used_at > LAST_USED_GRANULARITY_SECONDS) {
      await db.updateTable('sessions').set({ last_used_at: nowSeconds() }).where('id', '=', session.session_id).execute();
    }
    return { userId: session.user_id, householdId: session.household_id, sessionId: session.session_id, revision: session.revision, mustChangePassword: Number(session.must_change_password) === 1 };
  };
}

/** "Chrome on Android", "Firefox on Windows": enough for a person to recognise their own device. */
function deviceName(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const browsers: Array<[RegExp, string]> = [[/Edg\//, 'Edge'], [/Firefox\//, 'Firefox'], [/Chrom(e|ium)\//, 'Chrome'], [/Safari\//, 'Safari'], [/curl\//, 'curl']];
  const systems: Array<[RegExp, string]> = [[/Android/, 'Android'], [/iPhone|iPad/, 'iOS'], [/Windows/, 'Windows'], [/Mac OS X|Macintosh/, 'macOS'], [/Linux/, 'Linux']];
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser && !system) return userAgent.slice(0, 200);
  return [browser ?? 'A browser', system].filter(Boolean).join(' on ');
}

/** The user as sign-in and validate_token describe them. */
export async function userBody(db: Kysely<Database>, userId: number): Promise<UserBody> {
  const user = await db
    .selectFrom('users')
    .innerJoin('households', 'households.id', 'users.household_id')
    .select(['users.id', 'users.email', 'users.name', 'users.household_id', 'households.name as household_name', 'users.must_change_password'])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
  return { ...user, uid: user.email, must_change_password: Number(user.must_change_password) === 1 };
}

/**
 * Counts this attempt before the password is checked, atomically: the attempts of the last LOGIN_WINDOW_MS for
 * the email and for the address are counted and this one is recorded in one transaction that holds those keys,
 * so however many attempts arrive at once, at most MAX_FAILED_LOGINS of them are ever checked. An attempt that
 * succeeds is taken back afterwards (with the email's earlier failures); a failed one stays counted.
 */
async function recordAttempt(db: Kysely<Database>, keys: string[]): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    // SQLite runs one write transaction at a time (begun immediate); PostgreSQL needs the keys locked.
    if (isPostgres(trx)) {
      for (const key of [...keys].sort()) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
    }
    const now = Date.now();
    await trx.deleteFrom('login_attempts').where('attempted_at', '<=', now - LOGIN_WINDOW_MS).execute();
    const rows = await trx
      .selectFrom('login_attempts')
      .select(['attempt_key', (eb) => eb.fn.countAll<number>().as('attempts'), (eb) => eb.fn.min('attempted_at').as('oldest')])
      .where('attempt_key', 'in', keys)
      .groupBy('attempt_key')
      .execute();
    const blocked = rows.find((row) => row.attempts >= MAX_FAILED_LOGINS);
    if (blocked) {
      const minutes = Math.max(1, Math.ceil((Number(blocked.oldest) + LOGIN_WINDOW_MS - now) / 60000));
      throw tooManyRequests(`Too many login attempts. Try again in ${minutes} minutes.`);
    }
    const inserted = await trx
      .insertInto('login_attempts')
      .values(keys.map((attempt_key) => ({ attempt_key, attempted_at: now })))
      .returning('id')
      .execute();
    return inserted.map((row) => row.id);
  });
}

/**
 * The account of this email whose password this is, or undefined. An email may have an account in more than one
 * household (each household's emails are its own: migration 0017); the password says which. Every candidate is
 * checked at once (scrypt runs on Node's thread pool), so the answer takes about as long for one candidate as for
 * two, and an unknown email is checked against a stand-in hash: the time says nothing of who has an account.
 */
async function accountOf(db: Kysely<Database>, email: string, password: string): Promise<{ id: number } | undefined> {
  const candidates = await db.selectFrom('users').select(['id', 'password_hash']).where(sql<string>`lower(email)`, '=', email).orderBy('id').execute();
  if (candidates.length === 0) {
    await verifyPassword(password, await dummyPasswordHash());
    return undefined;
  }
  const valid = await Promise.all(candidates.map((candidate) => verifyPassword(password, candidate.password_hash)));
  return candidates.find((_, i) => valid[i]);
}

/**
 * Email and password to a new session: 429 after too many failures for the email or the address, the same 401
 * for an unknown email and a wrong password, at most MAX_SESSIONS_PER_USER live sessions (the oldest dropped).
 */
export async function signIn(db: Kysely<Database>, input: { email: string; password: string; ip: string; userAgent?: string }): Promise<IssuedSession> {
  const email = normaliseEmail(input.email);
  const keys = [`email:${email}`, `ip:${input.ip}`];
  const attemptIds = await recordAttempt(db, keys);
  const user = await accountOf(db, email, input.password);
  if (!user) throw unauthorized(INVALID_LOGIN);
  const token = randomBytes(32).toString('base64url');
  const client = randomBytes(16).toString('base64url');
  const expiry = nowSeconds() + TOKEN_LIFETIME_SECONDS;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).where('expires_at', '<=', nowSeconds()).execute();
    await trx
      .insertInto('sessions')
      .values({ user_id: user.id, client, token_hash: sha256(token), expires_at: expiry, last_used_at: nowSeconds(), device: deviceName(input.userAgent) })
      .execute();
    await trx.updateTable('users').set({ last_sign_in_at: nowSeconds() }).where('id', '=', user.id).execute();
    const stale = await trx
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .orderBy('expires_at', 'desc')
      .orderBy('id', 'desc')
      .offset(MAX_SESSIONS_PER_USER)
      .limit(1000)
      .execute();
    if (stale.length) await trx.deleteFrom('sessions').where('id', 'in', stale.map((s) => s.id)).execute();
    await trx
      .deleteFrom('login_attempts')
      .where((eb) => eb.or([eb('attempt_key', '=', keys[0]), eb('id', 'in', attemptIds)]))
      .execute();
  });
  return { token, client, expiry, uid: email, userId: user.id };
}

/** Which of these sessions still exist and have not expired (the live streams' check, chunked for long lists). */
export async function sessionsAlive(db: Kysely<Database>, sessionIds: number[]): Promise<Set<number>> {
  const alive = new Set<number>();
  for (const ids of chunked(sessionIds)) {
    const rows = await db.selectFrom('sessions').select('id').where('id', 'in', ids).where('expires_at', '>', nowSeconds()).execute();
    for (const row of rows) alive.add(row.id);
  }
  return alive;
}

export async function signOut(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}
