import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one file at a time on a 2-core machine, with the other core
    // idle while a file waits on PostgreSQL, Redis or a process it started. Every file has its own database, so files
    // run side by side safely (docs/decisions/0024-fast-test-databases.md).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { test: { name: 'domain', include: ['packages/*/src/**/*.test.ts'] } },
      // Checks of the repository itself (manifests).
      { test: { name: 'repo', include: ['scripts/**/*.test.ts'] } },
      // The benchmark harness's own parts (verdicts, the bare server's bytes, /proc readings); the benchmark is npm run bench.
      { test: { name: 'bench', include: ['bench/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['apps/api/{src,test}/**/*.test.ts'],
          // Migrates and seeds one template database; each test file's database is a copy of it (apps/api/test/README.md).
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The storefront's server (apps/web/server): the page cache and the pages it serves, on the API's test
        // databases (the same template as the api project).
        test: {
          name: 'web-server',
          include: ['apps/web/server/**/*.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The storefront's components and browser modules, in a simulated DOM.
        test: {
          name: 'web',
          include: ['apps/web/app/**/*.test.{ts,tsx}', 'apps/web/scripts/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/app/test-setup.ts'],
        },
      },
    ],
  },
});
