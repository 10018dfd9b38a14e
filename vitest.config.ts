import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/*/src/**/*.test.ts'] } },
      // Checks of the repository itself (manifests).
      { test: { name: 'repo', include: ['scripts/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['apps/api/{src,test}/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The storefront's components and browser modules, in a simulated DOM.
        test: {
          name: 'web',
          include: ['apps/web/app/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/app/test-setup.ts'],
        },
      },
    ],
  },
});
