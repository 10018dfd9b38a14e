import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { StoreSettingsLoader } from '../services/store-settings';
import { followCatalogChanges } from './catalog-changes';

declare module 'fastify' {
  interface FastifyInstance {
    storeSettings: StoreSettingsLoader;
  }
}

/**
 * One cached loader of the store settings per instance. It listens on its own for catalog_changed (the settings
 * table's trigger sends it), independent of the catalog cache, which may be turned off (CATALOG_CACHE_SECONDS=0).
 */
export const storeSettingsPlugin = fp(async (app: FastifyInstance) => {
  const loader = new StoreSettingsLoader(app.database.db);
  app.decorate('storeSettings', loader);
  followCatalogChanges(app, {
    drop: () => loader.drop(),
    live: (listening) => {
      loader.listening = listening;
    },
    what: 'store settings read from the database on every request',
  });
});
