import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Browser journeys run in Debian's Chromium against the real server on a fresh data folder
// (webhooks may go to the journeys' loopback receivers: WEBHOOK_ALLOW_PRIVATE=1).
// No test tool downloads a browser of its own here.
const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'ringi-e2e-'));
// Workers inherit it, so journeys that read the server's mail folder (invitations) find the same one.
process.env.E2E_DATA_DIR = dataDir;

// One worker: the journeys run one at a time in file-name order against the shared server below
// (the quality suite first, on the freshly seeded data), and the crawl — which starts its own
// server on a demo-data folder and only reads — runs after them. Beside each other on 2 cores they
// took as long as one after the other (33 min ≈ 17 + 9, docs/PERFORMANCE.md "The parts of CI") and
// starved each other: journeys failed their 10 s waits at load 6–9 in the CI runs that did so.
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  projects: [
    { name: 'journeys', testIgnore: /crawl\.spec\.ts$/, workers: 1 },
    { name: 'crawl', testMatch: /crawl\.spec\.ts$/, workers: 1 },
  ],
  // The baselines' names carry no project name.
  snapshotPathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}-{platform}{ext}',
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // In CI each failure's error is repeated at the end (the log is read from its tail).
  reporter: process.env.CI ? [['line'], ['./tests/e2e/failure-summary-reporter.ts']] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 390, height: 844 },
    // The login page follows the browser's language (ja otherwise): journeys are written for a Japanese browser.
    locale: 'ja-JP',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'npm run build && tsx server/main.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { PORT: String(port), DATA_DIR: dataDir, RINGI_LOG_LEVEL: 'warn', JWT_SECRET: 'e2e-secret-not-for-production', LOGIN_RATE_LIMIT: '1000', WEBHOOK_ALLOW_PRIVATE: '1', DEMO_DOCUMENTS: process.env.E2E_DEMO_DOCUMENTS ?? '0' },
  },
});
