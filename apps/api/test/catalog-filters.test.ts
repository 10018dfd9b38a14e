import { productListResponseSchema } from '@charms/contracts/catalog';
import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query';
import { errorOf, useTestApp } from './helper';

const t = useTestApp();

async function list(query: Record<string, string | number>) {
  const response = await t.app.inject({ method: 'GET', url: '/api/products', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
  expect(response.statusCode, response.body).toBe(200);
  return productListResponseSchema.parse(response.json());
}

/** Counts straight from the normalised tables (not the listing table the API reads), as a second opinion. */
async function countWhere(condition: SQL): Promise<number> {
  const rows = await queryRows<{ n: number }>(t.app.database.db, sql`select count(*)::int as n from products p ${condition}`);
  return Number(rows[0]!.n);
}

const inCategory = (slug: string) => sql`join product_categories pc on pc.product_id = p.id join categories c on c.id = pc.category_id and c.url_friendly_name = ${slug}`;

describe('GET /api/products: filters by kind and price', () => {
  it('counts each kind in a category, and the count of the chosen kind is the listing total', async () => {
    const listing = await list({ path: '/products/category/Heart-Charms', metalId: 40, pageSize: 96 });
    const kinds = Object.fromEntries(listing.listing.filters.kinds.map((option) => [option.kind, option.count]));
    expect(kinds.engravable).toBe(await countWhere(sql`${inCategory('Heart-Charms')} where p.engraving_max_chars > 0`));
    expect(kinds.charm).toBe(await countWhere(sql`${inCategory('Heart-Charms')} where p.kind = 'charm'`));
    expect(listing.listing.filters.anyKindCount).toBe(listing.pagination.totalCount);
    expect(listing.listing.filters.active).toBe(false);
    expect(kinds.engravable).toBeGreaterThan(0);
    expect(kinds.engravable).toBeLessThan(listing.pagination.totalCount);

    const engravable = await list({ path: '/products/category/Heart-Charms', metalId: 40, kind: 'engravable', pageSize: 96 });
    expect(engravable.pagination.totalCount).toBe(kinds.engravable);
    expect(engravable.products.every((product) => product.engravable)).toBe(true);
    expect(engravable.listing.filters).toMatchObject({ kind: 'engravable', active: true });
  });

  it('keeps only products priced within the range in the listing metal, and counts kinds within it', async () => {
    const listing = await list({ path: '/products/category/14k-gold/Dog-Charms', minPrice: '300', maxPrice: '400.50', pageSize: 96 });
    const expected = await countWhere(
      sql`${inCategory('Dog-Charms')} join product_prices pp on pp.product_id = p.id and pp.metal_id = 10 where pp.price_cents between 30000 and 40050`,
    );
    expect(expected).toBeGreaterThan(0);
    expect(listing.pagination.totalCount).toBe(expected);
    expect(listing.products.every((product) => product.price !== null && product.price.cents >= 30000 && product.price.cents <= 40050)).toBe(true);
    expect(listing.listing.filters.kinds.find((option) => option.kind === 'charm')?.count).toBe(expected);
    expect(listing.listing.filters.kinds.find((option) => option.kind === 'bracelet')?.count).toBe(0);
    expect(listing.listing.filters.minPrice).toEqual({ cents: 30000, display: '$300.00' });
    // Shareable, but not a page of its own for search engines: the canonical is the listing itself.
    expect(listing.canonicalUrl).toBe('/products/category/14k-gold/Dog-Charms');
  });

  it('pages a filtered listing with the filters kept', async () => {
    const first = await list({ path: '/products/category/Heart-Charms', kind: 'charm', maxPrice: '60', pageSize: 10, orderBy: 'PriceHighLow' });
    const second = await list({ path: '/products/category/Heart-Charms', kind: 'charm', maxPrice: '60', pageSize: 10, orderBy: 'PriceHighLow', page: 2 });
    expect(first.pagination.totalPages).toBeGreaterThan(1);
    const prices = [...first.products, ...second.products].map((product) => product.price!.cents);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(prices.every((cents) => cents <= 6000)).toBe(true);
    expect(new Set([...first.products, ...second.products].map((product) => product.id)).size).toBe(20);
  });

  it('filters searches and collections too: PhotoArt and made-to-order', async () => {
    const photoArt = await list({ path: '/products/search/heart', kind: 'photoart' });
    expect(photoArt.products.every((product) => product.isPhotoArt)).toBe(true);
    const madeToOrder = await list({ path: '/products/search/calendar', kind: 'made-to-order' });
    expect(madeToOrder.pagination.totalCount).toBe(
      await countWhere(sql`where p.lead_time_max_days is not null and (p.search_vector @@ plainto_tsquery('english', 'calendar') or 'calendar' <% p.name)`),
    );
    const girls = await list({ path: '/girl-charm-bracelets', kind: 'bracelet', maxPrice: '20' });
    expect(girls.products.length).toBeGreaterThan(0);
    expect(girls.products.every((product) => product.price!.cents <= 2000)).toBe(true);
  });

  it('says plainly when nothing matches, with zero counts rather than an error', async () => {
    const listing = await list({ path: '/products/category/Dog-Charms', kind: 'bracelet' });
    expect(listing.products).toEqual([]);
    expect(listing.pagination.totalCount).toBe(0);
    expect(listing.listing.filters.kinds.find((option) => option.kind === 'charm')!.count).toBe(68);
  });
});

describe('GET /api/products: the whole catalog', () => {
  it('lists every product offered in the metal, with counts by kind and the price range', async () => {
    const listing = await list({ path: '/products', metalId: 20 });
    const offered = await countWhere(sql`join product_prices pp on pp.product_id = p.id and pp.metal_id = 20`);
    expect(listing.listing).toMatchObject({ kind: 'all', metal: { id: 20 }, metalFromPath: false });
    expect(listing.pagination.totalCount).toBe(offered);
    expect(listing.products).toHaveLength(48);
    expect(listing.products.every((product) => product.available)).toBe(true);
    const kinds = Object.fromEntries(listing.listing.filters.kinds.map((option) => [option.kind, option.count]));
    expect(kinds.charm! + kinds.bracelet!).toBe(offered);
    expect(listing.listing.filters.priceRange!.min.cents).toBeLessThan(listing.listing.filters.priceRange!.max.cents);
    expect(listing.canonicalUrl).toBe('/products');
  });

  it('takes a metal from the path, sorts by price, and answers 404 for a metal it does not sell', async () => {
    const listing = await list({ path: '/products/14k-gold', orderBy: 'PriceLowHigh', kind: 'bracelet' });
    expect(listing.listing).toMatchObject({ heading: '14k Gold Charms and Charm Bracelets', metalFromPath: true });
    const prices = listing.products.map((product) => product.price!.cents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(listing.canonicalUrl).toBe('/products/14k-gold');
    const response = await t.app.inject('/api/products?path=/products/platinum');
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/products: bad filters', () => {
  it.each([
    ['minPrice=abc', 'minPrice', 'must be an amount in dollars, such as 25 or 19.99'],
    ['minPrice=-5', 'minPrice', 'must not be negative'],
    ['maxPrice=1.999', 'maxPrice', 'must be an amount in dollars, such as 25 or 19.99'],
    ['maxPrice=99999999999999999999999999', 'maxPrice', 'must be an amount in dollars, such as 25 or 19.99'],
    ['maxPrice=250000', 'maxPrice', 'must be at most $100,000.00'],
    ['minPrice=50&maxPrice=20', 'maxPrice', 'must be at least the lowest price ($50.00)'],
    ['kind=necklace', 'kind', 'must be one of charm, bracelet, engravable, photoart, made-to-order'],
    ['kind=charm&kind=bracelet', 'kind', 'takes one kind at a time: one of charm, bracelet, engravable, photoart, made-to-order'],
  ])('%s -> 400 naming %s', async (query, field, message) => {
    const response = await t.app.inject(`/api/products?path=/products/category/Dog-Charms&${query}`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field, message }] });
  });
});

describe('filter counts follow the catalog', () => {
  it('counts a product as engravable once it takes engraving, and as made to order once it has a lead time', async () => {
    const before = await list({ path: '/products/category/Dog-Charms', kind: 'engravable', pageSize: 96 });
    const rows = await queryRows<{ id: number }>(
      t.app.database.db,
      sql`select p.id from products p join product_categories pc on pc.product_id = p.id join categories c on c.id = pc.category_id
          where c.url_friendly_name = 'Dog-Charms' and coalesce(p.engraving_max_chars, 0) = 0 and p.lead_time_max_days is null order by p.id limit 1`,
    );
    const id = rows[0]!.id;
    await t.app.database.db.execute(sql`update products set engraving_max_chars = 8, lead_time_min_days = 7, lead_time_max_days = 10 where id = ${id}`);
    // The change drops the cached answer (NOTIFY catalog_changed), a moment later.
    await expect.poll(async () => (await list({ path: '/products/category/Dog-Charms', kind: 'engravable', pageSize: 96 })).pagination.totalCount, { timeout: 5000 }).toBe(
      before.pagination.totalCount + 1,
    );
    const after = await list({ path: '/products/category/Dog-Charms', kind: 'engravable', pageSize: 96 });
    expect(after.products.map((product) => product.id)).toContain(id);
    const madeToOrder = after.listing.filters.kinds.find((option) => option.kind === 'made-to-order')!.count;
    expect(madeToOrder).toBe(before.listing.filters.kinds.find((option) => option.kind === 'made-to-order')!.count + 1);
  });
});
