import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Four projects, one per seam: the framework-free engine (plus scripts), the HTTP server
// against a fresh database, React components in jsdom, and the module contract suite.
export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest defaults to cpus - 1 workers: one on the 2-core machines CI runs on.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'engine', environment: 'node', include: ['tests/engine/**/*.test.ts', 'tests/scripts/**/*.test.ts'], testTimeout: 30000 } },
      { extends: true, test: { name: 'server', environment: 'node', include: ['tests/server/**/*.test.ts'], globalSetup: ['tests/server/global-setup.ts'], testTimeout: 30000, hookTimeout: 60000 } },
      { extends: true, test: { name: 'web', environment: 'jsdom', include: ['tests/web/**/*.test.{ts,tsx}'], setupFiles: ['tests/web/setup.ts'], testTimeout: 20000 } },
      { extends: true, test: { name: 'contract', environment: 'jsdom', include: ['tests/contract/**/*.test.{ts,tsx}'], setupFiles: ['tests/web/setup.ts'], testTimeout: 30000 } },
    ],
  },
});
