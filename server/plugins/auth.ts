import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { signInBodySchema, type User as UserBody } from '../../src/shared/schemas/auth';
import { keepPrepared } from '../db/connect';
import { HouseholdScope } from '../db/scope';
import type { Database } from '../db/schema';
import { tooManyRequests, unauthorized } from '../errors';
import { normaliseEmail } from '../services/households';
import { dummyPasswordHash, verifyPassword } from '../services/passwords';

export const TOKEN_LIFETIME_SECONDS = 14 * 24 * 60 * 60;
export const MAX_SESSIONS_PER_USER = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILED_LOGINS = 10;
const LAST_USED_GRANULARITY_SECONDS = 60 * 60;

const INVALID_LOGIN = 'Invalid login credentials. Please try again.';

export interface AuthContext {
  userId: number;
  householdId: number;
  sessionId: number;
  /** The household's revision when the request arrived: see ResponseCache. */
  revision: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Routes reachable without signing in (sign in, first-run setup, static files). */
    public?: boolean;
  }
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The caller's household: every route reads and writes through this. */
export function householdScope(request: FastifyRequest): HouseholdScope {
  if (!request.auth) throw unauthorized();
  return new HouseholdScope(request.server.db, request.auth.householdId);
}

function credentialsOf(request: FastifyRequest) {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const bearer = /^Bearer\s+(.+)$/i.exec(header('authorization') ?? '')?.[1];
  return { token: header('access-token') ?? bearer, client: header('client'), uid: header('uid') };
}

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

async function authenticate(db: Kysely<Database>, findSession: ReturnType<typeof sessionLookup>, request: FastifyRequest): Promise<AuthContext | null> {
  const { token, client, uid } = credentialsOf(request);
  if (!token || !client || !uid) return null;
  const session = await findSession(normaliseEmail(uid), client);
  if (!session || session.expires_at <= nowSeconds()) return null;
  const expected = Buffer.from(session.token_hash, 'hex');
  const actual = Buffer.from(sha256(token), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  if (nowSeconds() - session.last_used_at > LAST_USED_GRANULARITY_SECONDS) {
    await db.updateTable('sessions').set({ last_used_at: nowSeconds() }).where('id', '=', session.session_id).execute();
  }
  return { userId: session.user_id, householdId: session.household_id, sessionId: session.session_id, revision: session.revision };
}

async function userBody(db: Kysely<Database>, userId: number): Promise<UserBody> {
  const user = await db
    .selectFrom('users')
    .innerJoin('households', 'households.id', 'users.household_id')
    .select(['users.id', 'users.email', 'users.name', 'users.household_id', 'households.name as household_name'])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
  return { ...user, uid: user.email };
}

async function checkRateLimit(db: Kysely<Database>, keys: string[]) {
  const since = Date.now() - LOGIN_WINDOW_MS;
  const rows = await db
    .selectFrom('login_attempts')
    .select(['attempt_key', (eb) => eb.fn.countAll<number>().as('failures'), (eb) => eb.fn.min('attempted_at').as('oldest')])
    .where('attempt_key', 'in', keys)
    .where('attempted_at', '>', since)
    .groupBy('attempt_key')
    .execute();
  const blocked = rows.find((row) => Number(row.failures) >= MAX_FAILED_LOGINS);
  if (blocked) {
    const minutes = Math.max(1, Math.ceil((Number(blocked.oldest) + LOGIN_WINDOW_MS - Date.now()) / 60000));
    throw tooManyRequests(`Too many login attempts. Try again in ${minutes} minutes.`);
  }
}

export async function registerAuth(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const findSession = sessionLookup(db);
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    // Unknown routes answer 404 to everyone: there is nothing behind them to protect.
    if (request.routeOptions.config?.public || request.is404) return;
    request.auth = await authenticate(db, findSession, request);
    if (!request.auth) throw unauthorized();
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post('/auth/sign_in', { schema: { body: signInBodySchema }, config: { public: true } }, async (request, reply) => {
    const email = normaliseEmail(request.body.email);
    const keys = [`email:${email}`, `ip:${request.ip}`];
    await checkRateLimit(db, keys);
    const user = await db.selectFrom('users').select(['id', 'password_hash']).where(sql<string>`lower(email)`, '=', email).executeTakeFirst();
    const valid = await verifyPassword(request.body.password, user?.password_hash ?? (await dummyPasswordHash()));
    if (!user || !valid) {
      const attemptedAt = Date.now();
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('login_attempts').where('attempted_at', '<=', attemptedAt - LOGIN_WINDOW_MS).execute();
        await trx
          .insertInto('login_attempts')
          .values(keys.map((attempt_key) => ({ attempt_key, attempted_at: attemptedAt })))
          .execute();
      });
      throw unauthorized(INVALID_LOGIN);
    }
    const token = randomBytes(32).toString('base64url');
    const client = randomBytes(16).toString('base64url');
    const expiry = nowSeconds() + TOKEN_LIFETIME_SECONDS;
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sessions').where('user_id', '=', user.id).where('expires_at', '<=', nowSeconds()).execute();
      await trx
        .insertInto('sessions')
        .values({ user_id: user.id, client, token_hash: sha256(token), expires_at: expiry, last_used_at: nowSeconds() })
        .execute();
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
      await trx.deleteFrom('login_attempts').where('attempt_key', '=', keys[0]).execute();
    });
    reply.headers({
      'access-token': token,
      client,
      expiry: String(expiry),
      'token-type': 'Bearer',
      uid: email,
    });
    return { data: await userBody(db, user.id) };
  });

  app.get('/auth/validate_token', { config: { public: true } }, async (request, reply) => {
    const auth = await authenticate(db, findSession, request);
    if (!auth) return reply.status(401).send({ success: false, errors: ['Invalid login credentials'] });
    return { success: true, data: await userBody(db, auth.userId) };
  });

  app.delete('/auth/sign_out', async (request) => {
    if (request.auth) await db.deleteFrom('sessions').where('id', '=', request.auth.sessionId).execute();
    return { success: true };
  });
}
