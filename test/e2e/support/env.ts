import os from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/**
 * One fresh SQLite file per run and port; the web server command deletes it before the server starts.
 * Outside test-results/, which Playwright empties at the start of every run (including a parallel one).
 */
export const E2E_DATABASE_FILE = path.join(os.tmpdir(), `everycent-e2e-${E2E_PORT}.db`);
