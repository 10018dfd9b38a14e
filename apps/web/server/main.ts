import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApp } from '@charms/api/app';
import { ConfigError, loadConfig } from '@charms/api/config';
import { openConfiguredDatabase } from '@charms/api/db/open';
import { closeOnSignals } from '@charms/api/shutdown';
import type { ServerBuild } from 'react-router';
import { createApiClient } from '../app/lib/api-client';
import { createStorefrontCookies } from '../app/lib/cookies.server';
import { cookieSecret } from './cookie-secret';
import { injectTransport } from './inject-transport';
import { storefrontPlugin } from './storefront-plugin';

/** The shop: the storefront and the core API (under /api) in one server. */
const serverBuildPath = fileURLToPath(new URL('../build/server/index.js', import.meta.url));
const clientDir = fileURLToPath(new URL('../build/client', import.meta.url));

try {
  const config = loadConfig();
  if (!existsSync(serverBuildPath)) throw new ConfigError('The storefront is not built yet: run `npm run build` (npm start does).');
  const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({ config, database });
  const api = createApiClient(injectTransport(app));
  const store = {
    name: config.STORE_NAME,
    phone: config.STORE_PHONE,
    photoArtEmail: config.PHOTOART_EMAIL,
    publicBaseUrl: config.PUBLIC_BASE_URL,
    robots: config.ROBOTS,
    gtmId: config.GTM_ID,
  };
  const cookies = createStorefrontCookies(cookieSecret(app));
  await app.register(storefrontPlugin, {
    build,
    clientDir,
    loadContext: (request, reply) => ({ api, store, log: request.log, cookies, cspNonce: reply.cspNonce.script }),
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
