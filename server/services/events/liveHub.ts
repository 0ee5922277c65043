import type { LiveEvent } from '../../../src/shared/liveEvents';

/** One open stream: where its text goes, and how to end it. */
interface LiveClient {
  write(text: string): void;
  end(): void;
}

/** The text of one event on the stream: its id is the household's revision (`Last-Event-ID` on reconnect). */
export const eventText = (event: LiveEvent): string => `id: ${event.revision}\ndata: ${JSON.stringify(event)}\n\n`;

/**
 * The streams open on this process, by household. An event goes to its household's streams and no other.
 * Idle, the hub costs one timer: a comment on every stream each heartbeat (proxies close silent connections).
 */
export class LiveHub {
  private readonly households = new Map<number, Set<LiveClient>>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(private readonly heartbeatMs: number) {}

  get size(): number {
    let count = 0;
    for (const clients of this.households.values()) count += clients.size;
    return count;
  }

  /** Adds a stream; the answer removes it. */
  join(householdId: number, client: LiveClient): () => void {
    let clients = this.households.get(householdId);
    if (!clients) this.households.set(householdId, (clients = new Set()));
    clients.add(client);
    this.heartbeat ??= setInterval(() => this.beat(), this.heartbeatMs).unref();
    return () => {
      clients.delete(client);
      if (clients.size === 0 && this.households.get(householdId) === clients) this.households.delete(householdId);
      if (this.households.size === 0 && this.heartbeat) {
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

  /** Ends every stream: the clients reconnect (to another process, or this one later) and catch up. */
  endAll(): void {
    for (const clients of [...this.households.values()]) for (const client of [...clients]) client.end();
  }

  private beat(): void {
    for (const clients of this.households.values()) for (const client of clients) client.write(':\n\n');
  }
}
