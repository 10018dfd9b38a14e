import { randomBytes, randomUUID } from 'node:crypto';
import { type AdminProductDetail, adminProductDetailSchema, adminProductListSchema } from '@charms/contracts/admin-products';
import { adminOrderSchema } from '@charms/contracts/admin-orders';
import { bagResponseSchema } from '@charms/contracts/bag';
import { productDetailResponseSchema, productListResponseSchema } from '@charms/contracts/catalog';
import { completeOrderResponseSchema } from '@charms/contracts/checkout';
import { sitemapResponseSchema } from '@charms/contracts/sitemap';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query';
import { errorOf, shopperApi, staffApi, useTestApp } from './helper';

const t = useTestApp();
type Staff = Awaited<ReturnType<typeof staffApi>>;
let owner: Staff;
let clerk: Staff;

/** Category 10 is Charm Tags (charm-tags), 1 Animal Charms (Animal-Charms) in the seed. */
const CHARM_TAGS = 10;
const ANIMALS = 1;

beforeAll(async () => {
  owner = await staffApi(t, { name: 'Olive Owner' });
  clerk = await staffApi(t, { role: 'staff', name: 'Carl Clerk' });
});

const uniqueName = (prefix = 'Zephyr Tag') => `${prefix} ${randomBytes(3).toString('hex')}`;
const valid = (overrides: Record<string, unknown> = {}) => ({
  name: uniqueName(),
  description: 'A tag for the workshop to engrave.',
  kind: 'charm',
  categoryIds: [CHARM_TAGS, ANIMALS],
  primaryCategoryId: CHARM_TAGS,
  prices: [
    { metal: 'sterling-silver', price: '42.50', available: true },
    { metal: '14k-gold', price: '310', available: true },
  ],
  engravingMaxChars: 12,
  engravingFonts: ['block', 'script'],
  ...overrides,
});

