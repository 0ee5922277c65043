// The service worker (docs/performance-scale.md, "Repeat visits"): its own webpack entry, served unhashed at
// the root. The build prepends `self.everycentBuild` (its version and the files the app starts with).
import { cacheName, routeOf, staleCaches } from './serviceWorker/routing';

/** What the build writes into the worker: it changes with every build, so the browser installs the new worker. */
interface Build {
  version: string;
  /** The start's files, relative to the scope: the pages and the hashed files they load first. */
  precache: string[];
}

// The DOM library has no worker scope types; these are the parts used here (the compiler keeps them honest).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  readonly everycentBuild?: Build;
  readonly registration: { readonly scope: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}
const worker = self as unknown as WorkerScope;

const build: Build = worker.everycentBuild ?? { version: 'development', precache: [] };
const CACHE = cacheName(build.version);
const cacheable = (response: Response) => response.ok && response.type === 'basic';

/**
 * Asks the server for a page (past the HTTP cache: a page names the files of the newest build) and keeps a good
 * answer. By its key: a navigation's own request cannot be sent again with other options.
 */
async function refreshPage(key: string): Promise<Response> {
  const response = await fetch(key, { cache: 'no-cache' });
  if (cacheable(response)) await (await caches.open(CACHE)).put(key, response.clone());
  return response;
}

/** A hashed file's content is its name: any build's cached copy will do, else the network. */
async function hashedFile(request: Request, key: string): Promise<Response> {
  const cached = await caches.match(key, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (cacheable(response)) await (await caches.open(CACHE)).put(key, response.clone());
  return response;
}

worker.addEventListener('install', (event) => {
  const files = build.precache.map((file) => new URL(file, worker.registration.scope).href);
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await Promise.all(
        files.map(async (key) => {
          const route = routeOf({ method: 'GET', url: key }, worker.registration.scope);
          if (route.strategy === 'cache-first') {
            const cached = await caches.match(key, { ignoreVary: true });
            if (cached) return cache.put(key, cached);
          }
          // The pages and files this build has not cached yet; a failure fails the install (the old worker stays).
          const response = await fetch(key, { cache: route.strategy === 'cache-first' ? 'default' : 'no-cache' });
          if (!cacheable(response)) throw new Error(`${key}: ${response.status}`);
          return cache.put(key, response);
        }),
      );
      // A new build takes over at once; the page moves to its code at its next navigation (serviceWorker.ts).
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all(staleCaches(await caches.keys(), build.version).map((name) => caches.delete(name)));
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const route = routeOf(event.request, worker.registration.scope);
  if (route.strategy === 'network') return;
  if (route.strategy === 'cache-first') {
    event.respondWith(hashedFile(event.request, route.key));
    return;
  }
  const fresh = refreshPage(route.key);
  event.waitUntil(fresh.catch(() => undefined));
  event.respondWith(
    (async () => (await (await caches.open(CACHE)).match(route.key, { ignoreVary: true })) ?? fresh)(),
  );
});
