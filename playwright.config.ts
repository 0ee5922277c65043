import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATABASE_FILE, E2E_PORT } from './test/e2e/support/env';

// Debian's headless shell (package chromium-headless-shell, the same Blink without the full browser's window and GPU
// processes) runs the suite in about two thirds of the time of its full chromium (docs/testing.md); the full one when
// it is the only one installed. The benchmarks keep the full browser: they measure what a person's browser does.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = process.env.EVERYCENT_E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // Two files at a time: each test makes its own household and the own-server specs take ports per project, so
  // they share nothing; on two cores the suite takes about half the time of one worker.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // CI's machines run these 2–4 times slower than a quiet one (the same 118 tests: 9.4 min here, 37 min there), and a
  // first visit there can take longer than 10 s to draw: the waits are longer there, the checks the same.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 25_000 : 10_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    // The phone runs the tests tagged @phone: those whose checks differ at 375px or are about the narrow layout
    // (nothing wider than the screen, cards, the menu overlay). Every other test checks what the width does not
    // change, once, on the desktop (docs/testing.md).
    { name: 'phone', grep: /@phone/, use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true } },
  ],
  webServer: {
    command: `rm -f ${E2E_DATABASE_FILE} ${E2E_DATABASE_FILE}-wal ${E2E_DATABASE_FILE}-shm && npx tsx server/main.ts`,
    url: `${E2E_BASE_URL}/auth/validate_token`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(E2E_PORT), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${E2E_DATABASE_FILE}`, STATIC_DIR: 'dist', LOG_LEVEL: 'warn' },
  },
});
