import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@charms/api/app';
import { ConfigError, loadConfig } from '@charms/api/config';
import { openConfiguredDatabase } from '@charms/api/db/open';
import { closeOnSignals } from '@charms/api/shutdown';
import * as build from 'virtual:react-router/server-build';
import { createApiClient } from '../app/lib/api-client';
import { createStorefrontCookies } from '../app/lib/cookies.server';
import { injectTransport } from './inject-transport';
import { storefrontPlugin } from './storefront-plugin';

/**
 * The shop: the storefront and the core API (under /api) in one server. `npm run build` bundles this file, with the
 * storefront's routes and the API's sources, into build/server/index.js (one module graph, so one copy of every
 * module and class); `npm run serve` runs that plain JavaScript. Third-party packages stay in node_modules.
 */
const clientDir = fileURLToPath(new URL('../client', import.meta.url));

// `node build/server/index.js admin:create --email ... --password ...`: the staff-account command, where production
// has no TypeScript loader to run it from source (npm run admin:create does that in development).
if (process.argv[2] === 'admin:create') {
  await import('@charms/api/staff/admin-create');
  process.exit(process.exitCode ?? 0);
}

try {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({ config, database });
  const store = {
    name: config.STORE_NAME,
    phone: config.STORE_PHONE,
    photoArtEmail: config.PHOTOART_EMAIL,
    // Read per request: without PUBLIC_BASE_URL it is the address the server listens on, known once it listens.
    get publicBaseUrl() {
      return app.publicBaseUrl;
    },
    robots: config.ROBOTS,
    gtmId: config.GTM_ID,
    socialLinks: [
      { name: 'Facebook', href: config.SOCIAL_FACEBOOK_URL },
      { name: 'Pinterest', href: config.SOCIAL_PINTEREST_URL },
      { name: 'Twitter', href: config.SOCIAL_TWITTER_URL },
    ].flatMap(({ name, href }) => (href ? [{ name, href }] : [])),
  };
  const cookies = createStorefrontCookies(app.secrets.cookie);
  await app.register(storefrontPlugin, {
    build,
    clientDir,
    // One API client per page request, so the API sees the shopper's address (see inject-transport.ts).
    loadContext: (request, reply) => {
      const apiTransport = injectTransport(app, { remoteAddress: request.ip });
      return { api: createApiClient(apiTransport), apiTransport, store, log: request.log, cookies, cspNonce: reply.cspNonce.script };
    },
  });
  closeOnSignals(app);
  await app.listen({ port: config.PORT, host: config.HOST });
  const { port } = app.server.address() as AddressInfo;
  // Printed plainly (not only logged) so a person, and the end-to-end tests, can see where the shop is.
  console.log(`The shop is open at http://localhost:${port} (database: ${database.kind})`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
