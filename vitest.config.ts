import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** Component test files that replace a module with `vi.mock`: they need a module graph of their own. */
function filesMockingModules(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => join(folder, file))
    .filter((file) => /\bvi\.mock\(/.test(readFileSync(file, 'utf8')));
}
const mocking = filesMockingModules('tests/web');

// One project per seam: the framework-free engine (plus scripts), the HTTP server against a fresh
// database, React components in jsdom (those that mock modules apart), and the module contract suite.
//
// Server and component test files share their worker's imported modules (isolate: false): each
// file otherwise imports the server or the app afresh, which was half of the time (server files
// 175 s → 99 s, component files 433 s → 89 s: docs/PERFORMANCE.md "Test files share their
// worker's modules"). Every server file still builds its own app on its own database, the
// component setup resets what the app keeps in the page (storage, language), and files that mock
// modules keep their own graph.
export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest defaults to cpus - 1 workers: one on the 2-core machines CI runs on.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'engine', environment: 'node', include: ['tests/engine/**/*.test.ts', 'tests/scripts/**/*.test.ts'], testTimeout: 30000 } },
      { extends: true, test: { name: 'server', environment: 'node', include: ['tests/server/**/*.test.ts'], isolate: false, globalSetup: ['tests/server/global-setup.ts'], testTimeout: 30000, hookTimeout: 60000 } },
      { extends: true, test: { name: 'web', environment: 'jsdom', include: ['tests/web/**/*.test.{ts,tsx}'], exclude: mocking, isolate: false, setupFiles: ['tests/web/setup.ts'], testTimeout: 20000 } },
      { extends: true, test: { name: 'web-mocks', environment: 'jsdom', include: mocking, setupFiles: ['tests/web/setup.ts'], testTimeout: 20000 } },
      { extends: true, test: { name: 'contract', environment: 'jsdom', include: ['tests/contract/**/*.test.{ts,tsx}'], setupFiles: ['tests/web/setup.ts'], testTimeout: 30000 } },
    ],
  },
});
