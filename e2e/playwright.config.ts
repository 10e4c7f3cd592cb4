import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_SMTP_PORT } from './mail-catcher';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
const SITE_WIDE = /admin-settings\.spec\.ts$/;
const MOVES_THE_CLOCK = /(pickup-day|standing|benefits|farm-week|stand-pickups|markets-public|market-basket)\.spec\.ts$/;
const dataDir = path.join(os.tmpdir(), `farmstand-e2e-${Date.now()}`);
/**
 * Debian's headless shell (package chromium-headless-shell, the old headless mode Playwright itself
 * uses) when installed: the same Blink and V8 without the full browser's UI processes; four specs took
 * 147 s in it against 205 s in /usr/bin/chromium (docs/TESTING.md). The full browser otherwise.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * Runs the real server (built web app, fresh embedded database with demo data) and drives the
 * system Chromium. Each test makes its own users through the API.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './mail-catcher.ts',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
    // The service worker precaches every script of the build in each new browser context (165 files):
    // only the specs of offline use want it, and say so with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
  },
  // Tests that change site-wide settings (maintenance mode, site name, product limit) would disturb
  // every test running beside them: they run in their own project, after all the others. So do
  // tests that move the server's clock (PUT /api/test/clock), which every request and job reads:
  // they run after the others and before the settings, with nothing beside them.
  projects: [
    {
      name: 'chromium',
      testIgnore: [SITE_WIDE, MOVES_THE_CLOCK],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'server-clock',
      testMatch: MOVES_THE_CLOCK,
      dependencies: ['chromium'],
      // One file at a time: each moves the one clock.
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'site-wide-settings',
      testMatch: SITE_WIDE,
      dependencies: ['server-clock'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    command: 'npm start -w @farmstand/server',
    cwd: '..',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    // A cold start seeds the demo catalogue into a fresh embedded database; on a busy 2-core machine that takes minutes.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      E2E_TEST_HOOKS: '1',
      RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      // Every mail goes out through SMTP to the test mailbox (e2e/mail-catcher.ts), as in production.
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    },
  },
});