function detailOf(response: { statusCode: number; body: string; json: () => unknown }, status = 200): AdminProductDetail {
  expect(response.statusCode, response.body).toBe(status);
  return adminProductDetailSchema.parse(response.json());
}
const create = async (body: Record<string, unknown> = valid(), by: Staff = clerk) => detailOf(await by.call('POST', '/admin-products', body), 201);
const update = async (id: number, body: Record<string, unknown>, by: Staff = clerk) => detailOf(await by.call('PUT', `/admin-products/${id}`, body));
const list = async (query: string) => {
  const response = await clerk.call('GET', `/admin-products?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return adminProductListSchema.parse(response.json());
};

/** The storefront's answers, through its own calls. */
const storefront = {
  listing: async (path: string) => productListResponseSchema.parse((await t.app.inject({ url: '/api/products', query: { path, pageSize: '96' } })).json()),
  detail: (path: string) => t.app.inject({ url: '/api/products/detail', query: { path } }),
  sitemapPaths: async () => sitemapResponseSchema.parse((await t.app.inject('/api/sitemap')).json()).entries.map((entry) => entry.path),
};
const namesIn = async (path: string) => (await storefront.listing(path)).products.map((product) => product.name);

/** Everything a refused call could have changed: the products, their links and prices, and the trail. */
const snapshot = async () => ({
  products: await queryRows(t.database.db, sql`select id, slug, name, retired_at from products order by id desc limit 5`),
  count: await queryRows(t.database.db, sql`select count(*)::int from products`),
  prices: await queryRows(t.database.db, sql`select * from product_prices order by product_id desc, metal_id limit 20`),
  audit: await queryRows(t.database.db, sql`select id from admin_audit order by id`),
});

const fieldsOf = (response: { statusCode: number; json: () => unknown }) => (errorOf(response).details ?? []) as { field: string; message: string }[];

function shopper() {
  const { newSession, call } = shopperApi(t);
  return {
    newSession,
    add: (session: string, productId: number, metalId = 40) => call(session, 'POST', '/shopping-cart/items', { productId, metalId, quantity: 1 }),
    bag: async (session: string) => bagResponseSchema.parse((await call(session, 'GET', '/shopping-cart')).json()),
    checkout: (session: string) =>
      call(session, 'POST', '/shopping-cart/complete-order', {
        paymentMethodNonce: 'fake-valid-visa-nonce',
        idempotencyKey: randomUUID(),
        customer: { email: 'product-shopper@example.com', phone: '512-555-0142' },
        shippingAddress: { firstName: 'Ann', lastName: 'Lee', address1: '100 Congress Ave', city: 'Austin', stateProvince: 'TX', postalCode: '78701', country: 'US' },
        shippingTypeId: 'ground',
      }),
  };
}

describe('creating a product', () => {
  it('stores it with prices in cents, a slug from its name, and records who created it; any staff member may', async () => {
    const body = valid();
    const created = await create(body);
    expect(created).toMatchObject({
      name: body.name,
      slug: body.name.toLowerCase().replaceAll(' ', '-'),
      kind: 'charm',
      brand: 'Rembrandt',
      primaryCategory: { id: CHARM_TAGS, name: 'Charm Tags' },
      prices: [
        { metal: 'sterling-silver', priceCents: 4250, available: true },
        { metal: '14k-gold', priceCents: 31000, available: true },
      ],
      engravingMaxChars: 12,
      engravingFonts: ['block', 'script'],
      retiredAt: null,
    });
    expect(created.categories.map((category) => category.id).sort()).toEqual([ANIMALS, CHARM_TAGS]);
    expect(created.storefrontPath).toBe(`/products/charm-tags/sterling-silver/${created.slug}/${created.id}`);
    expect(created.history).toEqual([
      expect.objectContaining({ actor: 'Carl Clerk', action: 'created', changes: expect.objectContaining({ name: { before: null, after: body.name } }) }),
    ]);
    expect(created.history[0]!.changes.prices!.after).toEqual({ '14k-gold': { priceCents: 31000, available: true }, 'sterling-silver': { priceCents: 4250, available: true } });
  });

  it('shows a new product at once in its categories, in search and on its page', async () => {
    const created = await create();
    await expect.poll(() => namesIn('/products/category/sterling-silver/charm-tags')).toContain(created.name);
    expect(await namesIn('/products/category/sterling-silver/Animal-Charms')).toContain(created.name);
    expect(await namesIn(`/products/search/${encodeURIComponent(created.name)}`)).toContain(created.name);
    const page = productDetailResponseSchema.parse((await storefront.detail(created.storefrontPath!)).json());
    expect(page).toMatchObject({ kind: 'product', product: { name: created.name, price: { cents: 4250 } } });
  });

  it('keeps a name with markup as plain text (the pages escape it)', async () => {
    const name = `<script>alert("x")</script> ${randomBytes(2).toString('hex')}`;
    const created = await create(valid({ name }));
    expect(created.name).toBe(name);
    expect(created.slug).toMatch(/^script-alert-x-script-[0-9a-f]{4}$/);
    const page = await storefront.detail(created.storefrontPath!);
    expect(productDetailResponseSchema.parse(page.json())).toMatchObject({ product: { name } });
  });

  it('refuses every bad input with 400 and a message by field, and changes nothing', async () => {
    const before = await snapshot();
    const price = (value: unknown, metal = 'sterling-silver') => valid({ prices: [{ metal, price: value, available: true }] });
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [price('0'), 'prices.sterling-silver', /more than \$0\.00/],
      [price('0.00'), 'prices.sterling-silver', /more than \$0\.00/],
      [price('-5'), 'prices.sterling-silver', /not be negative/],
      [price('12.505'), 'prices.sterling-silver', /at most two decimals/],
      [price(12.505), 'prices.sterling-silver', /at most two decimals/],
      [price('ten'), 'prices.sterling-silver', /amount in dollars/],
      [price(''), 'prices.sterling-silver', /required/],
      [price('10', 'platinum'), 'prices.platinum', /not a metal we sell/],
      [valid({ prices: [] }), 'prices', /at least one metal/],
      [valid({ name: '' }), 'name', /required/],
      [valid({ name: 'Tab\u0007bell' }), 'name', /control characters/],
      [valid({ slug: 'Not A Slug' }), 'slug', /lower-case/],
      [valid({ kind: 'ring' }), 'kind', /charm or bracelet/],
      [valid({ primaryCategoryId: 5 }), 'primaryCategoryId', /one of the product/],
      [valid({ categoryIds: [], primaryCategoryId: CHARM_TAGS }), 'categoryIds', /at least one/],
      [valid({ categoryIds: [999999], primaryCategoryId: 999999 }), 'categoryIds', /do not exist/],
      [valid({ engravingFonts: ['comic-sans'] }), 'engravingFonts', /fonts we do not engrave/],
      [valid({ kind: 'bracelet', sizes: [] }), 'sizes', /needs at least one length/],
      [valid({ leadTimeMinDays: 5, leadTimeMaxDays: 3 }), 'leadTimeMaxDays', /at least the minimum/],
      [valid({ leadTimeMinDays: 'soon', leadTimeMaxDays: 3 }), 'leadTimeMinDays', /whole number/],
      [valid({ seoTitle: 'x'.repeat(71) }), 'seoTitle', /at most 70/],
      [valid({ unitsSold: 5 }), '', /not a field/],
    ];
    for (const [body, field, message] of cases) {
      const response = await clerk.call('POST', '/admin-products', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const fields = fieldsOf(response);
      const found = fields.find((entry) => entry.field === field || (field === '' && /not a field/.test(entry.message)));
      expect(found?.message ?? fields.map((entry) => `${entry.field}: ${entry.message}`).join('; '), JSON.stringify(body)).toMatch(message);
    }
    for (const body of [undefined, null, [], 'a product']) {
      expect((await clerk.call('POST', '/admin-products', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a slug another product has: 409 naming the product, nothing changed', async () => {
    const first = await create();
    const before = await snapshot();
    const response = await clerk.call('POST', '/admin-products', valid({ slug: first.slug }));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({ code: 'PRODUCT_SLUG_TAKEN', message: expect.stringContaining(`product ${first.id}`) });
    expect(await snapshot()).toEqual(before);
    const second = await create();
    const withSecond = await snapshot();
    const renamed = await clerk.call('PUT', `/admin-products/${second.id}`, valid({ name: second.name, slug: first.slug.toUpperCase().toLowerCase() }));
    expect(renamed.statusCode).toBe(409);
    expect(errorOf(renamed).code).toBe('PRODUCT_SLUG_TAKEN');
    expect(await snapshot()).toEqual(withSecond);
  });

  it('asks for the staff sign-in and the CSRF token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin-products' })).statusCode).toBe(401);
    expect((await clerk.call('POST', '/admin-products', valid(), { csrf: false })).statusCode).toBe(403);
  });
});

describe('editing a product', () => {
  it('records what changed (before and after), and an old slug or category answers with the new path', async () => {
    const created = await create();
    const newName = uniqueName('Zephyr Tag Renamed');
    const edited = await update(created.id, valid({ name: newName, primaryCategoryId: ANIMALS, prices: [{ metal: 'sterling-silver', price: '45', available: true }], seoTitle: 'Engraved silver tags' }), owner);
    expect(edited).toMatchObject({ name: newName, prices: [{ metal: 'sterling-silver', priceCents: 4500 }], primaryCategory: { id: ANIMALS } });
    expect(edited.history[0]).toMatchObject({
      actor: 'Olive Owner',
      action: 'updated',
      changes: {
        name: { before: created.name, after: newName },
        prices: {
          before: { 'sterling-silver': { priceCents: 4250, available: true }, '14k-gold': { priceCents: 31000, available: true } },
          after: { 'sterling-silver': { priceCents: 4500, available: true } },
        },
      },
    });
    expect(Object.keys(edited.history[0]!.changes)).not.toContain('description');
    // The old path (old slug, old category) answers with the canonical one; the page takes the SEO title.
    const stale = productDetailResponseSchema.parse((await storefront.detail(created.storefrontPath!)).json());
    expect(stale).toEqual({ kind: 'redirect', redirectTo: edited.storefrontPath });
    expect(edited.storefrontPath).toBe(`/products/animal-charms/sterling-silver/${edited.slug}/${created.id}`);
    const page = productDetailResponseSchema.parse((await storefront.detail(edited.storefrontPath!)).json());
    expect(page).toMatchObject({ kind: 'product', htmlHeadTitle: 'Engraved silver tags' });
    // Saving the same again records nothing.
    await update(created.id, valid({ name: newName, primaryCategoryId: ANIMALS, prices: [{ metal: 'sterling-silver', price: '45', available: true }], seoTitle: 'Engraved silver tags' }), owner);
    expect(detailOf(await clerk.call('GET', `/admin-products/${created.id}`)).history).toHaveLength(2);
  });

  it('answers 404 for a product that does not exist', async () => {
    expect(errorOf(await clerk.call('PUT', '/admin-products/999999', valid()))).toMatchObject({ code: 'NOT_FOUND', message: 'There is no product 999999.' });
    expect((await clerk.call('GET', '/admin-products/abc')).statusCode).toBe(400);
  });

  it('leaves placed orders as they were: their lines keep the name and price they were placed with', async () => {
    const created = await create();
    const buyer = shopper();
    const session = await buyer.newSession();
    expect((await buyer.add(session, created.id)).statusCode).toBe(200);
    const placed = await buyer.checkout(session);
    expect(placed.statusCode, placed.body).toBe(200);
    const { order } = completeOrderResponseSchema.parse(placed.json());
    const [row] = await queryRows<{ id: string }>(t.database.db, sql`select id from orders where number = ${order.number}`);

    await update(created.id, valid({ name: 'Renamed After The Order', prices: [{ metal: 'sterling-silver', price: '99.99', available: true }] }));
    await clerk.call('POST', `/admin-products/${created.id}/retire`);

    const after = adminOrderSchema.parse((await clerk.call('GET', `/admin-orders/${row!.id}`)).json()).order;
    expect(after.lines[0]).toMatchObject({ name: created.name, unitPrice: { cents: 4250 } });
    expect(after.totals).toEqual(order.totals);
  });
});

describe('retiring and restoring', () => {
  it('takes a retired product off listings, search, the sitemap and its page (404 naming its category), and restores it', async () => {
    const created = await create();
    await expect.poll(() => namesIn('/products/category/sterling-silver/charm-tags')).toContain(created.name);
    const retired = detailOf(await clerk.call('POST', `/admin-products/${created.id}/retire`));
    expect(retired.retiredAt).not.toBeNull();
    expect(retired.storefrontPath).toBeNull();
    expect(retired.history[0]).toMatchObject({ action: 'retired', actor: 'Carl Clerk' });

    await expect.poll(() => namesIn('/products/category/sterling-silver/charm-tags')).not.toContain(created.name);
    expect(await namesIn('/products/category/sterling-silver/Animal-Charms')).not.toContain(created.name);
    expect(await namesIn(`/products/search/${encodeURIComponent(created.name)}`)).not.toContain(created.name);
    expect(await namesIn('/products/sterling-silver')).not.toContain(created.name);
    expect((await storefront.sitemapPaths()).some((path) => path.endsWith(`/${created.id}`))).toBe(false);
    const page = await storefront.detail(created.storefrontPath!);
    expect(page.statusCode).toBe(404);
    expect(errorOf(page)).toMatchObject({
      code: 'PRODUCT_RETIRED',
      message: expect.stringContaining('no longer available'),
      details: { name: created.name, category: { name: 'Charm Tags', path: '/products/category/sterling-silver/charm-tags' } },
    });
    expect(errorOf(await clerk.call('POST', `/admin-products/${created.id}/retire`))).toMatchObject({ code: 'PRODUCT_RETIRED' });

    // Staff still find it, under retired.
    expect((await list(`availability=retired&q=${created.id}`)).products.map((product) => product.id)).toEqual([created.id]);
    expect((await list(`q=${created.id}`)).products).toEqual([]);

    const restored = detailOf(await clerk.call('POST', `/admin-products/${created.id}/restore`));
    expect(restored.history[0]).toMatchObject({ action: 'restored' });
    await expect.poll(() => namesIn('/products/category/sterling-silver/charm-tags')).toContain(created.name);
    expect(await namesIn('/products/category/sterling-silver/Animal-Charms')).toContain(created.name);
    expect(errorOf(await clerk.call('POST', `/admin-products/${created.id}/restore`))).toMatchObject({ code: 'PRODUCT_ON_SALE' });
  });

  it('refuses to add a retired product to a bag, and a bag line of it cannot be checked out', async () => {
    const created = await create();
    const buyer = shopper();
    const session = await buyer.newSession();
    expect((await buyer.add(session, created.id)).statusCode).toBe(200);
    await clerk.call('POST', `/admin-products/${created.id}/retire`);

    const again = await buyer.add(await buyer.newSession(), created.id);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).message).toBe(`${created.name} is no longer available`);
    const bag = await buyer.bag(session);
    expect(bag.tempOrder.tempOrderItems[0]!.description).toContain('(no longer available)');
    const checkout = await buyer.checkout(session);
    expect(checkout.statusCode).toBe(409);
    expect(errorOf(checkout)).toMatchObject({ code: 'BAG_CHANGED', message: `${created.name} is no longer sold. Please remove it from your bag.` });
  });
});

describe('a metal sold out for now', () => {
  it('is listed as currently unavailable with its price, and cannot be added or checked out', async () => {
    const created = await create();
    const buyer = shopper();
    const session = await buyer.newSession();
    expect((await buyer.add(session, created.id, 10)).statusCode).toBe(200);
    await update(created.id, valid({ name: created.name, prices: [{ metal: 'sterling-silver', price: '42.50', available: true }, { metal: '14k-gold', price: '310', available: false }] }));

    const card = async () => (await storefront.listing('/products/category/14k-gold/charm-tags')).products.find((product) => product.id === created.id);
    await expect.poll(async () => (await card())?.available).toBe(false);
    expect((await card())?.price?.cents).toBe(31000);
    const page = productDetailResponseSchema.parse((await storefront.detail(created.storefrontPath!.replace('sterling-silver', '14k-gold'))).json());
    expect(page).toMatchObject({ kind: 'product', product: { available: false, price: { cents: 31000 } } });

    const added = await buyer.add(await buyer.newSession(), created.id, 10);
    expect(added.statusCode).toBe(400);
    expect(errorOf(added).message).toBe(`${created.name} is currently unavailable in 14k Gold`);
    expect((await buyer.bag(session)).tempOrder.tempOrderItems[0]!.description).toContain('currently unavailable in this metal');
    expect(errorOf(await buyer.checkout(session)).message).toBe(`${created.name} is currently unavailable in 14k Gold. Please remove it from your bag, or choose another metal.`);
    expect((await list(`availability=unavailable&q=${created.id}`)).products.map((product) => product.id)).toEqual([created.id]);
  });
});

describe('the list', () => {
  it('searches by name, slug or id and filters by category and metal, a page at a time', async () => {
    const word = `Quixotic${randomBytes(2).toString('hex')}`;
    const a = await create(valid({ name: `${word} Alpha` }));
    const b = await create(valid({ name: `${word} Beta`, categoryIds: [ANIMALS], primaryCategoryId: ANIMALS, prices: [{ metal: 'gold-plate', price: '20', available: true }] }));
    expect((await list(`q=${word.toLowerCase()}`)).products.map((product) => product.name)).toEqual([a.name, b.name]);
    expect((await list(`q=${b.slug}`)).products.map((product) => product.id)).toEqual([b.id]);
    expect((await list(`q=${word}&category=${CHARM_TAGS}`)).products.map((product) => product.id)).toEqual([a.id]);
    expect((await list(`q=${word}&metal=gold-plate`)).products.map((product) => product.id)).toEqual([b.id]);
    const paged = await list(`q=${word}&pageSize=1&page=2`);
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1, products: [{ id: b.id }] });
    expect((await list('q=100%25')).products).toEqual([]);
    for (const query of ['metal=platinum', 'availability=gone', 'page=0', 'category=x', 'category=2147483648', 'category=0x1f', 'category=1e3']) {
      expect((await clerk.call('GET', `/admin-products?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('keeps the trail in the same transaction as the change: one row per change, none for a refused one', async () => {
    const count = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from admin_audit where entity_type = 'product'`))[0]!.n;
    const before = await count();
    const created = await create();
    await clerk.call('PUT', `/admin-products/${created.id}`, valid({ prices: [{ metal: 'sterling-silver', price: '0' }] }));
    await clerk.call('POST', `/admin-products/${created.id}/restore`);
    expect(await count()).toBe(before + 1);
  });
});
