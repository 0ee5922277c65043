import type { LiveEvent } from '../../../src/shared/liveEvents';

/** One parsed server-sent event. */
export interface StreamEvent {
  event: string;
  id: string | undefined;
  data: string;
}

/** A client of `GET /events` over a real connection: the events it has received so far, in order. */
export interface LiveStream {
  status: number;
  headers: Headers;
  received: StreamEvent[];
  /** Resolves with the first event received (now or later) that matches. */
  next(match: (event: StreamEvent) => boolean): Promise<StreamEvent>;
  /** The change events received (not `ready`). */
  changes(): LiveEvent[];
  /** Resolves when the server ends the stream (or the test closes it). */
  ended: Promise<void>;
  close(): void;
}

export async function openStream(baseUrl: string, headers: Record<string, string>, lastEventId?: number): Promise<LiveStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/events`, {
    headers: { ...headers, ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }) },
    signal: controller.signal,
  });
  const received: StreamEvent[] = [];
  const waiting: Array<{ match: (event: StreamEvent) => boolean; resolve: (event: StreamEvent) => void }> = [];
  const take = (block: string) => {
    const fields = { event: 'message', id: undefined as string | undefined, data: [] as string[] };
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const [name, ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (name === 'event') fields.event = value;
      else if (name === 'id') fields.id = value;
      else if (name === 'data') fields.data.push(value);
    }
    if (fields.data.length === 0) return;
    const event = { event: fields.event, id: fields.id, data: fields.data.join('\n') };
    received.push(event);
    for (const waiter of [...waiting]) {
      if (!waiter.match(event)) continue;
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(event);
    }
  };
  let ended: Promise<void> = Promise.resolve();
  if (response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            take(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        }
      } catch {
        // Closed by the test.
      }
    })();
  }
  return {
    status: response.status,
    headers: response.headers,
    received,
    next: (match) => {
      const found = received.find(match);
      return found ? Promise.resolve(found) : new Promise((resolve) => waiting.push({ match, resolve }));
    },
    changes: () => received.filter((event) => event.event === 'message').map((event) => JSON.parse(event.data) as LiveEvent),
    ended,
    close: () => controller.abort(),
  };
}

export const isReady = (event: StreamEvent) => event.event === 'ready';
export const isChange = (event: StreamEvent) => event.event === 'message';
