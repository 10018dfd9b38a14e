import { randomBytes } from 'node:crypto';
import { type AdminCategoryDetail, adminCategoryDetailSchema } from '@charms/contracts/admin-categories';
import { type AdminProductDetail, adminProductDetailSchema } from '@charms/contracts/admin-products';
import { productDetailResponseSchema, productListResponseSchema } from '@charms/contracts/catalog';
import { categoriesResponseSchema } from '@charms/contracts/categories';
import { menuResponseSchema } from '@charms/contracts/menu';
import { sitemapResponseSchema } from '@charms/contracts/sitemap';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { testPhoto } from '../src/media/test-images';
import { staffApi, useTestApp } from './helper';

/**
 * Staff change the catalog through one instance of the shop; shoppers ask another. Each instance keeps its own
 * catalog cache, dropped when PostgreSQL announces a change (NOTIFY catalog_changed), so the second instance must
 * answer every change without a restart: listings, search, product pages, the menu, /categories and the sitemap
 * (each kept as the bytes sent, plugins/response-cache.ts).
 */
const t = useTestApp();

/** Letters only, so search reads it as one word of the name. */
const word = () => Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
const polled = { timeout: 5_000, interval: 50 };

/** What a shopper's pages ask an instance for, each answer checked against its schema. */
function shopperOf(app: FastifyInstance) {
  const get = (url: string, query: Record<string, string> = {}) => app.inject({ method: 'GET', url, query });
  const listing = async (query: Record<string, string>) => {
    const response = await get('/api/products', { pageSize: '96', ...query });
    return response.statusCode === 200 ? productListResponseSchema.parse(response.json()).products : response.statusCode;
  };
  return {
    get,
    category: (slug: string) => listing({ path: `/products/category/sterling-silver/${slug}` }),
    search: (q: string) => listing({ path: '/products/search', q }),
    product: async (path: string) => {
      const response = await get('/api/products/detail', { path });
      return response.statusCode === 200 ? productDetailResponseSchema.parse(response.json()) : response.statusCode;
    },
    categories: async () => categoriesResponseSchema.parse((await get('/api/categories')).json()).categories,
    menuCategories: async () => menuResponseSchema.parse((await get('/api/menu')).json()).menuItems.find((item) => item.link === '/categories')!.children,
    menuNames: async () => menuResponseSchema.parse((await get('/api/menu')).json()).menuItems.map((item) => item.name),
    sitemap: async () => sitemapResponseSchema.parse((await get('/api/sitemap')).json()).entries.map((entry) => entry.path),
  };
}

