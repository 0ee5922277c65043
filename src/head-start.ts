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
  }
} catch {
  // A head start only: the app asks for everything itself.
}
