import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@charms/api/app';
import { ConfigError, loadConfig } from '@charms/api/config';
import { openConfiguredDatabase } from '@charms/api/db/open';
import { productTakesPhoto } from '@charms/api/services/photo-art-uploads';
import { closeOnSignals } from '@charms/api/shutdown';
import * as build from 'virtual:react-router/server-build';
import { createApiClient } from '../app/lib/api-client';
import { createStorefrontCookies } from '../app/lib/cookies.server';
import type { StoreInfo } from '../app/lib/context';
import { formatCutoff } from '@charms/domain/store-settings';
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
  // Per page request: the store settings as they are now (the API's cached copy, dropped on every instance when
  // staff change them), and the public address (without PUBLIC_BASE_URL, the one the server listens on).
  const storeInfo = async (): Promise<StoreInfo> => {
    const settings = await app.storeSettings.get();
    return {
      name: settings.storeName,
      phone: settings.phone,
      photoArtEmail: settings.photoArtEmail,
      contactEmail: settings.contactEmail,
      publicBaseUrl: app.publicBaseUrl,
      robots: config.ROBOTS,
      gtmId: config.GTM_ID,
      socialLinks: [
        { name: 'Facebook', href: settings.social.facebook },
        { name: 'Pinterest', href: settings.social.pinterest },
        { name: 'Twitter', href: settings.social.twitter },
      ].flatMap(({ name, href }) => (href ? [{ name, href }] : [])),
      sameDayCutoff: formatCutoff(settings.sameDayCutoff),
      timeZone: settings.timeZone,
      shippingPrices: settings.shippingPrices,
      engraving: settings.engraving,
      assemblyFeeCents: settings.assemblyFeeCents,
    };
  };
  const cookies = createStorefrontCookies(app.secrets.cookie);
  await app.register(storefrontPlugin, {
    build,
    clientDir,
    // One API client per page request, so the API sees the shopper's address (see inject-transport.ts).
    loadContext: async (request, reply) => {
      const apiTransport = injectTransport(app, { remoteAddress: request.ip });
      return { api: createApiClient(apiTransport), apiTransport, store: await storeInfo(), log: request.log, cookies, cspNonce: reply.cspNonce.script };
    },
    takesPhoto: (productId) => productTakesPhoto(database.db, productId),
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
