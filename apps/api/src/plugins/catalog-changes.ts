import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

interface CatalogCopy {
  drop: () => void;
  live: (listening: boolean) => void;
  what: string;
}

/** Every copy an instance keeps, in the order they were made, and the one listening connection that keeps them right. */
interface Followers {
  copies: CatalogCopy[];
  started?: Promise<void>;
  stop?: () => Promise<void>;
}

const followersOf = new WeakMap<Database, Followers>();

/**
 * Keeps an instance's in-process copy of catalog data right: `drop` on every `NOTIFY catalog_changed` (sent by
 * triggers on the catalog and settings tables, so every instance hears every change). While notifications cannot
 * arrive (not yet listening, or the connection lost), `live(false)`: the copy must be bypassed, since a change made
 * through another instance would go unheard. `what` says in the log what that means for this copy.
 *
 * One connection listens for all of an instance's copies, and each notification drops them in the order they were
 * followed, in one go: a copy made from another (the storefront's pages from the API's cached answers) is followed
 * after it, so nothing can be made from the older copy between the two drops.
 */
export function followCatalogChanges(app: FastifyInstance, copy: CatalogCopy): void {
  let followers = followersOf.get(app.database);
  if (!followers) {
    followers = { copies: [] };
    followersOf.set(app.database, followers);
  }
  const group = followers;
  group.copies.push(copy);
  app.addHook('onReady', async () => {
    group.started ??= listen(app, group);
    await group.started;
  });
  app.addHook('preClose', async () => {
    // Closed: the copies go with the instance (another instance may open the same database object afterwards).
    if (followersOf.get(app.database) === group) followersOf.delete(app.database);
    const stop = group.stop;
    group.stop = undefined;
    await stop?.();
  });
}

async function listen(app: FastifyInstance, group: Followers): Promise<void> {
  const each = (action: (copy: CatalogCopy) => void) => {
    for (const copy of group.copies) action(copy);
  };
  try {
    group.stop = await app.database.listen(
      'catalog_changed',
      () =>
        each((copy) => {
          copy.drop();
          copy.live(true);
        }),
      () =>
        each((copy) => {
          copy.live(false);
          copy.drop();
          app.log.warn(`catalog change notifications lost; ${copy.what} until they are back`);
        }),
    );
    each((copy) => copy.live(true));
  } catch (err) {
    each((copy) => {
      copy.live(false);
      app.log.warn({ err }, `cannot listen for catalog changes; ${copy.what}`);
    });
  }
}