/** A photo upload as the photos page's form sends it. */
async function uploadPhoto(staff: Awaited<ReturnType<typeof staffApi>>, productId: number, alt: string) {
  const form = new FormData();
  form.append('alt', alt);
  form.append('photos', new Blob([await testPhoto({ width: 900, height: 600 })], { type: 'image/jpeg' }), 'front.jpg');
  const request = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin-products/${productId}/photos`,
    cookies: { staff_session: staff.session, 'XSRF-TOKEN': staff.csrf },
    headers: { 'content-type': request.headers.get('content-type')!, 'x-xsrf-token': staff.csrf },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/** Staff, through instance A, change the catalog step by step; after each step `b` must show the change. */
async function everyChangeReaches(b: FastifyInstance) {
  const staff = await staffApi(t, { name: 'Olive Owner' });
  const shopper = shopperOf(b);
  const token = word();
  const ok = <T>(response: { statusCode: number; body: string; json: () => unknown }, schema: { parse: (value: unknown) => T }, status = 200): T => {
    expect(response.statusCode, response.body).toBe(status);
    return schema.parse(response.json());
  };

  // A category and two products of this test's own (the seed's stay as other files expect them).
  const slug = `Harbour-${token}`;
  let category: AdminCategoryDetail = ok(await staff.call('POST', '/admin-categories', { name: `Harbour ${token}`, slug }), adminCategoryDetailSchema, 201);
  const productBody = (name: string, price = '42.50') => ({
    name,
    description: 'A harbour light, for the test of every instance.',
    kind: 'charm',
    categoryIds: [category.id],
    primaryCategoryId: category.id,
    prices: [{ metal: 'sterling-silver', price, available: true }],
  });
  let kept: AdminProductDetail = ok(await staff.call('POST', '/admin-products', productBody(`Beacon ${token} Charm`)), adminProductDetailSchema, 201);
  const retired = ok(await staff.call('POST', '/admin-products', productBody(`Buoy ${token} Charm`)), adminProductDetailSchema, 201);
  const firstPath = kept.storefrontPath!;

  // B serves every page once, and keeps each answer in its cache.
  await expect.poll(async () => ((await shopper.category(slug)) as { name: string }[]).map((p) => p.name), polled).toEqual([`Beacon ${token} Charm`, `Buoy ${token} Charm`]);
  await expect.poll(async () => ((await shopper.search(token)) as { name: string }[]).map((p) => p.name).sort(), polled).toEqual([`Beacon ${token} Charm`, `Buoy ${token} Charm`]);
  await expect.poll(async () => (await shopper.product(firstPath)) as object, polled).toMatchObject({ kind: 'product', product: { name: `Beacon ${token} Charm`, price: { cents: 4250 }, photos: [] } });
  await expect.poll(async () => (await shopper.menuCategories()).at(-1), polled).toEqual({ name: `Harbour ${token}`, link: `/categories/${slug}`, imageName: null });
  await expect.poll(async () => (await shopper.categories()).at(-1)?.urlFriendlyName, polled).toBe(slug);
  await expect.poll(async () => (await shopper.sitemap()).filter((path) => path.includes(token.toLowerCase())), polled).toEqual(expect.arrayContaining([firstPath, retired.storefrontPath]));
  expect(b.catalogCache.enabled).toBe(true);

  // A product renamed: its listing, search and page show the new name; its old address leads to the new one.
  kept = ok(await staff.call('PUT', `/admin-products/${kept.id}`, productBody(`Lighthouse ${token} Charm`)), adminProductDetailSchema);
  const renamedPath = kept.storefrontPath!;
  expect(renamedPath).not.toBe(firstPath);
  await expect.poll(async () => ((await shopper.category(slug)) as { name: string }[]).map((p) => p.name), polled).toEqual([`Buoy ${token} Charm`, `Lighthouse ${token} Charm`]);
  await expect.poll(async () => ((await shopper.search(token)) as { name: string }[]).map((p) => p.name).sort(), polled).toEqual([`Buoy ${token} Charm`, `Lighthouse ${token} Charm`]);
  await expect.poll(() => shopper.product(firstPath), polled).toEqual({ kind: 'redirect', redirectTo: renamedPath });
  await expect.poll(async () => (await shopper.sitemap()).includes(renamedPath), polled).toBe(true);
  expect(await shopper.sitemap()).not.toContain(firstPath);

  // Its price changed: listing and page show it (and search, which lists prices too).
  kept = ok(await staff.call('PUT', `/admin-products/${kept.id}`, productBody(`Lighthouse ${token} Charm`, '57.25')), adminProductDetailSchema);
  const priceIn = (products: unknown) => (products as { id: number; price: { cents: number } | null }[]).find((p) => p.id === kept.id)?.price?.cents;
  await expect.poll(async () => priceIn(await shopper.category(slug)), polled).toBe(5725);
  await expect.poll(async () => priceIn(await shopper.search(token)), polled).toBe(5725);
  await expect.poll(async () => ((await shopper.product(renamedPath)) as { product: { price: { cents: number } } }).product.price.cents, polled).toBe(5725);

  // A photo: the listing's card and the page show it, and B serves its file (storage is shared by the instances).
  expect((await uploadPhoto(staff, kept.id, 'The lighthouse by night')).statusCode).toBe(201);
  await expect.poll(async () => ((await shopper.category(slug)) as { id: number; photo: { alt: string } | null }[]).find((p) => p.id === kept.id)?.photo?.alt, polled).toBe('The lighthouse by night');
  await expect.poll(async () => ((await shopper.search(token)) as { id: number; photo: unknown }[]).find((p) => p.id === kept.id)?.photo, polled).not.toBeNull();
  await expect.poll(async () => ((await shopper.product(renamedPath)) as { product: { photos: { alt: string }[] } }).product.photos.map((photo) => photo.alt), polled).toEqual(['The lighthouse by night']);
  const page = (await shopper.product(renamedPath)) as { product: { photos: { sources: { url: string }[] }[] } };
  expect((await shopper.get(page.product.photos[0]!.sources[0]!.url)).statusCode).toBe(200);

  // The other product retired: gone from the listing, search and the sitemap; its page says so.
  ok(await staff.call('POST', `/admin-products/${retired.id}/retire`), adminProductDetailSchema);
  await expect.poll(async () => ((await shopper.category(slug)) as { name: string }[]).map((p) => p.name), polled).toEqual([`Lighthouse ${token} Charm`]);
  await expect.poll(async () => ((await shopper.search(token)) as { name: string }[]).map((p) => p.name), polled).toEqual([`Lighthouse ${token} Charm`]);
  await expect.poll(() => shopper.product(retired.storefrontPath!), polled).toBe(404);
  await expect.poll(async () => (await shopper.sitemap()).some((path) => path.endsWith(`/${retired.id}`)), polled).toBe(false);

  // The category renamed: its new address lists the product, the old one is gone, product pages move, the menu,
  // /categories and the sitemap use the new name and slug.
  const newSlug = `Lighthouses-${token}`;
  category = ok(await staff.call('PATCH', `/admin-categories/${category.id}`, { name: `Lighthouses ${token}`, slug: newSlug }), adminCategoryDetailSchema);
  await expect.poll(() => shopper.category(slug), polled).toBe(404);
  await expect.poll(async () => ((await shopper.category(newSlug)) as { name: string }[]).map((p) => p.name), polled).toEqual([`Lighthouse ${token} Charm`]);
  const movedPath = renamedPath.replace(`/products/${slug.toLowerCase()}/`, `/products/${newSlug.toLowerCase()}/`);
  expect(movedPath).not.toBe(renamedPath);
  await expect.poll(() => shopper.product(renamedPath), polled).toEqual({ kind: 'redirect', redirectTo: movedPath });
  await expect.poll(async () => (await shopper.menuCategories()).at(-1), polled).toEqual({ name: `Lighthouses ${token}`, link: `/categories/${newSlug}`, imageName: null });
  await expect.poll(async () => (await shopper.categories()).at(-1)?.categoryName, polled).toBe(`Lighthouses ${token}`);
  await expect.poll(async () => (await shopper.sitemap()).filter((path) => path.includes(token.toLowerCase()) || path.includes(token)), polled).toEqual(
    expect.arrayContaining([`/products/category/${newSlug}`, movedPath]),
  );
  expect((await shopper.sitemap()).some((path) => path.includes(slug) || path.includes(slug.toLowerCase()))).toBe(false);

  // The menu reordered: the category moved to the top of the menu and of /categories.
  expect((await staff.call('POST', '/admin-categories/order', { id: category.id, move: 'top' })).statusCode).toBe(200);
  await expect.poll(async () => (await shopper.menuCategories())[0]?.name, polled).toBe(`Lighthouses ${token}`);
  await expect.poll(async () => (await shopper.categories())[0]?.urlFriendlyName, polled).toBe(newSlug);

  // The menu's own entries changed in the database (no staff page edits them yet): B's kept menu goes too.
  await t.database.db.execute(sql`update menu_items set name = ${`GIFTS ${token}`} where name = 'GIFT IDEAS'`);
  await expect.poll(async () => (await shopper.menuNames()).includes(`GIFTS ${token}`), polled).toBe(true);
}

describe('every catalog change reaches shoppers at once', () => {
  // Two instances need two processes' worth of connections to one database: PGlite is an embedded database that
  // one process opens alone, so the two-instance run needs PostgreSQL (TEST_DATABASE_URL). On PGlite the test below
  // runs the same checks against the one instance, whose cache the same notification drops.
  it.runIf(process.env.TEST_DATABASE_URL)('on another instance: each with its own pool and cache on the same PostgreSQL database', { timeout: 60_000 }, async () => {
    if (!('url' in t.location)) throw new Error('TEST_DATABASE_URL is set but the test database is not on PostgreSQL');
    const other = await buildApp({
      // The same media storage as instance A (a shared folder or bucket in production), its own everything else.
      config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: t.app.config.DATA_DIR }),
      database: await openDatabase({ url: t.location.url }),
      logger: false,
      checkResponses: true,
    });
    try {
      await other.ready();
      expect(other.database).not.toBe(t.app.database);
      await everyChangeReaches(other);
    } finally {
      await other.close();
    }
  });

  // Skipped on PostgreSQL only because the two-instance test above covers it there; on PGlite this is the one that runs.
  it.skipIf(process.env.TEST_DATABASE_URL)('on the same instance (PGlite: one process, one instance)', { timeout: 60_000 }, async () => {
    await t.app.ready();
    await everyChangeReaches(t.app);
  });
});
