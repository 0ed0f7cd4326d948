import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Journeys through the real SPA in Debian's Chromium, against the embedded mode exactly as
 * `make up` builds and starts it, on a fresh data folder and its own port.
 */
const root = path.resolve(__dirname, '../..');
const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shelfscan-e2e-'));
fs.chmodSync(dataDir, 0o755);
// The config is evaluated again in every worker: keep the same folders there (workers inherit env).
process.env.E2E_DATA_DIR = dataDir;
/** The SMTP catcher started by server-with-catcher.mjs, and where it writes the captured mails. */
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1000);
process.env.E2E_SMTP_PORT = String(smtpPort);
process.env.E2E_MAIL_DIR ??= path.join(dataDir, 'e2e-captured-mail');
/** The marketplace simulator started by server-with-catcher.mjs (its stores: E2E_STORES there). */
process.env.E2E_SIM_PORT ??= String(smtpPort + 2000);
export const baseURL = `http://localhost:${port}`;
process.env.E2E_BASE_URL = baseURL;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  // A stuck test fails at 60 s naming itself; the whole run is bounded too (scripts/test-all.sh
  // sets E2E_RUN_BOUND_SECONDS; alone, `make test-e2e`, 690 s as there): the tests still running are
  // reported as interrupted, by name.
  timeout: 60_000,
  globalTimeout: Number(process.env.E2E_RUN_BOUND_SECONDS ?? 690) * 1000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ['json', { outputFile: path.join(root, 'test-results/e2e.json') }],
    ['./interrupted-reporter.mjs', { outputFile: path.join(root, 'test-results/e2e.json') }],
  ],
  outputDir: path.join(root, 'test-results/e2e-artifacts'),
  use: {
    baseURL,
    // A Turkish browser: the default locale. Tests of English detection open their own context.
    locale: 'tr-TR',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // A real SMTP catcher, then `node apps/all-in-one/dist/main.js` with SMTP_URL pointing at it.
    command: `node ${path.join(root, 'tests/e2e/server-with-catcher.mjs')}`,
    cwd: root,
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM to the server's process group, then its own ordered stop (gateway, services, its
    // PostgreSQL, which runs in a process group of its own): Playwright's default, SIGKILL to the
    // group, left that PostgreSQL running after every e2e run.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ...(process.env as Record<string, string>),
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      MAIL_FROM: 'ShelfScan <no-reply@shelfscan.test>',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'admin@shelfscan.test',
      ADMIN_PASSWORD: 'admin-e2e-pass',
    },
  },
});
