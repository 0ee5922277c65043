import { ReadableStream } from 'node:stream/web';
import { LIVE_TAB } from '../../../src/platform/liveTab';
import { startLiveUpdates } from '../../../src/app/liveUpdates';
import { setupStore } from '../../../src/app/store';
import { subscribeToLiveChanges } from '../../../src/components/liveChanges';
import { budgetsApi } from '../../../src/features/budgets/budgetsApi';
import { userLoggedOut } from '../../../src/platform/authSlice';
import { type LiveEvent, REPLACED_EVENT } from '../../../src/shared/liveEvents';
import { mockFetch } from '../../support/fetchMock';
import { signedInState, storeTestCredentials } from '../../support/render';

/** The network of fetchMock, plus `GET /events` answered by a stream the test writes to. */
function mockNetworkWithStream() {
  const network = mockFetch({ 'GET /budgets/7': { id: 7, name: 'November' }, 'GET /budgets/8': { id: 8, name: 'December' } });
  const json = global.fetch;
  const streams: Array<{ write(text: string): void; end(): void; headers: Headers }> = [];
  const opened: Array<() => void> = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (url.pathname !== '/events') return json(input, init);
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    streams.push({
      write: (text) => controller.enqueue(new TextEncoder().encode(text)),
      end: () => controller.close(),
      headers: new Headers(init?.headers),
    });
    for (const resolve of opened.splice(0)) resolve();
    return new Response(body as unknown as BodyInit, { headers: { 'content-type': 'text/event-stream' } });
  }) as typeof fetch;
  const nextStream = () => new Promise<void>((resolve) => opened.push(resolve));
  return { network, streams, nextStream };
}

const event = (resources: LiveEvent['resources'], extra: Partial<LiveEvent> = {}): LiveEvent => ({
  revision: 41,
  by: { user_id: 2, name: 'Ana' },
  tab: 'her-phone',
  resources,
  ...extra,
});
const sent = (change: LiveEvent) => `id: ${change.revision}\ndata: ${JSON.stringify(change)}\n\n`;

/** Resolves once `count` events have reached the page's listeners (the stream is read asynchronously). */
const heard = (count: number) =>
  new Promise<LiveEvent[]>((resolve) => {
    const events: LiveEvent[] = [];
    const stop = subscribeToLiveChanges((change) => {
      events.push(change);
      if (events.length < count) return;
      stop();
      resolve(events);
    });
  });

/** Live updates started on a signed-in store, with its first stream open and revision 44 heard on it. */
async function listeningAt44() {
  const { streams, nextStream } = mockNetworkWithStream();
  storeTestCredentials();
  const store = setupStore(signedInState());
  const opened = nextStream();
  const stop = startLiveUpdates(store);
  await opened;
  const firstHeaders = streams[0].headers;
  const arrived = heard(1);
  streams[0].write(`event: ready\nid: 40\ndata: {"revision":40}\n\n`);
  streams[0].write(sent(event(['budget:7'], { revision: 44 })));
  await arrived;
  return { streams, nextStream, store, stop, firstHeaders };
}

describe('live updates', () => {
  it('refetches exactly the budget the stream names, and not after this tab\'s own save', async () => {
    const { network, streams, nextStream } = mockNetworkWithStream();
    storeTestCredentials();
    const store = setupStore(signedInState());
    const opened = nextStream();
    const stop = startLiveUpdates(store);
    const seven = store.dispatch(budgetsApi.endpoints.getBudget.initiate(7));
    const eight = store.dispatch(budgetsApi.endpoints.getBudget.initiate(8));
    await Promise.all([seven, eight]);
    await opened;
    expect(streams[0].headers.get('access-token')).toBe('token-1');

    const arrived = heard(1);
    streams[0].write(`retry: 2000\n\n:\n\n`);
    streams[0].write(sent(event(['budget:7', 'activity'])));
    await arrived;
    await new Promise((resolve) => setTimeout(resolve, 0));
    await store.dispatch(budgetsApi.endpoints.getBudget.initiate(7)).unwrap();
    expect(network.find('GET', '/budgets/7')).toHaveLength(2);
    expect(network.find('GET', '/budgets/8')).toHaveLength(1);

    // The same change, from this tab's own save: its mutation already refetched what it changed.
    const other = heard(1);
    streams[0].write(sent(event(['budget:8'], { revision: 42, tab: LIVE_TAB })));
    streams[0].write(sent(event(['budget:7'], { revision: 43 })));
    expect((await other).map((change) => change.revision)).toEqual([43]);
    expect(network.find('GET', '/budgets/8')).toHaveLength(1);

    seven.unsubscribe();
    eight.unsubscribe();
    stop();
  });

  it('reconnects with the last revision it saw, and closes the stream when the person logs out', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const { streams, nextStream, store, stop, firstHeaders } = await listeningAt44();
      expect(firstHeaders.get('last-event-id')).toBeNull();

      const opened = nextStream();
      streams[0].end();
      await jest.advanceTimersByTimeAsync(2_000);
      await opened;
      expect(streams[1].headers.get('last-event-id')).toBe('44');

      store.dispatch(userLoggedOut());
      streams[1].end();
      await jest.advanceTimersByTimeAsync(60_000);
      expect(streams).toHaveLength(2);
      stop();
    } finally {
      jest.useRealTimers();
    }
  });

  it('a stream another tab of the same session replaced waits for the person to come back to this tab, then reconnects', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const visibility = jest.spyOn(document, 'visibilityState', 'get');
    try {
      const { streams, nextStream, stop } = await listeningAt44();
      visibility.mockReturnValue('hidden');
      streams[0].write(`event: ${REPLACED_EVENT}\ndata: {}\n\n`);
      streams[0].end();
      // However long the tab stays in the background, it does not take a stream back from the tabs that hold them.
      await jest.advanceTimersByTimeAsync(10 * 60_000);
      expect(streams).toHaveLength(1);

      const opened = nextStream();
      visibility.mockReturnValue('visible');
      document.dispatchEvent(new Event('visibilitychange'));
      await opened;
      expect(streams).toHaveLength(2);
      expect(streams[1].headers.get('last-event-id')).toBe('44');
      stop();
    } finally {
      visibility.mockRestore();
      jest.useRealTimers();
    }
  });
});
