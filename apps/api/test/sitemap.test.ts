import { productDetailResponseSchema, productListResponseSchema } from '@charms/contracts/catalog';
import { sitemapResponseSchema } from '@charms/contracts/sitemap';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query';
import { useTestApp } from './helper';

const t = useTestApp();

async function sitemap() {
  const response = await t.app.inject('/api/sitemap');
  expect(response.statusCode, response.body).toBe(200);
  return { response, body: sitemapResponseSchema.parse(response.json()) };
}

describe('GET /api/sitemap', () => {
  it('lists every product once per metal it is offered in, and nothing else', async () => {
    const { body } = await sitemap();
    const products = body.entries.filter((entry) => entry.kind === 'product');
    const [{ n }] = (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from product_prices`)) as [{ n: number }];
    expect(products).toHaveLength(n);
    expect(new Set(products.map((entry) => entry.path)).size).toBe(n);
    const ids = new Set(products.map((entry) => entry.path.split('/').at(-1)));
    const [{ p }] = (await queryRows<{ p: number }>(t.database.db, sql`select count(*)::int as p from products`)) as [{ p: number }];
    expect(ids.size).toBe(p);
  });

  it('lists canonical product paths: the detail call answers them with the product, not a redirect', async () => {
    const { body } = await sitemap();
    const products = body.entries.filter((entry) => entry.kind === 'product');
    const bracelet = products.find((entry) => /\/\d+(\.\d)?-inch\//.test(entry.path));
    expect(bracelet?.path).toMatch(/^\/products\/rembrandt-bracelets\/[a-z0-9-]+\/7-inch\/[a-z0-9-]+\/\d+$/);
    for (const entry of [products[0]!, products[products.length - 1]!, bracelet!]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/products/detail', query: { path: entry.path } });
      const detail = productDetailResponseSchema.parse(response.json());
      expect(detail.kind, entry.path).toBe('product');
      if (detail.kind === 'product') {
        expect(detail.canonicalUrl).toBe(entry.path);
        expect(detail.product.available).toBe(true);
      }
    }
  });

  it('lists every category without a metal and in each metal it has products in', async () => {
    const { body } = await sitemap();
    const categories = body.entries.filter((entry) => entry.kind === 'category').map((entry) => entry.path);
    const { categories: all } = (await t.app.inject('/api/categories')).json() as { categories: { urlFriendlyName: string }[] };
    for (const category of all) expect(categories).toContain(`/products/category/${category.urlFriendlyName}`);
    expect(categories).toContain('/products/category/14k-gold/Dog-Charms');
    for (const path of categories.filter((entry) => entry.split('/').length === 5).slice(0, 5)) {
      const response = await t.app.inject({ method: 'GET', url: '/api/products', query: { path, pageSize: '1' } });
      expect(response.statusCode, path).toBe(200);
      const listing = productListResponseSchema.parse(response.json());
      expect(listing.canonicalUrl).toBe(path);
      expect(listing.products[0]?.available, path).toBe(true);
    }
  });

  it('is cacheable: Cache-Control, and 304 for a matching ETag', async () => {
    const { response } = await sitemap();
    expect(response.headers['cache-control']).toMatch(/max-age|no-cache/);
    const etag = String(response.headers.etag);
    const again = await t.app.inject({ method: 'GET', url: '/api/sitemap', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });
});
