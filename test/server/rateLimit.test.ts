import { LOGIN_WINDOW_MS, MAX_FAILED_LOGINS } from '../../server/services/sessions';
import { DEFAULT_PASSWORD, signUpAndIn, testDialects, useTestServer } from '../support/testServer';

const TOO_MANY = /^Too many login attempts\. Try again in (\d+) minutes\.$/;

// Each test hashes a dozen passwords with scrypt, which on a busy machine takes longer than jest's default.
jest.setTimeout(60_000);

describe.each(testDialects)('login rate limit on %s', (dialect) => {
  const ctx = useTestServer(dialect, { signIn: false });

  const signIn = (email: string, password: string, remoteAddress: string) =>
    ctx.server.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email, password }, remoteAddress });

  it('answers the 11th failed login for one email within 15 minutes with 429, even with the right password', async () => {
    const user = await signUpAndIn(ctx.server);
    for (let i = 0; i < MAX_FAILED_LOGINS; i += 1) {
      // a different address each time: the email alone must trigger the limit
      expect((await signIn(user.headers.uid, 'wrong password!', `10.1.0.${i + 1}`)).statusCode).toBe(401);
    }
    const blocked = await signIn(user.headers.uid, 'wrong password!', '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    const body = blocked.json();
    expect(body.success).toBe(false);
    expect(body.errors).toHaveLength(1);
    const minutes = Number(TOO_MANY.exec(body.errors[0])?.[1]);
    expect(minutes).toBeGreaterThanOrEqual(14);
    expect(minutes).toBeLessThanOrEqual(15);
    expect((await signIn(user.headers.uid, DEFAULT_PASSWORD, '10.1.1.2')).statusCode).toBe(429);
  });

  it('limits one address trying many emails, and stores the attempts in the database', async () => {
    const user = await signUpAndIn(ctx.server);
    for (let i = 0; i < MAX_FAILED_LOGINS; i += 1) {
      expect((await signIn(`guess${i}@example.com`, 'wrong password!', '10.2.0.1')).statusCode).toBe(401);
    }
    const stored = await ctx.server.db.selectFrom('login_attempts').select('id').where('attempt_key', '=', 'ip:10.2.0.1').execute();
    expect(stored).toHaveLength(MAX_FAILED_LOGINS);
    expect((await signIn(user.headers.uid, DEFAULT_PASSWORD, '10.2.0.1')).statusCode).toBe(429);
    expect((await signIn(user.headers.uid, DEFAULT_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('forgets failures older than 15 minutes and clears the email count on success', async () => {
    const user = await signUpAndIn(ctx.server);
    for (let i = 0; i < MAX_FAILED_LOGINS; i += 1) await signIn(user.headers.uid, 'wrong password!', '10.3.0.1');
    expect((await signIn(user.headers.uid, DEFAULT_PASSWORD, '10.3.0.2')).statusCode).toBe(429);
    await ctx.server.db
      .updateTable('login_attempts')
      .set({ attempted_at: Date.now() - LOGIN_WINDOW_MS - 1000 })
      .where('attempt_key', 'in', [`email:${user.headers.uid}`, 'ip:10.3.0.1'])
      .execute();
    expect((await signIn(user.headers.uid, DEFAULT_PASSWORD, '10.3.0.2')).statusCode).toBe(200);
    const remaining = await ctx.server.db.selectFrom('login_attempts').select('id').where('attempt_key', '=', `email:${user.headers.uid}`).execute();
    expect(remaining).toHaveLength(0);
  });

  it('checks at most the allowed number of passwords when 40 wrong ones for one email arrive at once', async () => {
    const user = await signUpAndIn(ctx.server);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(user.headers.uid, 'wrong password!', `10.4.${Math.floor(i / 200)}.${(i % 200) + 1}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_FAILED_LOGINS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - MAX_FAILED_LOGINS);
  });
});
