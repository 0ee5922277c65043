import { ALREADY_SET_UP_MESSAGE } from '../../server/services/households';
import { call, testDialects, useTestServer } from '../support/testServer';

const HOUSEHOLD = {
  household_name: 'The Parkers',
  name: 'Jo Parker',
  email: ' Jo@Example.com ',
  password: 'a long enough password',
  password_confirmation: 'a long enough password',
};

describe.each(testDialects)('first-run household creation on %s', (dialect) => {
  const ctx = useTestServer(dialect, { signIn: false });

  it('refuses bad input with 422 field errors and creates nothing', async () => {
    const mismatch = await call<{ field_errors: Record<string, string[]> }>(ctx.server, null, {
      method: 'POST',
      url: '/setup/household',
      payload: { ...HOUSEHOLD, password: 'short', password_confirmation: 'other' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.field_errors.password).toEqual(['Password must be at least 10 characters']);
    const confirmation = await call<{ field_errors: Record<string, string[]> }>(ctx.server, null, {
      method: 'POST',
      url: '/setup/household',
      payload: { ...HOUSEHOLD, password_confirmation: 'something else entirely' },
    });
    expect(confirmation.body.field_errors.password_confirmation).toEqual(["Password confirmation doesn't match Password"]);
    expect(await ctx.server.db.selectFrom('households').select('id').execute()).toHaveLength(0);
  });

  it('works once without signing in, then the user signs in and the form refuses', async () => {
    expect(await call(ctx.server, null, { method: 'GET', url: '/setup/status' })).toMatchObject({ status: 200, body: { needs_household: true } });
    const created = await call(ctx.server, null, { method: 'POST', url: '/setup/household', payload: HOUSEHOLD });
    expect(created).toMatchObject({ status: 201, body: { success: true } });
    expect(await call(ctx.server, null, { method: 'GET', url: '/setup/status' })).toMatchObject({ body: { needs_household: false } });

    const signIn = await ctx.server.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email: 'jo@example.com', password: HOUSEHOLD.password } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ data: { email: 'jo@example.com', name: 'Jo Parker', household_name: 'The Parkers' } });

    const again = await call(ctx.server, null, { method: 'POST', url: '/setup/household', payload: { ...HOUSEHOLD, email: 'intruder@example.com', household_name: 'Intruders' } });
    expect(again).toMatchObject({ status: 422, body: { success: false, errors: [ALREADY_SET_UP_MESSAGE] } });
    expect(await ctx.server.db.selectFrom('users').select('email').execute()).toEqual([{ email: 'jo@example.com' }]);
    expect(await ctx.server.db.selectFrom('households').select('name').execute()).toEqual([{ name: 'The Parkers' }]);
    // Sent without the partners' names (as before they were asked for): both partners stay unnamed.
    expect(await ctx.server.db.selectFrom('settings').select(['wife', 'husband']).execute()).toEqual([{ wife: '', husband: '' }]);
  });
});

describe.each(testDialects)('first-run household creation with the partners named, on %s', (dialect) => {
  const ctx = useTestServer(dialect, { signIn: false });

  it('keeps the names trimmed as the first and second partner; a blank name stays unnamed', async () => {
    const created = await call(ctx.server, null, {
      method: 'POST',
      url: '/setup/household',
      payload: { ...HOUSEHOLD, first_partner_name: '   ', second_partner_name: '  Sam Parker ' },
    });
    expect(created).toMatchObject({ status: 201, body: { success: true } });
    // Settings keep the first partner as `wife`, the second as `husband`.
    expect(await ctx.server.db.selectFrom('settings').select(['wife', 'husband']).execute()).toEqual([{ wife: '', husband: 'Sam Parker' }]);
  });
});
