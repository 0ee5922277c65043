import { call, signUpAndIn, useTestServer } from '../support/testServer';

describe('security headers', () => {
  const ctx = useTestServer('sqlite', { signIn: false });

  const directives = (header: unknown) =>
    new Map(
      String(header)
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );

  it.each([
    ['an API response', '/settings', true],
    ['an error response', '/no/such/route', false],
  ])('sends a strict Content-Security-Policy and the other helmet headers on %s', async (_what, url, signedIn) => {
    const user = signedIn ? await signUpAndIn(ctx.server) : null;
    const response = await call(ctx.server, user, { method: 'GET', url });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    // antd 6 injects <style> elements at runtime
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
