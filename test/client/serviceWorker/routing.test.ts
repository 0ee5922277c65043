import { cacheName, routeOf, staleCaches } from '../../../src/serviceWorker/routing';

const SCOPE = 'https://budget.example/';
const get = (url: string) => routeOf({ method: 'GET', url }, SCOPE);

describe("the service worker's routes", () => {
  it('answers the hashed files of the build from the cache first, keyed without a query', () => {
    expect(get('https://budget.example/main.0a1b2c3d.js')).toEqual({ strategy: 'cache-first', key: 'https://budget.example/main.0a1b2c3d.js' });
    expect(get('https://budget.example/router.89abcdef.css?v=2')).toEqual({ strategy: 'cache-first', key: 'https://budget.example/router.89abcdef.css' });
  });

  it('answers the two pages from the cache while asking for a newer copy, whatever address serves them', () => {
    for (const url of ['https://budget.example/', 'https://budget.example/index.html', 'https://budget.example/?from=bookmark#/budgets/current']) {
      expect(get(url)).toEqual({ strategy: 'stale-while-revalidate', key: 'https://budget.example/' });
    }
    for (const url of ['https://budget.example/quick-add', 'https://budget.example/quick-add.html']) {
      expect(get(url)).toEqual({ strategy: 'stale-while-revalidate', key: 'https://budget.example/quick-add' });
    }
  });

  it('sends every API path to the network, money figures and sessions included', () => {
    for (const path of [
      '/budgets/current',
      '/budgets/12',
      '/budgets',
      '/auth/validate_token',
      '/transactions/one/choices?date=2026-11-26',
      '/transactions/search?q=coffee',
      '/account_balances',
      '/reports/net_worth',
      '/activity',
      '/households/export',
    ]) {
      expect(get(`https://budget.example${path}`)).toEqual({ strategy: 'network' });
    }
  });

  it('sends writes to the network, even to a page or a hashed name', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      expect(routeOf({ method, url: 'https://budget.example/' }, SCOPE)).toEqual({ strategy: 'network' });
      expect(routeOf({ method, url: 'https://budget.example/main.0a1b2c3d.js' }, SCOPE)).toEqual({ strategy: 'network' });
    }
  });

  it('leaves unhashed files, the worker itself, nested paths and other origins to the network', () => {
    for (const url of [
      'https://budget.example/service-worker.js',
      'https://budget.example/manifest.webmanifest',
      'https://budget.example/favicon.svg',
      'https://budget.example/main.js',
      'https://budget.example/transactions/0a1b2c3d.js',
      'https://budget.example/files/main.0a1b2c3d.js',
      'https://cdn.example/main.0a1b2c3d.js',
      'http://budget.example/main.0a1b2c3d.js',
    ]) {
      expect(get(url)).toEqual({ strategy: 'network' });
    }
  });

  it('keeps to its scope when the app is served under a folder', () => {
    const scope = 'https://home.example/everycent/';
    expect(routeOf({ method: 'GET', url: 'https://home.example/everycent/' }, scope)).toEqual({ strategy: 'stale-while-revalidate', key: scope });
    expect(routeOf({ method: 'GET', url: 'https://home.example/everycent/main.0a1b2c3d.js' }, scope).strategy).toBe('cache-first');
    expect(routeOf({ method: 'GET', url: 'https://home.example/main.0a1b2c3d.js' }, scope)).toEqual({ strategy: 'network' });
    expect(routeOf({ method: 'GET', url: 'https://home.example/' }, scope)).toEqual({ strategy: 'network' });
  });

  it("deletes every earlier build's cache once a new build is in charge, and no one else's", () => {
    const names = [cacheName('old1'), cacheName('new2'), cacheName('older0'), 'someone-else'];
    expect(staleCaches(names, 'new2')).toEqual([cacheName('old1'), cacheName('older0')]);
    expect(cacheName('a')).not.toBe(cacheName('b'));
  });
});
