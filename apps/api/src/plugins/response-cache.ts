import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { followCatalogChanges } from './catalog-changes';

/** A public catalog answer as sent: its JSON bytes, written once, and their ETag. */
export interface CachedAnswer {
  body: Buffer;
  etag: string;
  expires: number;
}

/**
 * A short in-process cache of catalog answers, which are the same for every shopper with the same query.
 * Every instance drops it when the database announces a catalog change (NOTIFY catalog_changed, sent by
 * triggers on the catalog tables), so no instance serves a stale catalog for longer than the notification
 * takes. If the listening connection is lost, the cache is cleared and bypassed until it is back.
 *
 * Answers are kept as the bytes sent (see answerFromCatalogCache), least recently used first out, within both a
 * number of entries and a number of bytes.
 */
export class ResponseCache {
  private answers = new Map<string, CachedAnswer>();
  private answerBytes = 0;
  /** Answers being made, so concurrent requests for one address (a burst after a change) make it once. */
  private making = new Map<string, Promise<CachedAnswer>>();
  private values = new Map<string, { value: Promise<unknown>; expires: number }>();
  /** Counts clears: an answer made from what was read before a change must not be kept after it. */
  private generation = 0;
  enabled = true;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 2_000,
    private readonly maxAnswerBytes = 32 * 1024 * 1024,
  ) {}

  clear(): void {
    this.generation += 1;
    this.answers.clear();
    this.answerBytes = 0;
    this.making.clear();
    this.values.clear();
  }

  /** The kept answer for this key, if there is a fresh one (and the cache is in use). */
  answerFor(key: string): CachedAnswer | undefined {
    if (!this.enabled) return undefined;
    const hit = this.answers.get(key);
    if (!hit) return undefined;
    this.answers.delete(key);
    if (hit.expires <= Date.now()) {
      this.answerBytes -= hit.body.length;
      return undefined;
    }
    // Most recently used last, so one-off addresses (a crawler's pages) evict each other, not the menu.
    this.answers.set(key, hit);
    return hit;
  }

  /**
   * The answer for this key: kept, being made for another request, or made now by `make` (the JSON text, written
   * by the route's serializer) and kept until it expires or the catalog changes.
   */
  answer(key: string, make: () => Promise<string>): Promise<CachedAnswer> {
    const hit = this.answerFor(key);
    if (hit) return Promise.resolve(hit);
    if (!this.enabled) return make().then((text) => this.toAnswer(text));
    const pending = this.making.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const made = make().then((text) => {
      const answer = this.toAnswer(text);
      if (this.enabled && this.generation === generation) this.keep(key, answer);
      return answer;
    });
    this.making.set(key, made);
    const settled = () => {
      if (this.making.get(key) === made) this.making.delete(key);
    };
    made.then(settled, settled);
    return made;
  }

  private toAnswer(text: string): CachedAnswer {
    const body = Buffer.from(text);
    return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`, expires: Date.now() + this.ttlMs };
  }

  private keep(key: string, answer: CachedAnswer): void {
    if (answer.body.length > this.maxAnswerBytes) return;
    const replaced = this.answers.get(key);
    if (replaced) {
      this.answers.delete(key);
      this.answerBytes -= replaced.body.length;
    }
    while (this.answers.size > 0 && (this.answers.size >= this.maxEntries || this.answerBytes + answer.body.length > this.maxAnswerBytes)) {
      const [oldestKey, oldest] = this.answers.entries().next().value!;
      this.answers.delete(oldestKey);
      this.answerBytes -= oldest.body.length;
    }
    this.answers.set(key, answer);
    this.answerBytes += answer.body.length;
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

/** Sends a catalog answer with Cache-Control and ETag; a matching If-None-Match gets 304 and no body. */
function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  // Kept by any cache but asked again each time (a 304 when unchanged): a staff edit reaches every caller at once.
  reply.header('cache-control', 'no-cache');
  reply.header('etag', answer.etag);
  if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

/**
 * A cached catalog route's onRequest hook: a kept answer for this address is sent as it is, before the query is
 * parsed and validated, the handler runs or anything is serialized (a hit is a lookup and a send). Only answers
 * made by the route after validating the same address are kept, so the address alone decides. Callback style: this
 * runs on every request of the busiest routes, and needs no promise.
 */
export const answerFromCatalogCache: onRequestHookHandler = function (request, reply, done) {
  const answer = request.server.catalogCache.answerFor(request.url);
  if (answer) {
    sendAnswer(request, reply, answer);
    return;
  }
  done();
};

/**
 * Answers from the cache, or makes the answer with `compute`, writes it with the route's response serializer (as
 * any other answer is written and, in tests, checked against its schema), and keeps the bytes. A cached route also
 * takes `onRequest: answerFromCatalogCache`, which sends kept answers before this handler runs.
 */
export async function sendCachedJson(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>) {
  const answer = await request.server.catalogCache.answer(request.url, async () => reply.serialize(await compute()) as string);
  return sendAnswer(request, reply, answer);
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
