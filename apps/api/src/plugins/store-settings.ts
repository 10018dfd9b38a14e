import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { StoreSettingsLoader } from '../services/store-settings';

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
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    try {
      stop = await app.database.listen(
        'catalog_changed',
        () => {
          loader.drop();
          loader.listening = true;
        },
        () => {
          loader.listening = false;
          loader.drop();
          app.log.warn('change notifications lost; store settings read from the database on every request until they are back');
        },
      );
      loader.listening = true;
    } catch (err) {
      loader.listening = false;
      app.log.warn({ err }, 'cannot listen for changes; store settings read from the database on every request');
    }
  });
  app.addHook('preClose', async () => {
    await stop?.();
  });
});
