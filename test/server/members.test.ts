import {
  type AddedMember,
  CHOOSE_OWN_PASSWORD,
  type DeviceSession,
  type Member,
  MEMBER_NOT_FOUND,
  SESSION_NOT_FOUND,
  WRONG_CURRENT_PASSWORD,
} from '../../src/shared/schemas/members';
import { call, DEFAULT_PASSWORD, signInAgain, signInPartner, testDialects, type TestServer, useTestServer } from '../support/testServer';

async function signInWith(server: TestServer, email: string, password: string, userAgent?: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/auth/sign_in',
    payload: { email, password },
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
  const headers = Object.fromEntries(['access-token', 'client', 'expiry', 'token-type', 'uid'].map((name) => [name, String(response.headers[name])]));
  return { status: response.statusCode, headers: headers as Record<'access-token' | 'client' | 'expiry' | 'token-type' | 'uid', string> };
}

describe.each(testDialects)('members on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  it("lists the household's people only, the caller marked", async () => {
    const partner = await signInPartner(ctx.server, ctx.user);
    const listed = await call<Member[]>(ctx.server, ctx.user, { method: 'GET', url: '/members' });
    expect(listed.status).toBe(200);
    expect(listed.body.map((m) => [m.id, m.is_you, m.role])).toEqual([
      [ctx.user.userId, true, 'owner'],
      [partner.userId, false, 'member'],
    ]);
    expect(listed.body[0].email).toBe(ctx.user.headers.uid);
    expect(listed.body[0].last_sign_in_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(listed.body.map((m) => m.id)).not.toContain(ctx.other.userId);
  });

  it('adds a member with a temporary password shown once, which must be changed before anything else', async () => {
    const added = await call<AddedMember>(ctx.server, ctx.user, { method: 'POST', url: '/members', payload: { name: 'Ben', email: ' Ben@Example.com ' } });
    expect(added.status).toBe(201);
    expect(added.body.member).toMatchObject({ name: 'Ben', email: 'ben@example.com', must_change_password: true, last_sign_in_at: null, is_you: false });
    const temporary = added.body.temporary_password;
    expect(temporary.length).toBeGreaterThanOrEqual(10);
    const stored = await ctx.server.db.selectFrom('users').select(['password_hash', 'household_id']).where('id', '=', added.body.member.id).executeTakeFirstOrThrow();
    expect(stored.household_id).toBe(ctx.user.householdId);
    expect(stored.password_hash).not.toContain(temporary);

    const ben = await signInWith(ctx.server, 'ben@example.com', temporary);
    expect(ben.status).toBe(200);
    const blocked = await call(ctx.server, { ...ctx.user, headers: ben.headers }, { method: 'GET', url: '/budgets' });
    expect(blocked).toMatchObject({ status: 403, body: { errors: [CHOOSE_OWN_PASSWORD] } });
    const changed = await call(ctx.server, { ...ctx.user, headers: ben.headers }, {
      method: 'PUT',
      url: '/account/password',
      payload: { current_password: temporary, password: 'a password of my own', password_confirmation: 'a password of my own' },
    });
    expect(changed.status).toBe(200);
    expect((await call(ctx.server, { ...ctx.user, headers: ben.headers }, { method: 'GET', url: '/budgets' })).status).toBe(200);
    expect((await signInWith(ctx.server, 'ben@example.com', temporary)).status).toBe(401);
    expect((await signInWith(ctx.server, 'ben@example.com', 'a password of my own')).status).toBe(200);
  });

  it('refuses an email of this household or a bad one, adding nobody', async () => {
    const before = await ctx.server.db.selectFrom('users').select('id').execute();
    const taken = await call(ctx.server, ctx.user, { method: 'POST', url: '/members', payload: { name: 'X', email: ctx.user.headers.uid.toUpperCase() } });
    expect(taken).toMatchObject({ status: 422, body: { errors: ['This email is already a member of this household'] } });
    const bad = await call(ctx.server, ctx.user, { method: 'POST', url: '/members', payload: { name: '', email: 'nope' } });
    expect(bad.status).toBe(422);
    expect(await ctx.server.db.selectFrom('users').select('id').execute()).toEqual(before);
  });

  it('an email another household uses is added like any new one: the form tells nothing of other households, and each account signs in to its own', async () => {
    const theirs = ctx.other.headers.uid;
    const fresh = `fresh-${ctx.user.userId}@example.com`;
    const [elsewhere, unknown] = await Promise.all(
      [theirs, fresh].map((email) => call<AddedMember>(ctx.server, ctx.user, { method: 'POST', url: '/members', payload: { name: 'Sam', email } })),
    );
    // The same answer, field for field, whether or not someone elsewhere has this email.
    const shape = (answer: typeof elsewhere) => ({ status: answer.status, keys: Object.keys(answer.body.member).sort(), email: answer.body.member.email === theirs || answer.body.member.email === fresh });
    expect(shape(elsewhere)).toEqual(shape(unknown));
    expect(elsewhere.status).toBe(201);
    // The other household's person still signs in to their own household with their own password...
    const householdOf = async (password: string) => {
      const signedIn = await signInWith(ctx.server, theirs, password);
      expect(signedIn.status).toBe(200);
      return (await ctx.server.app.inject({ method: 'GET', url: '/auth/validate_token', headers: signedIn.headers })).json<{ data: { household_id: number } }>().data.household_id;
    };
    expect(await householdOf(DEFAULT_PASSWORD)).toBe(ctx.other.householdId);
    // ...and the temporary password reaches the new member of this household, never the other account.
    expect(await householdOf(elsewhere.body.temporary_password)).toBe(ctx.user.householdId);
  });

  it("removes a member, whose token is refused at once; never another household's", async () => {
    const partner = await signInPartner(ctx.server, ctx.user);
    const partnerPhone = await signInAgain(ctx.server, partner);
    expect((await call(ctx.server, partner, { method: 'GET', url: '/budgets' })).status).toBe(200);

    const foreign = await call(ctx.server, ctx.user, { method: 'DELETE', url: `/members/${ctx.other.userId}` });
    expect(foreign).toMatchObject({ status: 404, body: { errors: [MEMBER_NOT_FOUND] } });
    expect((await call(ctx.server, ctx.other, { method: 'GET', url: '/budgets' })).status).toBe(200);

    expect((await call(ctx.server, ctx.user, { method: 'DELETE', url: `/members/${partner.userId}` })).status).toBe(200);
    expect((await call(ctx.server, partner, { method: 'GET', url: '/budgets' })).status).toBe(401);
    expect((await call(ctx.server, partnerPhone, { method: 'GET', url: '/budgets' })).status).toBe(401);
    expect((await signInWith(ctx.server, partner.headers.uid, DEFAULT_PASSWORD)).status).toBe(401);
    const listed = await call<Member[]>(ctx.server, ctx.user, { method: 'GET', url: '/members' });
    expect(listed.body.map((m) => m.id)).toEqual([ctx.user.userId]);
  });

  it('changes only with the current password; the other devices are signed out', async () => {
    const phone = await signInAgain(ctx.server, ctx.user);
    const wrong = await call(ctx.server, ctx.user, {
      method: 'PUT',
      url: '/account/password',
      payload: { current_password: 'not it at all', password: 'brand new password', password_confirmation: 'brand new password' },
    });
    expect(wrong).toMatchObject({ status: 422, body: { errors: [WRONG_CURRENT_PASSWORD], field_errors: { current_password: [WRONG_CURRENT_PASSWORD] } } });
    const mismatch = await call(ctx.server, ctx.user, {
      method: 'PUT',
      url: '/account/password',
      payload: { current_password: DEFAULT_PASSWORD, password: 'brand new password', password_confirmation: 'something else' },
    });
    expect(mismatch.status).toBe(422);
    expect((await call(ctx.server, phone, { method: 'GET', url: '/budgets' })).status).toBe(200);

    const ok = await call(ctx.server, ctx.user, {
      method: 'PUT',
      url: '/account/password',
      payload: { current_password: DEFAULT_PASSWORD, password: 'brand new password', password_confirmation: 'brand new password' },
    });
    expect(ok.status).toBe(200);
    expect((await call(ctx.server, ctx.user, { method: 'GET', url: '/budgets' })).status).toBe(200);
    expect((await call(ctx.server, phone, { method: 'GET', url: '/budgets' })).status).toBe(401);
  });

  it("lists and ends the person's own sessions only", async () => {
    const phone = await signInWith(ctx.server, ctx.user.headers.uid, DEFAULT_PASSWORD, 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36');
    const partner = await signInPartner(ctx.server, ctx.user);
    const sessions = await call<DeviceSession[]>(ctx.server, ctx.user, { method: 'GET', url: '/account/sessions' });
    expect(sessions.body).toHaveLength(2);
    expect(sessions.body.filter((s) => s.current)).toHaveLength(1);
    const phoneSession = sessions.body.find((s) => s.device === 'Chrome on Android');
    expect(phoneSession).toBeDefined();

    const partnerSessions = await call<DeviceSession[]>(ctx.server, partner, { method: 'GET', url: '/account/sessions' });
    const partnerSession = partnerSessions.body[0].id;
    const notMine = await call(ctx.server, ctx.user, { method: 'DELETE', url: `/account/sessions/${partnerSession}` });
    expect(notMine).toMatchObject({ status: 404, body: { errors: [SESSION_NOT_FOUND] } });
    expect((await call(ctx.server, partner, { method: 'GET', url: '/budgets' })).status).toBe(200);

    expect((await call(ctx.server, ctx.user, { method: 'DELETE', url: `/account/sessions/${phoneSession!.id}` })).status).toBe(200);
    expect((await call(ctx.server, { ...ctx.user, headers: phone.headers }, { method: 'GET', url: '/budgets' })).status).toBe(401);
    expect((await call(ctx.server, ctx.user, { method: 'GET', url: '/budgets' })).status).toBe(200);
  });
});
