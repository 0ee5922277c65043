import {
  LAST_OWNER_CANNOT_BE_DEMOTED,
  LAST_OWNER_CANNOT_LEAVE,
  type Member,
  MEMBER_NOT_FOUND,
  OWNERS_ONLY,
} from '../../src/shared/schemas/members';
import { call, type SignedInUser, signInAgain, signInPartner, testDialects, type TestServer, useTestServer } from '../support/testServer';

const members = async (server: TestServer, user: SignedInUser) =>
  (await call<Member[]>(server, user, { method: 'GET', url: '/members' })).body.map((m) => [m.id, m.role]);

const setRole = (server: TestServer, user: SignedInUser, id: number, role: string) =>
  call<Member>(server, user, { method: 'PUT', url: `/members/${id}`, payload: { role } });

describe.each(testDialects)('member roles on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  it("the household's creator is its owner; a member added is a member", async () => {
    const added = await call<{ member: Member }>(ctx.server, ctx.user, { method: 'POST', url: '/members', payload: { name: 'Ben', email: `ben-${ctx.user.userId}@example.com` } });
    expect(added.status).toBe(201);
    expect(added.body.member.role).toBe('member');
    expect(await members(ctx.server, ctx.user)).toEqual([
      [ctx.user.userId, 'owner'],
      [added.body.member.id, 'member'],
    ]);
  });

  it('a member may not add, remove or change roles (403), and nothing changes', async () => {
    const partner = await signInPartner(ctx.server, ctx.user);
    const third = await signInPartner(ctx.server, ctx.user);
    const before = await members(ctx.server, ctx.user);

    const add = await call(ctx.server, partner, { method: 'POST', url: '/members', payload: { name: 'Cy', email: `cy-${partner.userId}@example.com` } });
    expect(add).toMatchObject({ status: 403, body: { errors: [OWNERS_ONLY] } });
    const remove = await call(ctx.server, partner, { method: 'DELETE', url: `/members/${third.userId}` });
    expect(remove).toMatchObject({ status: 403, body: { errors: [OWNERS_ONLY] } });
    const removeOwner = await call(ctx.server, partner, { method: 'DELETE', url: `/members/${ctx.user.userId}` });
    expect(removeOwner).toMatchObject({ status: 403, body: { errors: [OWNERS_ONLY] } });
    const promoteSelf = await setRole(ctx.server, partner, partner.userId, 'owner');
    expect(promoteSelf).toMatchObject({ status: 403, body: { errors: [OWNERS_ONLY] } });
    const demoteOwner = await setRole(ctx.server, partner, ctx.user.userId, 'member');
    expect(demoteOwner).toMatchObject({ status: 403, body: { errors: [OWNERS_ONLY] } });

    expect(await members(ctx.server, ctx.user)).toEqual(before);
    expect((await call(ctx.server, third, { method: 'GET', url: '/budgets' })).status).toBe(200);
  });

  it('an owner promotes and demotes; a second owner may remove the first', async () => {
    const partner = await signInPartner(ctx.server, ctx.user);
    const promoted = await setRole(ctx.server, ctx.user, partner.userId, 'owner');
    expect(promoted).toMatchObject({ status: 200, body: { id: partner.userId, role: 'owner', is_you: false } });

    const demotedFirst = await setRole(ctx.server, partner, ctx.user.userId, 'member');
    expect(demotedFirst).toMatchObject({ status: 200, body: { id: ctx.user.userId, role: 'member' } });
    expect(await members(ctx.server, partner)).toEqual([
      [ctx.user.userId, 'member'],
      [partner.userId, 'owner'],
    ]);
    // Demoted, the first owner can no longer manage anyone.
    expect((await setRole(ctx.server, ctx.user, ctx.user.userId, 'owner')).status).toBe(403);

    expect((await setRole(ctx.server, partner, ctx.user.userId, 'owner')).status).toBe(200);
    expect((await call(ctx.server, partner, { method: 'DELETE', url: `/members/${ctx.user.userId}` })).status).toBe(200);
    expect((await call(ctx.server, ctx.user, { method: 'GET', url: '/budgets' })).status).toBe(401);
    expect(await members(ctx.server, partner)).toEqual([[partner.userId, 'owner']]);
  });

  it('the last owner can be neither demoted nor leave (422), and stays signed in', async () => {
    await signInPartner(ctx.server, ctx.user);
    const demote = await setRole(ctx.server, ctx.user, ctx.user.userId, 'member');
    expect(demote).toMatchObject({ status: 422, body: { errors: [LAST_OWNER_CANNOT_BE_DEMOTED] } });
    const leave = await call(ctx.server, ctx.user, { method: 'DELETE', url: `/members/${ctx.user.userId}` });
    expect(leave).toMatchObject({ status: 422, body: { errors: [LAST_OWNER_CANNOT_LEAVE] } });
    expect((await members(ctx.server, ctx.user))[0]).toEqual([ctx.user.userId, 'owner']);
    expect((await call(ctx.server, ctx.user, { method: 'GET', url: '/budgets' })).status).toBe(200);
  });

  it('anyone can leave: a member, or an owner while another owner stays; leaving signs out every device', async () => {
    const partner = await signInPartner(ctx.server, ctx.user);
    const partnerPhone = await signInAgain(ctx.server, partner);
    const left = await call(ctx.server, partner, { method: 'DELETE', url: `/members/${partner.userId}` });
    expect(left).toMatchObject({ status: 200, body: { success: true } });
    expect((await call(ctx.server, partner, { method: 'GET', url: '/budgets' })).status).toBe(401);
    expect((await call(ctx.server, partnerPhone, { method: 'GET', url: '/budgets' })).status).toBe(401);

    const coOwner = await signInPartner(ctx.server, ctx.user);
    expect((await setRole(ctx.server, ctx.user, coOwner.userId, 'owner')).status).toBe(200);
    expect((await call(ctx.server, ctx.user, { method: 'DELETE', url: `/members/${ctx.user.userId}` })).status).toBe(200);
    expect((await call(ctx.server, ctx.user, { method: 'GET', url: '/budgets' })).status).toBe(401);
    expect(await members(ctx.server, coOwner)).toEqual([[coOwner.userId, 'owner']]);
  });

  it("another household's member is a 404 to an owner, whatever the change, and stays as it was", async () => {
    const foreignRole = await setRole(ctx.server, ctx.user, ctx.other.userId, 'member');
    expect(foreignRole).toMatchObject({ status: 404, body: { errors: [MEMBER_NOT_FOUND] } });
    const foreignRemove = await call(ctx.server, ctx.user, { method: 'DELETE', url: `/members/${ctx.other.userId}` });
    expect(foreignRemove).toMatchObject({ status: 404, body: { errors: [MEMBER_NOT_FOUND] } });
    expect(await members(ctx.server, ctx.other)).toEqual([[ctx.other.userId, 'owner']]);
    expect((await call(ctx.server, ctx.other, { method: 'GET', url: '/budgets' })).status).toBe(200);
  });

  it('refuses an unknown role with 422, changing nothing', async () => {
    const partner = await signInPartner(ctx.server, ctx.user);
    const bad = await setRole(ctx.server, ctx.user, partner.userId, 'admin');
    expect(bad.status).toBe(422);
    expect(await members(ctx.server, ctx.user)).toEqual([
      [ctx.user.userId, 'owner'],
      [partner.userId, 'member'],
    ]);
  });
});
