import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { followCatalogChanges } from './catalog-changes';

/**
 * A short in-process cache of catalog answers, which are the same for every shopper with the same query.
 * Every instance drops it when the database announces a catalog change (NOTIFY catalog_changed, sent by
 * triggers on the catalog tables), so no instance serves a stale catalog for longer than the notification
 * takes. If the listening connection is lost, the cache is cleared and bypassed until it is back.
 */
export class ResponseCache {
  private entries = new Map<string, { body: string; etag: string; expires: number }>();
  private values = new Map<string, { value: Promise<unknown>; expires: number }>();
  enabled = true;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 2_000,
  ) {}

  clear(): void {
    this.entries.clear();
    this.values.clear();
  }

  /** A JSON answer and its ETag, computed once per key until it expires or the catalog changes. */
  async json(key: string, compute: () => Promise<unknown>): Promise<{ body: string; etag: string }> {
    const now = Date.now();
    const hit = this.enabled ? this.entries.get(key) : undefined;
    if (hit && hit.expires > now) return hit;
    const body = JSON.stringify(await compute());
    const entry = { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`, expires: now + this.ttlMs };
    if (this.enabled) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /**
   * A derived value (the search vocabulary, a product's facts), shared by concurrent callers. A load that finds
   * nothing (null) is not kept: such keys come from whatever callers send, and must not crowd out the rest.
   */
  value<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.enabled ? this.values.get(key) : undefined;
    if (hit && hit.expires > now) {
      // Most recently used last, so a run of one-off keys evicts those, not the values every request needs.
      this.values.delete(key);
      this.values.set(key, hit);
      return hit.value as Promise<T>;
    }
    const value = load();
    if (this.enabled) {
      if (this.values.size >= this.maxEntries) this.values.delete(this.values.keys().next().value!);
      this.values.set(key, { value, expires: now + this.ttlMs });
      value.then(
        (found) => found === null && this.values.delete(key),
        () => this.values.delete(key),
      );
    }
    return value;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogCache: ResponseCache;
  }
}

/** Answers from the cache with Cache-Control and ETag; a matching If-None-Match gets 304 and no body. */
export async function sendCachedJson(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>) {
  const { body, etag } = await request.server.catalogCache.json(request.url, compute);
  const maxAge = request.server.config.CATALOG_CACHE_SECONDS;
  reply.header('cache-control', maxAge > 0 ? `public, max-age=${maxAge}, stale-while-revalidate=${maxAge * 5}` : 'no-cache');
  reply.header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').serializer((payload) => payload as string).send(body);
}

export const responseCachePlugin = fp(async (app: FastifyInstance) => {
  const ttlMs = app.config.CATALOG_CACHE_SECONDS * 1000;
  const cache = new ResponseCache(ttlMs);
  if (ttlMs === 0) {
    cache.enabled = false;
    app.decorate('catalogCache', cache);
    return;
  }
  app.decorate('catalogCache', cache);
  followCatalogChanges(app, {
    drop: () => cache.clear(),
    live: (listening) => {
      cache.enabled = listening;
    },
    what: 'catalog cache off',
  });
});
