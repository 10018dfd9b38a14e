import type { AddressInfo } from 'node:net';
import { buildApp } from '@charms/api/app';
import type { Config } from '@charms/api/config';
import { openConfiguredDatabase } from '@charms/api/db/open';
import { productTakesPhoto } from '@charms/api/services/photo-art-uploads';
import { closeOnSignals } from '@charms/api/shutdown';
import type { FastifyInstance } from 'fastify';
import * as build from 'virtual:react-router/server-build';
import { createApiClient } from '../app/lib/api-client';
import { createStorefrontCookies } from '../app/lib/cookies.server';
import type { StoreInfo } from '../app/lib/context';
import { formatCutoff } from '@charms/domain/store-settings';
import { injectTransport } from './inject-transport';
import { storefrontPlugin } from './storefront-plugin';

export interface ServeShopOptions {
  config: Config;
  /** The built client files (build/client), found from the entry module's place (start.ts). */
  clientDir: string;
  /** What stops it gracefully (closeOnSignals): SIGTERM and SIGINT alone; SIGTERM from the primary in a worker. */
  signals: NodeJS.Signals[];
}

/**
 * The shop: the storefront and the core API (under /api) in one server, listening. `npm run build` bundles this file,
 * with the storefront's routes and the API's sources, into the server build (one module graph, so one copy of every
 * module and class), started by start.ts in this process or in each worker of a cluster. Third-party packages stay
 * in node_modules.
 */
export async function serveShop({ config, clientDir, signals }: ServeShopOptions): Promise<{ app: FastifyInstance; port: number }> {
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
  closeOnSignals(app, { signals });
  await app.listen({ port: config.PORT, host: config.HOST });
  const { port } = app.server.address() as AddressInfo;
  return { app, port };
}
