import { type Member, WRONG_CURRENT_PASSWORD } from '../../src/shared/schemas/members';
import { holdHouseholds } from '../support/heldLocks';
import { call, DEFAULT_PASSWORD, signInPartner, testDialects, type TestServer, useTestServer } from '../support/testServer';

/**
 * Members' changes racing other requests. On PostgreSQL the test orders the requests with the household's row
 * lock (heldLocks.ts), so each race happens every run; on SQLite, which writes one transaction at a time, the
 * same requests run at once and must give the same answers.
 */

const signIn = (server: TestServer, email: string, password: string) =>
  server.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email, password } }).then((response) => response.statusCode);

const EMAIL_TAKEN = 'This email is already a member of this household';

describe.each(testDialects)('members racing on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });

  const institutionCount = async (householdId: number) =>
    Number(
      (
        await ctx.server.db
          .selectFrom('institutions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('household_id', '=', householdId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('commits nothing of a removed member after the removal was answered, however far their writes had got', async () => {
    const partner = await signInPartner(ctx.server, ctx.user);
    const lock = await holdHouseholds(ctx.server, [ctx.user.householdId]);
    const removal = call(ctx.server, ctx.user, { method: 'DELETE', url: `/members/${partner.userId}` });
    await lock.waiters(1);
    // Signed in and past authentication, these wait for the household behind the removal.
    const writes = [1, 2, 3, 4].map((n) => call(ctx.server, partner, { method: 'POST', url: '/institutions', payload: { name: `Bank ${n}` } }));
    await lock.waiters(5);
    await lock.release();

    expect((await removal).status).toBe(200);
    const whenAnswered = await institutionCount(ctx.user.householdId);
    const answers = await Promise.all(writes);
    expect(await institutionCount(ctx.user.householdId)).toBe(whenAnswered);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
    expect(whenAnswered).toBe(0);
  });

  it('of two password changes at once, exactly one succeeds, and its password is the one that works', async () => {
    const passwords = ['the first new password', 'the second new password'];
    const lock = await holdHouseholds(ctx.server, [ctx.user.householdId]);
    const changes = passwords.map((password) =>
      call(ctx.server, ctx.user, { method: 'PUT', url: '/account/password', payload: { current_password: DEFAULT_PASSWORD, password, password_confirmation: password } }),
    );
    await lock.waiters(2);
    await lock.release();
    const answers = await Promise.all(changes);

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const winner = answers.findIndex((answer) => answer.status === 200);
    expect(answers[1 - winner].body).toMatchObject({ errors: [WRONG_CURRENT_PASSWORD] });
    expect(await signIn(ctx.server, ctx.user.headers.uid, passwords[winner])).toBe(200);
    expect(await signIn(ctx.server, ctx.user.headers.uid, passwords[1 - winner])).toBe(401);
    expect(await signIn(ctx.server, ctx.user.headers.uid, DEFAULT_PASSWORD)).toBe(401);
  });

  it('the same email added twice to one household at once: one is added, the other gets the 422, never a 500', async () => {
    const email = `both-${ctx.user.userId}@example.com`;
    const lock = await holdHouseholds(ctx.server, [ctx.user.householdId]);
    const adds = ['First', 'Second'].map((name) => call(ctx.server, ctx.user, { method: 'POST', url: '/members', payload: { name, email } }));
    await lock.waiters(2);
    await lock.release();
    const answers = await Promise.all(adds);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    expect(answers.find((answer) => answer.status === 422)).toMatchObject({ body: { errors: [EMAIL_TAKEN], field_errors: { email: [EMAIL_TAKEN] } } });
    const users = await ctx.server.db.selectFrom('users').select('household_id').where('email', '=', email).execute();
    expect(users).toEqual([{ household_id: ctx.user.householdId }]);
  });

  it('two households adding the same emails at once: each household has its own member of each email', async () => {
    const emails = [1, 2, 3, 4, 5].map((n) => `race-${n}-${ctx.user.userId}@example.com`);
    const adds = emails.flatMap((email) =>
      [ctx.user, ctx.other].map((owner) => call<{ member: Member }>(ctx.server, owner, { method: 'POST', url: '/members', payload: { name: 'Sam', email } })),
    );
    const answers = await Promise.all(adds);
    expect(answers.map((answer) => answer.status)).toEqual(adds.map(() => 201));
    const added = await ctx.server.db.selectFrom('users').select(['email', 'household_id']).where('email', 'in', emails).execute();
    expect(added).toHaveLength(2 * emails.length);
  });
});
