import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  // The browser loads every route's entry with the page's scripts and never looks one up while a page is in use:
  // React Router 7's lookup raced revalidations and showed the error page (docs/decisions/0039-routes-known-from-the-start.md).
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
