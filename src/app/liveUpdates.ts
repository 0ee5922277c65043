import type { TagDescription } from '@reduxjs/toolkit/query';
import { publishLiveChange } from '../components/liveChanges';
import { LIVE_EVENTS_PATH, LIVE_RESOURCE_PATTERN, type LiveEvent, type LiveResource, REPLACED_EVENT } from '../shared/liveEvents';
import { api, API_BASE, LIST, TAG_TYPES } from '../platform/api';
import { loadCredentials } from '../platform/credentials';
import { LIVE_TAB } from '../platform/liveTab';
import { liveStreamOpened } from '../platform/liveStream';
import type { AppStore } from './store';

type Tag = TagDescription<(typeof TAG_TYPES)[number]>;

/** The RTK Query tags that show each resource the stream names: exactly those are refetched (if on screen). */
function tagsFor(resources: readonly LiveResource[]): Tag[] {
  const tags: Tag[] = [];
  for (const resource of resources) {
    const [kind, first, second] = resource.split(':');
    switch (kind) {
      case 'budget':
        tags.push({ type: 'Budget', id: Number(first) }, { type: 'Allocation', id: `budget-${first}` });
        break;
      case 'window':
        tags.push({ type: 'Transaction', id: `${first}-${second}` }, 'LastUpdate');
        break;
      case 'envelopes':
        tags.push({ type: 'SinkFund', id: Number(first) }, { type: 'SinkFundAllocation', id: `account-${first}` });
        break;
      case 'budgets':
        tags.push('Budget', 'FutureBudgets', 'Allocation');
        break;
      case 'transactions':
        tags.push('Transaction', 'LastUpdate', 'SinkFund', 'SinkFundAllocation');
        break;
      case 'accounts':
        tags.push({ type: 'BankAccount', id: LIST });
        break;
      case 'setup':
        tags.push('AllocationCategory', 'Institution', 'BankAccount', 'Settings', 'SpecialEvent');
        break;
      case 'schedules':
        tags.push('Schedule');
        break;
      case 'members':
        tags.push('Member');
        break;
      // Reports are read with the Future Budgets tag among theirs.
      case 'reports':
        tags.push('FutureBudgets');
        break;
      case 'activity':
        tags.push('Activity');
        break;
      default:
        tags.push(...TAG_TYPES);
    }
  }
  return tags;
}

const FIRST_RETRY_MS = 2_000;
const LONGEST_RETRY_MS = 30_000;


interface Parsed {
  event: string;
  id: string | undefined;
  data: string;
}

function parseBlock(block: string): Parsed | null {
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (name === 'event') event = value;
    else if (name === 'id') id = value;
    else if (name === 'data') data.push(value);
  }
  return data.length ? { event, id, data: data.join('\n') } : null;
}

const isLiveEvent = (value: unknown): value is LiveEvent =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as LiveEvent).revision === 'number' &&
  Array.isArray((value as LiveEvent).resources) &&
  (value as LiveEvent).resources.every((resource) => LIVE_RESOURCE_PATTERN.test(resource));

/**
 * The live stream (`GET /events`), open while someone is signed in: each change of the household by another
 * tab, device or partner invalidates exactly the tags that show it, and edit-mode pages hear of it
 * (LiveChangeNotice). It reconnects by itself with the last revision seen, so nothing is missed while away.
 */
export function startLiveUpdates(store: AppStore): () => void {
  let controller: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let lastRevision: number | undefined;
  let failures = 0;
  let signedIn = false;
  let replaced = false;
  let waitingForReturn: (() => void) | null = null;

  const handle = ({ event, id, data }: Parsed) => {
    if (id !== undefined && /^\d+$/.test(id)) lastRevision = Math.max(lastRevision ?? 0, Number(id));
    if (event === REPLACED_EVENT) replaced = true;
    if (event !== 'message') return;
    const change: unknown = JSON.parse(data);
    if (!isLiveEvent(change) || change.tab === LIVE_TAB) return;
    store.dispatch(api.util.invalidateTags(tagsFor(change.resources)));
    publishLiveChange(change);
  };

  const scheduleReconnect = () => {
    if (!signedIn || retry) return;
    const wait = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** failures);
    failures += 1;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, wait);
  };

  const stopWaiting = () => {
    if (!waitingForReturn) return;
    document.removeEventListener('visibilitychange', waitingForReturn);
    window.removeEventListener('focus', waitingForReturn);
    waitingForReturn = null;
  };
  // This device's other tabs hold the streams its session may have: this one listens again when the person comes
  // back to it (meanwhile coming back refetches what is on screen, as without a stream), never in a loop with them.
  const reconnectOnReturn = () => {
    const back = () => {
      if (document.visibilityState !== 'visible') return;
      stopWaiting();
      void connect();
    };
    waitingForReturn = back;
    document.addEventListener('visibilitychange', back);
    window.addEventListener('focus', back);
  };

  const connect = async () => {
    const credentials = loadCredentials();
    if (!credentials || controller) return;
    const mine = new AbortController();
    controller = mine;
    try {
      const response = await fetch(`${API_BASE}${LIVE_EVENTS_PATH}`, {
        headers: { ...credentials, accept: 'text/event-stream', ...(lastRevision === undefined ? {} : { 'last-event-id': String(lastRevision) }) },
        signal: mine.signal,
        cache: 'no-store',
      });
      // A session the server refuses: the next call of the page logs out; nothing to listen to until then.
      if (response.status === 401 || response.status === 403) return;
      if (!response.ok || !response.body) throw new Error(`live stream: ${response.status}`);
      liveStreamOpened(true);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        // A stream that delivers is healthy again: the next loss retries quickly.
        failures = 0;
        buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const parsed = parseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (parsed) handle(parsed);
        }
      }
    } catch {
      // Lost (network, server restart) or stopped: the reconnect below, unless stopped.
    } finally {
      liveStreamOpened(false);
      if (controller === mine) {
        controller = null;
        if (!mine.signal.aborted && replaced) {
          replaced = false;
          if (signedIn) reconnectOnReturn();
        } else if (!mine.signal.aborted) scheduleReconnect();
      }
    }
  };

  const disconnect = () => {
    stopWaiting();
    replaced = false;
    if (retry) clearTimeout(retry);
    retry = null;
    controller?.abort();
    controller = null;
    liveStreamOpened(false);
    lastRevision = undefined;
    failures = 0;
  };

  const follow = () => {
    const { loggedIn, validated } = store.getState().auth;
    const now = loggedIn && validated;
    if (now === signedIn) return;
    signedIn = now;
    if (now) void connect();
    else disconnect();
  };
  const unsubscribe = store.subscribe(follow);
  follow();
  return () => {
    unsubscribe();
    signedIn = false;
    disconnect();
  };
}
