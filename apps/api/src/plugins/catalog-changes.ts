import type { FastifyInstance } from 'fastify';

/**
 * Keeps an instance's in-process copy of catalog data right: `drop` on every `NOTIFY catalog_changed` (sent by
 * triggers on the catalog and settings tables, so every instance hears every change). While notifications cannot
 * arrive (not yet listening, or the connection lost), `live(false)`: the copy must be bypassed, since a change made
 * through another instance would go unheard. `what` says in the log what that means for this copy.
 */
export function followCatalogChanges(app: FastifyInstance, copy: { drop: () => void; live: (listening: boolean) => void; what: string }): void {
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    try {
      stop = await app.database.listen(
        'catalog_changed',
        () => {
          copy.drop();
          copy.live(true);
        },
        () => {
          copy.live(false);
          copy.drop();
          app.log.warn(`catalog change notifications lost; ${copy.what} until they are back`);
        },
      );
      copy.live(true);
    } catch (err) {
      copy.live(false);
      app.log.warn({ err }, `cannot listen for catalog changes; ${copy.what}`);
    }
  });
  app.addHook('preClose', async () => {
    await stop?.();
  });
}
