import { LiveHub, STREAM_LIMITS } from '../../../server/services/events/liveHub';
import { REPLACED_EVENT } from '../../../src/shared/liveEvents';
import { call, signInAgain, signInPartner, type SignedInUser, signUpAndIn, testDialects, useTestServer } from '../../support/testServer';
import { isReady, type LiveStream, openStream } from './liveStream';

describe.each(testDialects)('live streams are a bounded resource on %s', (dialect) => {
  const ctx = useTestServer(dialect, { otherHousehold: true });
  let base: string;
  const streams: LiveStream[] = [];
  const open = async (user: SignedInUser) => {
    const stream = await openStream(base, { ...user.headers });
    streams.push(stream);
    if (stream.status === 200) await stream.next(isReady);
    return stream;
  };
  const hub = () => ctx.server.app.live.hub;
  const sessionOf = async (user: SignedInUser) =>
    (await ctx.server.db.selectFrom('sessions').select('id').where('user_id', '=', user.userId).where('client', '=', user.headers.client).executeTakeFirstOrThrow()).id;
  /** A write of the user's household, which its streams hear of. */
  const write = (user: SignedInUser) => call(ctx.server, user, { method: 'POST', url: '/allocation_categories', payload: { name: `Made ${Math.random()}` } });

  beforeAll(async () => {
    base = await ctx.server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });

  it(`a session holds at most ${STREAM_LIMITS.perSession} streams: each new one ends its oldest, so opening stream after stream never piles them up`, async () => {
    const session = await sessionOf(ctx.user);
    const opened: LiveStream[] = [];
    for (let i = 0; i < 30; i++) {
      opened.push(await open(ctx.user));
      expect(hub().streamsOf(session)).toBe(Math.min(i + 1, STREAM_LIMITS.perSession));
    }
    // Every stream but the newest few was ended, and told why (its client waits for the person before reconnecting).
    await Promise.all(opened.slice(0, -STREAM_LIMITS.perSession).map((stream) => stream.ended));
    for (const stream of opened.slice(0, -STREAM_LIMITS.perSession)) expect(stream.received.map((event) => event.event)).toEqual(['ready', REPLACED_EVENT]);
    // The newest still hear the household's changes.
    await write(ctx.user);
    for (const stream of opened.slice(-STREAM_LIMITS.perSession)) await stream.next((event) => event.event === 'message');
    // And the server goes on accepting everyone else: another household signs in and listens.
    const someoneElse = await signUpAndIn(ctx.server);
    expect((await open(someoneElse)).status).toBe(200);
  });

  it('beyond the total a process holds, a new stream is refused with 503 (and its client retries later)', async () => {
    const leaves = Array.from({ length: STREAM_LIMITS.total }, (_, i) => hub().join({ householdId: -1, sessionId: -1 - i, write: () => undefined, end: () => undefined }));
    try {
      expect(hub().full).toBe(true);
      const refused = await fetch(`${base}/events`, { headers: ctx.other.headers });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('2');
      expect(await refused.json()).toEqual({ success: false, errors: ['This server has as many live connections open as it allows; this screen will try again shortly.'] });
    } finally {
      for (const leave of leaves) leave();
    }
    expect((await open(ctx.other)).status).toBe(200);
  });

  it('a stream ends when its session signs out, and hears nothing after', async () => {
    const partner = await signInPartner(ctx.server, ctx.user);
    const stream = await open(ctx.user);
    const out = await call(ctx.server, ctx.user, { method: 'DELETE', url: '/auth/sign_out' });
    expect(out.status).toBe(200);
    await stream.ended;
    await write(partner);
    expect(stream.changes()).toEqual([]);
  });

  it('a new password ends the streams of the person’s other devices, not this one’s', async () => {
    const here = await open(ctx.user);
    const elsewhere = await signInAgain(ctx.server, ctx.user);
    const there = await open(elsewhere);
    const changed = await call(ctx.server, ctx.user, {
      method: 'PUT',
      url: '/account/password',
      payload: { current_password: 'correct horse battery', password: 'another long password', password_confirmation: 'another long password' },
    });
    expect(changed.status).toBe(200);
    await there.ended;
    await write(ctx.user);
    await here.next((event) => event.event === 'message');
  });

  it('ending one device’s session from Members ends its stream', async () => {
    const elsewhere = await signInAgain(ctx.server, ctx.user);
    const there = await open(elsewhere);
    const ended = await call(ctx.server, ctx.user, { method: 'DELETE', url: `/account/sessions/${await sessionOf(elsewhere)}` });
    expect(ended.status).toBe(200);
    await there.ended;
  });

  it('a member removed from the household, or leaving it, loses their streams at once', async () => {
    const partner = await signInPartner(ctx.server, ctx.user);
    const theirs = await open(partner);
    expect((await call(ctx.server, ctx.user, { method: 'DELETE', url: `/members/${partner.userId}` })).status).toBe(200);
    await theirs.ended;
    await write(ctx.user);
    expect(theirs.changes()).toEqual([]);

    const leaver = await signInPartner(ctx.server, ctx.user);
    const leaving = await open(leaver);
    expect((await call(ctx.server, leaver, { method: 'DELETE', url: `/members/${leaver.userId}` })).status).toBe(200);
    await leaving.ended;
  });

  it('a session that ended elsewhere (another process, the command line, its expiry) loses its stream at the next heartbeat', async () => {
    const stream = await open(ctx.other);
    await ctx.server.db.deleteFrom('sessions').where('id', '=', await sessionOf(ctx.other)).execute();
    // What each heartbeat runs (the heartbeat itself is 15 s away).
    await hub().endEndedSessions();
    await stream.ended;
  });

  it('HEAD answers the stream’s headers and ends', async () => {
    const answer = await fetch(`${base}/events`, { method: 'HEAD', headers: ctx.user.headers });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(await answer.text()).toBe('');
  });
});

describe('the hub’s limits', () => {
  it('ends the oldest stream of a session beyond its limit and counts every stream of the process', () => {
    const hub = new LiveHub(60_000, async () => new Set(), { perSession: 2, total: 3 });
    const ended: string[] = [];
    const client = (name: string, sessionId: number) => {
      const leave = hub.join({ householdId: 1, sessionId, write: () => undefined, end: (reason) => { ended.push(`${name}:${reason}`); leave(); } });
      return leave;
    };
    client('a', 1);
    client('b', 1);
    client('c', 1);
    expect(ended).toEqual(['a:replaced']);
    expect(hub.streamsOf(1)).toBe(2);
    expect(hub.full).toBe(false);
    client('d', 2);
    expect(hub.size).toBe(3);
    expect(hub.full).toBe(true);
    hub.endAll();
  });
});
