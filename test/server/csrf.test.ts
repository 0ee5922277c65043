import { call, signUpAndIn, refusalDialects, useTestServer } from '../support/testServer';

const SETTINGS = { family_type: 'single', husband: 'H', wife: 'W', single_person: 'Robin' };

describe.each(refusalDialects)('CSRF double-submit cookie on %s', (dialect) => {
  const ctx = useTestServer(dialect, { signIn: false });

  it('hands out a readable XSRF-TOKEN cookie with SameSite=Lax', async () => {
    const response = await ctx.server.app.inject({ method: 'GET', url: '/setup/status' });
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.path).toBe('/');
  });

  it('refuses a write that carries the cookie but not the header, and writes nothing', async () => {
    const user = await signUpAndIn(ctx.server);
    const cookie = { cookie: 'XSRF-TOKEN=browser-token-123' };
    const missing = await call(ctx.server, user, { method: 'POST', url: '/settings', payload: SETTINGS, headers: cookie });
    expect(missing).toMatchObject({ status: 403, body: { success: false, errors: ['Invalid CSRF token'] } });
    const wrong = await call(ctx.server, user, { method: 'POST', url: '/settings', payload: SETTINGS, headers: { ...cookie, 'x-xsrf-token': 'another-token' } });
    expect(wrong.status).toBe(403);
    const signOut = await call(ctx.server, user, { method: 'DELETE', url: '/auth/sign_out', headers: cookie });
    expect(signOut.status).toBe(403);
    const settings = await call<{ family_type: string }>(ctx.server, user, { method: 'GET', url: '/settings', headers: cookie });
    expect(settings.status).toBe(200);
    expect(settings.body.family_type).toBe('couple');
  });

  it('lets the write through when the header echoes the cookie', async () => {
    const user = await signUpAndIn(ctx.server);
    const headers = { cookie: 'XSRF-TOKEN=browser-token-123', 'x-xsrf-token': 'browser-token-123' };
    const saved = await call<{ single_person: string }>(ctx.server, user, { method: 'POST', url: '/settings', payload: SETTINGS, headers });
    expect(saved.status).toBe(200);
    expect(saved.body.single_person).toBe('Robin');
  });

  it('does not apply to requests without the cookie (scripts, curl)', async () => {
    const user = await signUpAndIn(ctx.server);
    const saved = await call(ctx.server, user, { method: 'POST', url: '/settings', payload: SETTINGS });
    expect(saved.status).toBe(200);
    const signIn = await ctx.server.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email: user.headers.uid, password: 'wrong password!' } });
    expect(signIn.statusCode).toBe(401);
  });
});
