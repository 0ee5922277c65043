import type { LiveEvent } from '../../../src/shared/liveEvents';

/** Why the hub ends a stream early: another stream of the same session took its place. */
export type EndReason = 'replaced';

/** One open stream: whose it is, where its text goes, and how to end it. */
export interface LiveClient {
  householdId: number;
  sessionId: number;
  write(text: string): void;
  end(reason?: EndReason): void;
}

/** How many streams may be open: per session (a person's tabs on one device), and on the whole process. */
export interface StreamLimits {
  perSession: number;
  total: number;
}

/** A few tabs per device; far more streams than a household ever opens, far fewer than the file descriptors a process has. */
export const STREAM_LIMITS: StreamLimits = { perSession: 4, total: 1_000 };

/** Which of these sessions still exist and have not expired. */
export type SessionsAlive = (sessionIds: number[]) => Promise<Set<number>>;

/** The text of one event on the stream: its id is the household's revision (`Last-Event-ID` on reconnect). */
export const eventText = (event: LiveEvent): string => `id: ${event.revision}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * The streams open on this process, by household and by session. An event goes to its household's streams and
 * no other. A session holds at most `perSession` streams (a new one ends its oldest) and the process at most
 * `total` (beyond it a new stream is refused), so no client, however many it opens, can use up the connections
 * others need. Idle, the hub costs one timer: a comment on every stream each heartbeat (proxies close silent
 * connections), and one query that ends the streams of sessions that ended anywhere (signed out, expired, a
 * password changed, a member removed), on whatever process.
 */
export class LiveHub {
  private readonly households = new Map<number, Set<LiveClient>>();
  /** Each session's streams, oldest first. */
  private readonly sessions = new Map<number, LiveClient[]>();
  private count = 0;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly heartbeatMs: number,
    private readonly sessionsAlive: SessionsAlive,
    readonly limits: StreamLimits = STREAM_LIMITS,
  ) {}

  get size(): number {
    return this.count;
  }

  /** Whether the process holds as many streams as it may. */
  get full(): boolean {
    return this.count >= this.limits.total;
  }

  streamsOf(sessionId: number): number {
    return this.sessions.get(sessionId)?.length ?? 0;
  }

  /** Adds a stream, ending the session's oldest beyond its limit; the answer removes it. */
  join(client: LiveClient): () => void {
    const ofSession = this.sessions.get(client.sessionId) ?? [];
    this.sessions.set(client.sessionId, ofSession);
    // Each end() leaves, which takes the stream out of the list.
    while (ofSession.length >= this.limits.perSession) ofSession[0].end('replaced');
    ofSession.push(client);
    let clients = this.households.get(client.householdId);
    if (!clients) this.households.set(client.householdId, (clients = new Set()));
    clients.add(client);
    this.count++;
    this.heartbeat ??= setInterval(() => void this.beat(), this.heartbeatMs).unref();
    let joined = true;
    return () => {
      if (!joined) return;
      joined = false;
      this.count--;
      ofSession.splice(ofSession.indexOf(client), 1);
      if (ofSession.length === 0 && this.sessions.get(client.sessionId) === ofSession) this.sessions.delete(client.sessionId);
      clients.delete(client);
      if (clients.size === 0 && this.households.get(client.householdId) === clients) this.households.delete(client.householdId);
      if (this.count === 0 && this.heartbeat) {
        clearInterval(this.heartbeat);
        this.heartbeat = null;
      }
    };
  }

  deliver(householdId: number, event: LiveEvent): void {
    const clients = this.households.get(householdId);
    if (!clients) return;
    const text = eventText(event);
    for (const client of clients) client.write(text);
  }

  /** Ends the streams (of one household, or all) whose session no longer exists. */
  async endEndedSessions(householdId?: number): Promise<void> {
    const clients = householdId === undefined ? [...this.households.values()].flatMap((set) => [...set]) : [...(this.households.get(householdId) ?? [])];
    if (clients.length === 0) return;
    const alive = await this.sessionsAlive([...new Set(clients.map((client) => client.sessionId))]);
    for (const client of clients) if (!alive.has(client.sessionId)) client.end();
  }

  /** Ends every stream: the clients reconnect (to another process, or this one later) and catch up. */
  endAll(): void {
    for (const clients of [...this.households.values()]) for (const client of [...clients]) client.end();
  }

  private async beat(): Promise<void> {
    for (const clients of this.households.values()) for (const client of clients) client.write(':\n\n');
    await this.endEndedSessions().catch(() => undefined);
  }
}
