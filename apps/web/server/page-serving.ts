import { followCatalogChanges } from '@charms/api/plugins/catalog-changes';
import { pageDirectives } from '@charms/api/plugins/security-headers';
import { shipCalendarOf } from '@charms/domain/store-settings';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerBuild } from 'react-router';
import { PageCache } from './page-cache';
import { pageExpiry } from './page-freshness';
import { type SharedPageRequest, anonymousRequest, sharedPagePolicy } from './page-policy';
import { type Coding, type SealedPage, compactPage, encodedBody, etagOf, identityBody, matchesEtag, sealPage } from './page-seal';

/** What a CDN may keep of a shared page in the default prefs (seconds), then serve stale while it asks again. */
const CDN_FRESH_SECONDS = 60;
const CDN_STALE_SECONDS = 600;

/**
 * Renders a shared page: React Router's handler on the anonymous request, its inline scripts given `nonce` (the
 * request's own, `reply.cspNonce.script`: sealing takes it out of the page, and the page's policy names its scripts by
 * hash instead). The page is the Response's body, or `body` when it was rendered as bytes (AppLoadContext.renderedPages).
 */
export type RenderSharedPage = (request: Request, nonce: string) => Promise<{ response: Response; body: Buffer | undefined }>;

type CacheState = 'hit' | 'miss' | 'bypass';

/**
 * Serves the shared pages (page-policy.ts) from a bounded cache of rendered pages (page-cache.ts), each rendered once
 * from an anonymous request and sealed (page-seal.ts): hits and misses alike get the page's Brotli or gzip form, a
 * strong ETag (304 on If-None-Match), a Content-Security-Policy allowing its inline scripts by hash, and headers for
 * a CDN. The cache is dropped on every catalog, content or settings change (on every instance), bypassed while such
 * changes cannot be heard, and off with PAGE_CACHE_MAX_BYTES=0.
 */
export function pageServer(app: FastifyInstance, build: ServerBuild) {
  const cache = new PageCache<SealedPage>(app.config.PAGE_CACHE_MAX_BYTES);
  let live = false;
  if (cache.maxBytes > 0) {
    followCatalogChanges(app, {
      drop: () => cache.drop(),
      live: (listening) => {
        live = listening;
      },
      what: 'pages are rendered for every request',
    });
  }
  const policy = sharedPagePolicy(build);
  const directives = pageDirectives(app.config);

  const render = async (shared: SharedPageRequest, request: FastifyRequest, reply: FastifyReply, renderPage: RenderSharedPage): Promise<SealedPage> => {
    const startedAt = Date.now();
    const nonce = reply.cspNonce.script;
    const { response, body } = await renderPage(anonymousRequest(shared, `${request.protocol}://${new URL(app.publicBaseUrl).host}`), nonce);
    const calendar = shipCalendarOf(await app.storeSettings.get());
    return sealPage(response, { body, nonce, expiresAt: pageExpiry(startedAt, calendar, app.config.CATALOG_CACHE_SECONDS), policy: (scriptHashes) => policyWith(directives, scriptHashes) });
  };

  const storable = (page: SealedPage) => (page.shareable && page.expiresAt > Date.now() ? compactPage(page) : undefined);

  const send = (request: FastifyRequest, reply: FastifyReply, shared: SharedPageRequest, page: SealedPage, state: CacheState): true => {
    const coding = page.kept ? codingFor(request.headers['accept-encoding']) : 'identity';
    reply.header('x-page-cache', state);
    // On a 304 too: the browser puts the 304's headers on the page it keeps, and the route's policy (with a nonce the
    // kept page does not have) would stop its scripts.
    if (page.policy) reply.header('content-security-policy', page.policy);
    if (page.shareable) {
      // In lower case, as the compression plugin writes it on every answer it may compress (varyWithAcceptEncoding):
      // a kept page sent in its stored coding passes by that plugin, and says it the same way.
      reply.header('vary', 'accept-encoding');
      for (const [name, value] of cacheHeaders(shared.defaultPrefs, page.expiresAt - Date.now())) reply.header(name, value);
      reply.header('etag', etagOf(page, coding));
      if (matchesEtag(request.headers['if-none-match'], page)) {
        reply.code(304).send();
        return true;
      }
    } else if (page.personal) {
      reply.header('cache-control', 'private, no-cache');
      if (page.setCookies.length > 0) reply.header('set-cookie', page.setCookies);
    }
    reply.code(page.status);
    for (const [name, value] of page.headers) reply.header(name, value);
    // A page served once is compressed like any answer made per request (@fastify/compress, at its cheaper level).
    if (!page.kept || coding === 'identity') {
      reply.send(identityBody(page));
      return true;
    }
    // A kept page in the coding made for it once. Content-Encoding set here tells @fastify/compress to leave it.
    reply.header('content-encoding', coding);
    reply.send(encodedBody(page, coding, (bytes) => cache.grew(shared.key, page, bytes)));
    return true;
  };

  /**
   * Answers the request when it asks for a shared page (true); false when it does not, and the caller renders it for
   * the shopper, as before. (Not the reply itself: a reply is a thenable, which an async function would wait for.)
   */
  return async function serveSharedPage(request: FastifyRequest, reply: FastifyReply, renderPage: RenderSharedPage): Promise<boolean> {
    const shared = policy.candidate(request);
    if (!shared) return false;
    const stored = live ? cache.get(shared.key, Date.now()) : undefined;
    if (stored) return send(request, reply, shared, stored, 'hit');
    if (!policy.isShared(shared.path)) return false;
    if (!live) return send(request, reply, shared, await render(shared, request, reply, renderPage), 'bypass');
    const page = await cache.once(shared.key, () => render(shared, request, reply, renderPage), storable);
    return send(request, reply, shared, page, 'miss');
  };
}

/**
 * Only the default prefs may be kept by a shared cache: a CDN cannot see the prefs cookie, so a page in a shopper's
 * own metal must not be handed to others. It may serve the default page to a shopper with other prefs, whose page
 * then loads its data again in their prefs once it runs (docs/decisions/0032-page-cache.md). Neither outlives what
 * the page shows (`remainingMs`).
 *
 * Browsers always ask again (max-age=0, answered 304 while unchanged). The stale time is for CDNs only, in
 * CDN-Cache-Control (RFC 9213): browsers honour stale-while-revalidate in Cache-Control too, and would hand a page's
 * data answer back from their own cache after a change, or in the metal the shopper had before choosing another.
 */
function cacheHeaders(defaultPrefs: boolean, remainingMs: number): [string, string][] {
  if (!defaultPrefs) return [['cache-control', 'private, no-cache']];
  const remaining = Math.max(0, Math.floor(remainingMs / 1000));
  const fresh = Math.min(CDN_FRESH_SECONDS, remaining);
  const stale = Math.min(CDN_STALE_SECONDS, remaining - fresh);
  return [
    ['cache-control', `public, max-age=0, s-maxage=${fresh}`],
    ['cdn-cache-control', `public, max-age=${fresh}, stale-while-revalidate=${stale}`],
  ];
}

/** The storefront's policy with this page's inline scripts allowed by hash instead of a nonce. */
function policyWith(directives: Record<string, string[]>, scriptHashes: string[]): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources, ...(name === 'script-src' ? scriptHashes : [])].join(' '))
    .join(';');
}

/** Brotli, else gzip, else the page as it is; a coding the client gives q=0 is refused. */
function codingFor(acceptEncoding: string | undefined): Coding | 'identity' {
  if (!acceptEncoding) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (name) accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const wants = (coding: string) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return 'identity';
}
