import { productListResponseSchema } from '@charms/contracts/catalog';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper';

/**
 * Public catalog answers are kept as the bytes sent (plugins/response-cache.ts): a kept answer must be the very
 * answer the route writes, byte for byte, and the same as an instance without the cache writes.
 */
const cached = useTestApp();
const uncached = useTestApp({ config: { CATALOG_CACHE_SECONDS: '0' } });

async function productPath(): Promise<string> {
  const listing = await cached.app.inject('/api/products?path=/products/category/Heart-Charms&pageSize=1');
  return productListResponseSchema.parse(listing.json()).products[0]!.path;
}

describe('a kept catalog answer', () => {
  it('is byte for byte the answer made, and what an instance without the cache answers', async () => {
    const urls = [
      '/api/categories',
      '/api/menu',
      '/api/sitemap',
      '/api/products?path=/products/category/Heart-Charms&pageSize=48&metalId=40',
      '/api/products?path=/products/search/heart&pageSize=48',
      '/api/products?path=/products/search/dgo&pageSize=12',
      '/api/products?path=/products/search/heart%20charm&orderBy=PriceLowHigh',
      '/api/products?path=/products&kind=engravable&maxPrice=80',
      `/api/products/detail?path=${encodeURIComponent(await productPath())}`,
    ];
    for (const url of urls) {
      const made = await cached.app.inject(url);
      const kept = await cached.app.inject(url);
      const elsewhere = await uncached.app.inject(url);
      expect(made.statusCode, `${url}: ${made.body}`).toBe(200);
      expect(kept.rawPayload.equals(made.rawPayload), url).toBe(true);
      expect(elsewhere.rawPayload.equals(made.rawPayload), url).toBe(true);
      for (const header of ['content-type', 'content-length', 'etag', 'cache-control']) expect(kept.headers[header], `${url} ${header}`).toBe(made.headers[header]);
      expect(made.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(elsewhere.headers.etag).toBe(made.headers.etag);
      // Kept or not, a catalog answer is revalidated by its ETag each time, so a staff change shows at once.
      expect(made.headers['cache-control']).toBe('no-cache');
      expect(elsewhere.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers 304 with no body to a matching If-None-Match, from the cache and without it', async () => {
    for (const t of [cached, uncached]) {
      const first = await t.app.inject('/api/menu');
      const again = await t.app.inject({ method: 'GET', url: '/api/menu', headers: { 'if-none-match': first.headers.etag as string } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('is kept only for the address it was made for: a refused address is refused every time', async () => {
    const bad = '/api/products?path=/products/category/Heart-Charms&pageSize=500';
    expect((await cached.app.inject(bad)).statusCode).toBe(400);
    expect((await cached.app.inject(bad)).statusCode).toBe(400);
    const missing = '/api/products/detail?path=/products/dog-charms/sterling-silver/nothing/999999';
    expect((await cached.app.inject(missing)).statusCode).toBe(404);
    expect((await cached.app.inject(missing)).statusCode).toBe(404);
  });
});
