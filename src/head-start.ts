// index.html's inline head start (README, "First load"): built as its own entry, written into the page's head.
import { loadCredentials } from './platform/credentials';
import { askEarly, firstRequests, hashPath } from './platform/headStart';

try {
  const credentials = loadCredentials();
  if (credentials) {
    askEarly(firstRequests(hashPath()), credentials);
    // The router's chunks (named by the build in this script's data-preload), fetched alongside the first bundle.
    for (const file of document.currentScript?.dataset.preload?.split(' ') ?? []) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = file.endsWith('.css') ? 'style' : 'script';
      link.href = file;
      document.head.append(link);
    }
    // While the page waits on the network, its main thread is idle: the first Intl.Collator (the budget's rows
    // are sorted by name with one, budgetRows.ts) loads the browser's collation data, tens of milliseconds on
    // a phone, which would otherwise come in the middle of the budget's first render.
    setTimeout(() => new Intl.Collator(undefined, { sensitivity: 'base' }).compare('a', 'b'), 0);
  }
} catch {
  // A head start only: the app asks for everything itself.
}
