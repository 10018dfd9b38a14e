import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * ETags and 304 for the API's GET answers. Every 200 GET (and HEAD) answer gets a weak ETag of its bytes, unless
 * its route set one (the catalog cache keeps one per answer); a request whose If-None-Match names it gets 304 with
 * no body. Weak, because the same answer also goes out Brotli- or gzip-compressed: equal content, other bytes.
 *
 * An answer that says nothing about caching gets `no-cache`: any cache may keep it but must ask again, with its
 * ETag, before using it (a catalog read changes whenever staff edit it). Routes that must never be kept (the bag,
 * checkout, sessions, the staff side) set `no-store` themselves, and that wins: their hooks run after this one.
 *
 * Not @fastify/etag: it answers 304 to any method and any status (a POST whose answer matches would get 304
 * after its work is done; RFC 9110 13.1.2 allows 304 for GET and HEAD only), and it compares one tag only.
 */
export const conditionalGetPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    let etag = reply.getHeader('etag');
    if (etag === undefined) {
      // Only bytes in hand: a stream (a photo being read from storage) is not read twice to be hashed.
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
      reply.header('etag', etag);
    }
    if (!matches(request.headers['if-none-match'], String(etag))) return payload;
    reply.code(304);
    return '';
  });
});

/** If-None-Match holds `*` or a list of tags; weak comparison (W/"x" and "x" are the same tag). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === wanted);
}
