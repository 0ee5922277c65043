/**
 * Which answer the service worker gives each request (docs/performance-scale.md, "Repeat visits"). Only what
 * the build wrote is ever answered from the cache: files named by their content, from the cache first; the
 * app's two pages, from the cache at once while the server is asked for the newer copy. Everything else (every
 * API path, whatever its method) goes to the network untouched, so money figures are always fresh and another
 * person signing in on this device never sees the previous household's answers.
 */
import { HASHED_ASSET } from '../shared/builtFiles';

type Route =
  | { strategy: 'network' }
  | { strategy: 'cache-first'; key: string }
  | { strategy: 'stale-while-revalidate'; key: string };

/** The pages the app is started from (hash routing: one address each), by the paths that serve them. */
const PAGES: Record<string, string> = { '': '', 'index.html': '', 'quick-add': 'quick-add', 'quick-add.html': 'quick-add' };

const NETWORK: Route = { strategy: 'network' };

/**
 * The route of a request, given the worker's scope (`https://host/`). Keys are absolute addresses without a
 * query: a page is the same file whatever its query, and a hashed file's name is its content.
 */
export function routeOf(request: { method: string; url: string }, scope: string): Route {
  if (request.method !== 'GET') return NETWORK;
  const url = new URL(request.url);
  const root = new URL(scope);
  if (url.origin !== root.origin || !url.pathname.startsWith(root.pathname)) return NETWORK;
  const name = url.pathname.slice(root.pathname.length);
  if (Object.hasOwn(PAGES, name)) return { strategy: 'stale-while-revalidate', key: new URL(PAGES[name], root).href };
  // One level only: the build writes its files at the root, and no API path ends in a content hash.
  if (!name.includes('/') && HASHED_ASSET.test(name)) return { strategy: 'cache-first', key: new URL(name, root).href };
  return NETWORK;
}

/** The cache of one build: a new build's worker fills its own and deletes every other one of these. */
const CACHE_PREFIX = 'everycent-';
export const cacheName = (version: string) => `${CACHE_PREFIX}${version}`;

/** The caches a build's worker deletes once it is in charge: every earlier build's, none of anyone else's. */
export const staleCaches = (names: readonly string[], version: string) =>
  names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== cacheName(version));
