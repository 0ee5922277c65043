/**
 * Names the production build gives its files, shared by the server (how long a browser may keep a file) and
 * the service worker (which files it answers from its cache).
 */

/** webpack names long-lived assets `[name].[contenthash:8].ext`: their content never changes under that name. */
export const HASHED_ASSET = /\.[0-9a-f]{8}\.(js|css)(\.map)?$/;

/** The service worker, at the root so that its scope is the whole app; never hashed (browsers ask for it by name). */
export const SERVICE_WORKER_FILE = 'service-worker.js';
