import { defineConfig, devices } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** End-to-end tests in Debian's Chromium against the built shop, started by e2e/global-setup.ts on a free port. */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // The long flows (staff create, rename and retire a product, with three accessibility checks) take 10-20 s here, and
  // two or three times that when the machine's two cores are shared: on 27 November CI's run took 2,000 s instead of
  // 700 and three such flows ran out of 30 s twice, every step passing. A test's time is not what it checks.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, testMatch: /.*\.mobile\.spec\.ts/ },
  ],
});
