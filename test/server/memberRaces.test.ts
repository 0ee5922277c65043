import { type Member, WRONG_CURRENT_PASSWORD } from '../../src/shared/schemas/members';
import { holdHouseholds, holdLock } from '../support/heldLocks';
import { call, DEFAULT_PASSWORD, signInPartner, testDialects, type TestServer, useTestServer } from '../support/testServer';

/**
 * Members' changes racing other requests. On PostgreSQL the test orders the requests with the household's row
 * lock (heldLocks.ts), so each race happens every run; on SQLite, which writes one transaction at a time, the
 * same requests run at once and must give the same answers.
 */

const signIn = (server: TestServer, email: string, password: string) =>
  server.app.inject({ method: 'POST', url: '/auth/sign_in', payload: { email, password } }).then((response) => response.statusCode);

const EMAIL_TAKEN = 'Email has already been taken';

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

  it('an email another household is adding at the same moment is a 422, not a 500, and nobody is added twice', async () => {
    const email = `both-${ctx.user.userId}@example.com`;
    // The other household's add, written but not committed while this household's add checks and inserts.
    const otherAdding = await holdLock(ctx.server, (trx) =>
      trx.insertInto('users').values({ household_id: ctx.other.householdId, email, name: 'Theirs', password_hash: 'not a hash' }).execute(),
    );
    const add = call(ctx.server, ctx.user, { method: 'POST', url: '/members', payload: { name: 'Ours', email } });
    await otherAdding.waiters(1);
    await otherAdding.release();

    expect(await add).toMatchObject({ status: 422, body: { errors: [EMAIL_TAKEN], field_errors: { email: [EMAIL_TAKEN] } } });
    const users = await ctx.server.db.selectFrom('users').select('household_id').where('email', '=', email).execute();
    expect(users).toEqual([{ household_id: ctx.other.householdId }]);
  });

  it('two households adding the same emails at once: each email is added once, the other add gets the 422', async () => {
    const emails = [1, 2, 3, 4, 5].map((n) => `race-${n}-${ctx.user.userId}@example.com`);
    const adds = emails.flatMap((email) =>
      [ctx.user, ctx.other].map((owner) => call<{ member: Member }>(ctx.server, owner, { method: 'POST', url: '/members', payload: { name: 'Sam', email } })),
    );
    const answers = await Promise.all(adds);
    for (let i = 0; i < emails.length; i++) {
      const pair = answers.slice(2 * i, 2 * i + 2);
      expect(pair.map((answer) => answer.status).sort()).toEqual([201, 422]);
      expect(pair.find((answer) => answer.status === 422)?.body).toMatchObject({ errors: [EMAIL_TAKEN] });
    }
    const added = await ctx.server.db.selectFrom('users').select('email').where('email', 'in', emails).execute();
    expect(added).toHaveLength(emails.length);
  });
});
