/// <reference path="../../api/test/global-setup.ts" />
import { createHash, randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type AdminProductDetail, adminProductDetailSchema } from '@charms/contracts/admin-products';
import { buildApp } from '@charms/api/app';
import { loadConfig } from '@charms/api/config';
import { openDatabase } from '@charms/api/db/client';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { shopperApi, staffApi, useTestApp } from '../../api/test/helper';
import { storefrontOnTestApp } from './test/storefront-on-test-app';

/**
 * The storefront's shared pages through the real server (storefront-plugin.ts and the page cache) on the real API:
 * what a shopper, a CDN or an attacker can observe of the cache.
 */

const PRODUCT = '/products/heart-charms/sterling-silver/heart-key-charm/1838';
const LISTING = '/products/category/Heart-Charms';
const GOLD_PREFS = 'shopper-prefs=metalId%3D10%26braceletSize%3D7%26productsOrderBy%3DBestSelling';
const polled = { timeout: 5_000, interval: 50 };

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip', ...headers } });

/** The page's HTML, whatever coding it came in. */
function htmlOf(response: LightMyRequestResponse): string {
  const coding = response.headers['content-encoding'];
  const bytes = response.rawPayload;
  return (coding === 'br' ? brotliDecompressSync(bytes) : coding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
}

function directives(policy: unknown): Map<string, string[]> {
  return new Map(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** A page asked for until it comes from the cache (another file's catalog change may drop it in between). */
async function hitOf(app: FastifyInstance, url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  let response = await get(app, url, headers);
  for (let tries = 0; response.headers['x-page-cache'] !== 'hit' && tries < 5; tries++) response = await get(app, url, headers);
  expect(response.headers['x-page-cache']).toBe('hit');
  return response;
}

describe('shared pages, from the cache', () => {
  const t = useTestApp();
  let counts: { productRenders: number };
  beforeAll(async () => {
    counts = await storefrontOnTestApp(t.app);
    await t.app.ready();
  });

  it('are rendered once, then served compressed with a strong ETag, no Set-Cookie and 304 to a revalidation', async () => {
    const first = await get(t.app, PRODUCT);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(first.headers['content-encoding']).toBe('br');
    expect(htmlOf(first)).toContain('<h1>Heart Key Charm</h1>');

    const hit = await hitOf(t.app, PRODUCT);
    expect(hit.headers['set-cookie']).toBeUndefined();
    expect(hit.headers.etag).toMatch(/^"[\w-]{32}-br"$/);
    expect(hit.headers.etag).toBe(first.headers.etag);
    expect(hit.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(hit.headers.vary).toBe('accept-encoding');
    expect(hit.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+$/);
    expect(hit.headers['cdn-cache-control']).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);

    // The same page in gzip and as it is: other bytes, other ETags, the same HTML.
    const gzip = await get(t.app, PRODUCT, { 'accept-encoding': 'gzip' });
    const plain = await get(t.app, PRODUCT, { 'accept-encoding': 'identity' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(new Set([hit.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
    expect(htmlOf(gzip)).toBe(htmlOf(hit));
    expect(htmlOf(plain)).toBe(htmlOf(hit));
    // Chrome's and Firefox's header: the Brotli form kept, not Zstandard made anew for each of them.
    const chrome = await get(t.app, PRODUCT, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(chrome.headers['content-encoding']).toBe('br');
    expect(chrome.rawPayload.equals(hit.rawPayload)).toBe(true);
    // A client that takes only Zstandard gets the page as it is, for the server's compression (this one is too small
    // for it; e2e/compression.spec.ts sends a real page): the same HTML, under a weak tag.
    const zstd = await get(t.app, PRODUCT, { 'accept-encoding': 'zstd' });
    expect(zstd.headers['content-encoding']).toBeUndefined();
    expect(zstd.headers.etag).toBe(`W/${String(hit.headers.etag).replace(/-br"$/, '"')}`);
    expect(htmlOf(zstd)).toBe(htmlOf(hit));

    const revalidated = await get(t.app, PRODUCT, { 'if-none-match': `"elsewhere", ${hit.headers.etag}` });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(hit.headers.etag);
    // The browser keeps the 304's headers with its copy: the policy must be the page's, not a fresh nonce's.
    expect(revalidated.headers['content-security-policy']).toBe(hit.headers['content-security-policy']);
    // An ETag from another coding names the same page.
    expect((await get(t.app, PRODUCT, { 'if-none-match': String(gzip.headers.etag) })).statusCode).toBe(304);

    const head = await t.app.inject({ method: 'HEAD', url: PRODUCT, headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(hit.rawPayload.length));
  });

  it('run their inline scripts by hash: no nonce is stored or sent, and every script that had one is allowed', async () => {
    const page = await hitOf(t.app, PRODUCT);
    const html = htmlOf(page);
    expect(html).not.toMatch(/<[^>]* nonce=/);
    const scriptSources = directives(page.headers['content-security-policy']).get('script-src') ?? [];
    expect(scriptSources.filter((source) => source.startsWith("'nonce-"))).toEqual([]);
    expect(scriptSources).toContain("'strict-dynamic'");
    const running = [...html.matchAll(/<script(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map(([, text]) => `'sha256-${createHash('sha256').update(text!).digest('base64')}'`);
    expect(running).toHaveLength(3);
    expect(scriptSources.filter((source) => source.startsWith("'sha256-")).sort()).toEqual(running.sort());
    // The rest of the policy is the storefront's.
    expect(directives(page.headers['content-security-policy']).get('object-src')).toEqual(["'none'"]);
    expect(directives(page.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('are the same bytes for a shopper with a bag, a session, other cookies and credentials as for anyone', async () => {
    const shopper = shopperApi(t);
    const session = await shopper.newSession();
    expect((await shopper.call(session, 'POST', '/shopping-cart/items', { productId: 1838, metalId: 40, quantity: 2 })).statusCode).toBe(200);
    const personal = { cookie: `user-session-id=${session}; staff_session=abc; _ga=GA1.2.3`, authorization: 'Bearer secret-token', usersessionid: session };

    // The personal page shows the bag; the shared one never does, whoever asks first.
    const bag = await get(t.app, '/order', personal);
    expect(bag.headers['x-page-cache']).toBe('bypass');
    expect(htmlOf(bag)).toContain('Bag (2)');
    for (const url of [`${LISTING}?first=${randomBytes(4).toString('hex')}`, `${PRODUCT}?from=${randomBytes(4).toString('hex')}`]) {
      const theirs = await get(t.app, url, personal);
      const anyone = await get(t.app, url);
      expect(theirs.headers['x-page-cache']).toBe('miss');
      expect(anyone.headers['x-page-cache']).toBe('hit');
      expect(htmlOf(anyone)).toBe(htmlOf(theirs));
      expect(htmlOf(theirs)).toContain('Bag (0)');
      expect(htmlOf(theirs)).not.toContain(session);
      expect(theirs.headers['set-cookie']).toBeUndefined();
    }
  });

  it('are kept per prefs: a shopper in gold gets gold prices, kept private; a broken prefs cookie reads as the defaults', async () => {
    const silver = await hitOf(t.app, LISTING);
    const gold = await get(t.app, LISTING, { cookie: `${GOLD_PREFS}; user-session-id=${randomBytes(8).toString('hex')}` });
    expect(htmlOf(silver)).toContain('<h1>Sterling Silver</h1>');
    expect(htmlOf(gold)).toContain('<h1>14k Gold</h1>');
    expect(gold.headers['cache-control']).toBe('private, no-cache');
    expect(gold.headers['cdn-cache-control']).toBeUndefined();
    expect((await get(t.app, LISTING, { cookie: GOLD_PREFS })).headers['x-page-cache']).toBe('hit');
    const broken = await get(t.app, LISTING, { cookie: 'shopper-prefs=metalId%3D999%26braceletSize%3Dlong; shopper-prefs=metalId%3D10' });
    expect(broken.headers['x-page-cache']).toBe('hit');
    expect(htmlOf(broken)).toBe(htmlOf(silver));
  });

  it('are not poisoned by a hostile Host or forwarded host: pages name the shop\'s own address', async () => {
    const url = `${PRODUCT}?host=${randomBytes(4).toString('hex')}`;
    const hostile = await get(t.app, url, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(hostile.headers['x-page-cache']).toBe('miss');
    expect(htmlOf(hostile)).not.toContain('evil.example');
    expect(htmlOf(hostile)).toContain(`<link rel="canonical" href="${t.app.publicBaseUrl}/`);
    // The render itself saw the shop's own address, not the one the client named.
    expect(htmlOf(hostile)).toContain(`"seenAt":"${new URL(t.app.publicBaseUrl).origin}"`);
    const next = await get(t.app, url);
    expect(next.headers['x-page-cache']).toBe('hit');
    expect(htmlOf(next)).toBe(htmlOf(hostile));
  });

  it('render once for many shoppers asking at the same moment', async () => {
    const url = `${PRODUCT}?burst=${randomBytes(4).toString('hex')}`;
    const before = counts.productRenders;
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(t.app, url)));
    expect(answers.map((answer) => answer.headers['x-page-cache'])).toEqual(Array(8).fill('miss'));
    expect(counts.productRenders - before).toBe(1);
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
  });

  it('keep no render that set a cookie or said it is private, nor a not-found page, however often it is asked for', async () => {
    for (let i = 0; i < 3; i++) {
      const note = await get(t.app, '/private-note');
      expect(note.headers['x-page-cache']).toBe('miss');
      expect(note.headers['cache-control']).toBe('private, no-cache');
      expect(note.headers.etag).toBeUndefined();
      const remembered = await get(t.app, '/remember');
      expect(remembered.headers['x-page-cache']).toBe('miss');
      expect(remembered.headers['set-cookie']).toEqual(['shopper-prefs=metalId%3D10; Path=/']);
      expect(remembered.headers['cache-control']).toBe('private, no-cache');
      const missing = await get(t.app, '/no-such-page-anywhere');
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['x-page-cache']).toBe('miss');
      expect(missing.headers['cache-control']).toBeUndefined();
    }
  });

  it('give way to the personal render for a one-time message, a post, and the root\'s data', async () => {
    const notice = await get(t.app, PRODUCT, { cookie: 'bag-notice=something' });
    expect(notice.headers['x-page-cache']).toBe('bypass');
    expect(String(notice.headers['content-security-policy'])).toMatch(/'nonce-[0-9a-f]{32}'/);
    const posted = await t.app.inject({ method: 'POST', url: PRODUCT, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'intent=nothing' });
    expect(posted.headers['x-page-cache']).toBe('bypass');
    // Client navigations: the page's own data is shared, the root's (the bag) is not.
    const pageData = `${PRODUCT}.data?_routes=routes%2Fproduct`;
    expect((await get(t.app, pageData)).headers['x-page-cache']).toBe('miss');
    expect((await hitOf(t.app, pageData)).statusCode).toBe(200);
    expect((await get(t.app, `${PRODUCT}.data?_routes=root%2Croutes%2Fproduct`)).headers['x-page-cache']).toBe('bypass');
    expect((await get(t.app, `${PRODUCT}.data`)).headers['x-page-cache']).toBe('bypass');
    // A page from before routes were known from the start (decision 0039) asking to look one up is told to load its
    // next address afresh, as React Router tells a page from an older release.
    const lookup = await get(t.app, '/__manifest?paths=%2Ffaq&version=old');
    expect(lookup.statusCode).toBe(204);
    expect(lookup.headers['x-remix-reload-document']).toBe('true');
    expect(lookup.headers['x-page-cache']).toBeUndefined();
  });

  it('show a catalog change at once: a renamed product, its new price', async () => {
    const staff = await staffApi(t);
    const token = randomBytes(4).toString('hex');
    const body = (name: string, price: string) => ({
      name,
      description: 'A lantern, for the page cache test.',
      kind: 'charm',
      categoryIds: [1],
      primaryCategoryId: 1,
      prices: [{ metal: 'sterling-silver', price, available: true }],
    });
    const created = await staff.call('POST', '/admin-products', body(`Lantern ${token} Charm`, '42.50'));
    expect(created.statusCode, created.body).toBe(201);
    const product: AdminProductDetail = adminProductDetailSchema.parse(created.json());
    const path = product.storefrontPath!;
    expect(htmlOf(await get(t.app, path))).toContain(`<h1>Lantern ${token} Charm</h1>`);
    await hitOf(t.app, path);

    const renamed = adminProductDetailSchema.parse((await staff.call('PUT', `/admin-products/${product.id}`, body(`Lantern ${token} Charm`, '57.25'))).json());
    expect(renamed.storefrontPath).toBe(path);
    await expect.poll(async () => htmlOf(await get(t.app, path)), polled).toContain('$57.25');
  });
});

describe('with PAGE_CACHE_MAX_BYTES=0', () => {
  const t = useTestApp({ config: { PAGE_CACHE_MAX_BYTES: '0' } });
  beforeAll(async () => {
    await storefrontOnTestApp(t.app);
    await t.app.ready();
  });

  it('keeps nothing, yet serves shared pages the same way: anonymous, hashed scripts, ETag and 304', async () => {
    const first = await get(t.app, PRODUCT, { cookie: 'user-session-id=0b0e0f0a-0000-4000-8000-000000000000' });
    const second = await get(t.app, PRODUCT);
    expect([first.headers['x-page-cache'], second.headers['x-page-cache']]).toEqual(['bypass', 'bypass']);
    expect(htmlOf(first)).toBe(htmlOf(second));
    // Compressed per request by the server's compression, like any answer: the same page in any coding, a weak tag.
    expect(second.headers.etag).toMatch(/^W\/"[\w-]{32}"$/);
    expect(String(second.headers['content-security-policy'])).toContain("'sha256-");
    // Rendered with the request's own nonce, which sealing takes out: neither the page nor its policy shows one.
    expect(String(second.headers['content-security-policy'])).not.toContain("'nonce-");
    expect(htmlOf(second)).not.toMatch(/<[^>]* nonce=/);
    expect((await get(t.app, PRODUCT, { 'if-none-match': String(second.headers.etag) })).statusCode).toBe(304);
  });
});

describe('a small cache under a flood of one-off addresses', () => {
  const t = useTestApp({ config: { PAGE_CACHE_MAX_BYTES: String(64 * 1024) } });
  beforeAll(async () => {
    await storefrontOnTestApp(t.app);
    await t.app.ready();
  });

  it('keeps the pages shoppers come back to, and stays within its bytes', async () => {
    await hitOf(t.app, PRODUCT);
    await hitOf(t.app, LISTING);
    for (let i = 0; i < 150; i++) expect((await get(t.app, `${PRODUCT}?utm=${i}-${'x'.repeat(1000)}`)).statusCode).toBe(200);
    expect((await get(t.app, PRODUCT)).headers['x-page-cache']).toBe('hit');
    expect((await get(t.app, LISTING)).headers['x-page-cache']).toBe('hit');
    // The first one-off pages are gone (evicted), not kept beside the rest.
    expect((await get(t.app, `${PRODUCT}?utm=0-${'x'.repeat(1000)}`)).headers['x-page-cache']).toBe('miss');
  });
});

// Skipped on PGlite: a second instance needs a database server two processes can open (PGlite belongs to the process
// that opened it). CI runs it in its PostgreSQL step, with TEST_DATABASE_URL.
describe.runIf(process.env.TEST_DATABASE_URL)('on a second instance of the shop on the same PostgreSQL database', () => {
  const t = useTestApp();
  beforeAll(async () => {
    await t.app.ready();
  });

  it('a change made through the first instance drops the second one\'s page at once', { timeout: 60_000 }, async () => {
    if (!('url' in t.location)) throw new Error('TEST_DATABASE_URL is set but the test database is not on PostgreSQL');
    const other = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: t.app.config.DATA_DIR }), database: await openDatabase({ url: t.location.url }), logger: false });
    try {
      await storefrontOnTestApp(other);
      await other.ready();
      const staff = await staffApi(t);
      const token = randomBytes(4).toString('hex');
      const body = (price: string) => ({
        name: `Harbour ${token} Charm`,
        description: 'A harbour light, for the page cache test.',
        kind: 'charm',
        categoryIds: [1],
        primaryCategoryId: 1,
        prices: [{ metal: 'sterling-silver', price, available: true }],
      });
      const product = adminProductDetailSchema.parse((await staff.call('POST', '/admin-products', body('42.50'))).json());
      const path = product.storefrontPath!;
      await expect.poll(async () => htmlOf(await get(other, path)), polled).toContain('$42.50');
      await hitOf(other, path);
      expect((await staff.call('PUT', `/admin-products/${product.id}`, body('57.25'))).statusCode).toBe(200);
      await expect.poll(async () => htmlOf(await get(other, path)), polled).toContain('$57.25');
    } finally {
      await other.close();
    }
  });
});
