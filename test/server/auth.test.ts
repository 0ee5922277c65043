import { MAX_SESSIONS_PER_USER, TOKEN_LIFETIME_SECONDS } from '../../server/services/sessions';
import { addUser } from '../../server/services/households';
import { call, DEFAULT_PASSWORD, signUpAndIn, testDialects, useTestServer } from '../support/testServer';

const SIGN_IN_REQUIRED = { success: false, errors: ['You need to sign in or sign up before continuing.'] };
const INVALID_LOGIN = { success: false, errors: ['Invalid login credentials. Please try again.'] };

// Some tests sign in a dozen times (scrypt each time), which on a busy machine takes longer than jest's default.
jest.setTimeout(60_000);

describe.each(testDialects)('authentication on %s', (dialect) => {
  const ctx = useTestServer(dialect, { signIn: false });
  let address = 0;
  // Each test signs in from its own address so the per-address login limit of one test never reaches another.
  const remoteAddress = () => `10.0.0.${++address}`;

  const signIn = (email: string, password: string) =>
    ctx.server.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email, password }, remoteAddress: remoteAddress() });

  it('signs in with the five headers and the user in the body, the email trimmed and in any case', async () => {
    const { householdId, userId } = await addUser(ctx.server.db, { householdName: 'The Lees', email: 'pat@example.com', password: DEFAULT_PASSWORD, name: 'Pat' });
    const before = Math.floor(Date.now() / 1000);
    const response = await signIn('  Pat@Example.COM ', DEFAULT_PASSWORD);
    expect(response.statusCode).toBe(200);
    const token = String(response.headers['access-token']);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(String(response.headers.client)).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const expiry = Number(response.headers.expiry);
    expect(expiry).toBeGreaterThanOrEqual(before + TOKEN_LIFETIME_SECONDS);
    expect(expiry).toBeLessThanOrEqual(before + TOKEN_LIFETIME_SECONDS + 5);
    expect(response.headers['token-type']).toBe('Bearer');
    expect(response.headers.uid).toBe('pat@example.com');
    expect(response.json()).toEqual({
      data: { id: userId, email: 'pat@example.com', uid: 'pat@example.com', name: 'Pat', household_id: householdId, household_name: 'The Lees', must_change_password: false },
    });
  });

  it('stores only a hash of the token, with a 14-day expiry', async () => {
    const user = await signUpAndIn(ctx.server);
    const session = await ctx.server.db.selectFrom('sessions').selectAll().where('client', '=', user.headers.client).executeTakeFirstOrThrow();
    expect(session.token_hash).not.toContain(user.headers['access-token']);
    expect(session.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(session.expires_at)).toBe(Number(user.headers.expiry));
  });

  it('gives an unknown email and a wrong password the same 401', async () => {
    const user = await signUpAndIn(ctx.server);
    const unknown = await signIn('nobody@example.com', DEFAULT_PASSWORD);
    const wrong = await signIn(user.headers.uid, 'not the password at all');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(INVALID_LOGIN);
    expect(wrong.json()).toEqual(INVALID_LOGIN);
    expect(unknown.headers['access-token']).toBeUndefined();
    expect(wrong.headers['access-token']).toBeUndefined();
  });

  it('accepts the token headers and the Bearer form, and validates the token', async () => {
    const user = await signUpAndIn(ctx.server);
    const valid = await call<{ success: boolean; data: { id: number; household_id: number } }>(ctx.server, user, { method: 'GET', url: '/auth/validate_token' });
    expect(valid.status).toBe(200);
    expect(valid.body).toMatchObject({ success: true, data: { id: user.userId, household_id: user.householdId } });
    const bearer = await call(ctx.server, null, {
      method: 'GET',
      url: '/settings',
      headers: { authorization: `Bearer ${user.headers['access-token']}`, client: user.headers.client, uid: user.headers.uid },
    });
    expect(bearer.status).toBe(200);
  });

  it('refuses requests without credentials, with a forged token, or with a token of another user', async () => {
    const user = await signUpAndIn(ctx.server);
    const other = await signUpAndIn(ctx.server);
    const anonymous = await call(ctx.server, null, { method: 'GET', url: '/settings' });
    expect(anonymous).toMatchObject({ status: 401, body: SIGN_IN_REQUIRED });
    const forged = await call(ctx.server, { ...user, headers: { ...user.headers, 'access-token': 'A'.repeat(43) } }, { method: 'GET', url: '/settings' });
    expect(forged).toMatchObject({ status: 401, body: SIGN_IN_REQUIRED });
    const swapped = await call(ctx.server, { ...user, headers: { ...user.headers, uid: other.headers.uid } }, { method: 'GET', url: '/settings' });
    expect(swapped.status).toBe(401);
    const invalid = await call(ctx.server, { ...user, headers: { ...user.headers, 'access-token': 'nope' } }, { method: 'GET', url: '/auth/validate_token' });
    expect(invalid).toMatchObject({ status: 401, body: { success: false, errors: ['Invalid login credentials'] } });
  });

  it('refuses an expired token', async () => {
    const user = await signUpAndIn(ctx.server);
    expect((await call(ctx.server, user, { method: 'GET', url: '/settings' })).status).toBe(200);
    await ctx.server.db.updateTable('sessions').set({ expires_at: Math.floor(Date.now() / 1000) - 1 }).where('client', '=', user.headers.client).execute();
    const expired = await call(ctx.server, user, { method: 'GET', url: '/settings' });
    expect(expired).toMatchObject({ status: 401, body: SIGN_IN_REQUIRED });
    expect((await call(ctx.server, user, { method: 'GET', url: '/auth/validate_token' })).status).toBe(401);
  });

  it('signs out by deleting that session only', async () => {
    const user = await signUpAndIn(ctx.server);
    const second = await signIn(user.headers.uid, DEFAULT_PASSWORD);
    const out = await call(ctx.server, user, { method: 'DELETE', url: '/auth/sign_out' });
    expect(out).toMatchObject({ status: 200, body: { success: true } });
    expect(await ctx.server.db.selectFrom('sessions').select('id').where('client', '=', user.headers.client).executeTakeFirst()).toBeUndefined();
    expect((await call(ctx.server, user, { method: 'GET', url: '/settings' })).status).toBe(401);
    const secondHeaders = { 'access-token': String(second.headers['access-token']), client: String(second.headers.client), uid: user.headers.uid };
    expect((await call(ctx.server, null, { method: 'GET', url: '/settings', headers: secondHeaders })).status).toBe(200);
  });

  it(`keeps at most ${MAX_SESSIONS_PER_USER} live sessions per user, dropping the oldest`, async () => {
    const user = await signUpAndIn(ctx.server);
    const later = [];
    for (let i = 0; i < MAX_SESSIONS_PER_USER; i += 1) later.push(await signIn(user.headers.uid, DEFAULT_PASSWORD));
    const sessions = await ctx.server.db.selectFrom('sessions').select('client').where('user_id', '=', user.userId).execute();
    expect(sessions).toHaveLength(MAX_SESSIONS_PER_USER);
    expect(sessions.map((s) => s.client)).not.toContain(user.headers.client);
    expect((await call(ctx.server, user, { method: 'GET', url: '/settings' })).status).toBe(401);
    const newest = later[later.length - 1];
    const headers = { 'access-token': String(newest.headers['access-token']), client: String(newest.headers.client), uid: user.headers.uid };
    expect((await call(ctx.server, null, { method: 'GET', url: '/settings', headers })).status).toBe(200);
  });
});
