import { productDetailResponseSchema, productListResponseSchema } from '@charms/contracts/catalog';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query';
import { errorOf, insertBareProduct, useTestApp } from './helper';

const t = useTestApp();

async function list(query: Record<string, string | number>) {
  const response = await t.app.inject({ method: 'GET', url: '/api/products', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
  expect(response.statusCode, response.body).toBe(200);
  return productListResponseSchema.parse(response.json());
}

async function detail(path: string, extra: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: '/api/products/detail', query: { path, ...extra } });
  expect(response.statusCode, response.body).toBe(200);
  return productDetailResponseSchema.parse(response.json());
}

describe('the seed catalog', () => {
  it('has over 2,000 products, 68 dog and 12 cat charms, numbers 1-99 and 12 girls bracelets', async () => {
    expect((await list({ path: '/products/search/charm', pageSize: 1 })).pagination.totalCount).toBeGreaterThan(1900);
    const [{ n }] = (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from products`)) as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(2000);
    expect((await list({ path: '/products/category/Dog-Charms', pageSize: 1 })).pagination.totalCount).toBe(68);
    expect((await list({ path: '/products/category/Cat-Charms', pageSize: 1 })).pagination.totalCount).toBe(12);
    const numbers = await list({ path: '/products/category/Number-Charms', pageSize: 96, orderBy: 'Name' });
    expect(numbers.pagination.totalCount).toBe(99);
    const girls = await list({ path: '/girl-charm-bracelets', pageSize: 12, orderBy: 'PriceLowHigh' });
    expect(girls.products).toHaveLength(12);
    expect(girls.products[0]!.price!.display).toBe('$15.00');
    expect(girls.products[11]!.price!.display).toBe('$92.50');
    expect(girls.products[0]!.path).toMatch(/^\/products\/rembrandt-bracelets\/sterling-silver\/7-inch\/[a-z0-9-]+\/\d+$/);
  });

  it('prices metals as a charm shop does: silver far below 10k, 10k below 14k, white gold above 14k', async () => {
    const rows = await queryRows<{ silver: number; ten: number; fourteen: number; white: number }>(
      t.database.db,
      sql`
        select s.price_cents as silver, ten.price_cents as ten, fourteen.price_cents as fourteen, white.price_cents as white
        from product_prices s
        join product_prices ten on ten.product_id = s.product_id and ten.metal_id = 30
        join product_prices fourteen on fourteen.product_id = s.product_id and fourteen.metal_id = 10
        join product_prices white on white.product_id = s.product_id and white.metal_id = 20
        where s.metal_id = 40`,
    );
    expect(rows.length).toBeGreaterThan(500);
    for (const row of rows) {
      expect(row.ten).toBeGreaterThan(row.silver * 4);
      expect(row.fourteen).toBeGreaterThan(row.ten);
      expect(row.white).toBeGreaterThan(row.fourteen);
    }
  });

  it('has products behind every category the storefront links to', async () => {
    const { categories } = (await t.app.inject('/api/categories')).json() as { categories: { urlFriendlyName: string }[] };
    for (const category of categories) {
      const listing = await list({ path: `/products/category/${category.urlFriendlyName}`, pageSize: 1 });
      expect(listing.pagination.totalCount, category.urlFriendlyName).toBeGreaterThan(0);
    }
    for (const metal of ['sterling-silver', '14k-gold', '14k-white-gold']) {
      expect((await list({ path: `/categories/${metal}/charm-bracelets`, pageSize: 1 })).pagination.totalCount).toBeGreaterThan(0);
    }
  });
});

describe('GET /api/products: category listings', () => {
  it('lists a category in the session metal, with prices, paths ending in the id, SEO and a GA4 event', async () => {
    const listing = await list({ path: '/products/category/Dog-Charms', metalId: 10, pageSize: 48 });
    expect(listing.listing).toMatchObject({ kind: 'category', heading: 'Dog Charms', metal: { id: 10, slug: '14k-gold' }, metalFromPath: false, orderBy: 'Name' });
    expect(listing.products).toHaveLength(48);
    expect(listing.pagination).toEqual({ page: 1, pageSize: 48, totalCount: 68, totalPages: 2, limited: false });
    const first = listing.products[0]!;
    expect(first.path).toMatch(new RegExp(`^/products/dog-charms/14k-gold/[a-z0-9-]+/${first.id}$`));
    expect(first.imageUrl).toMatch(/^\/api\/images\/products\/v1\/c\.[a-z-]+\.[a-z]+\.plain\.\d0\/14k-gold\.svg$/);
    expect(listing.htmlHeadTitle).toContain('Dog Charms');
    expect(listing.canonicalUrl).toBe('/products/category/Dog-Charms');
    expect(listing.dataLayers[0]).toMatchObject({ event: 'view_item_list', ecommerce: { item_list_name: 'Dog Charms' } });
    expect((listing.dataLayers[0]!.ecommerce as { items: unknown[] }).items).toHaveLength(48);
  });

  it('takes the metal from the path over the session, and marks products not offered in it', async () => {
    const listing = await list({ path: '/products/category/14k-white-gold/Animal-Charms', metalId: 40, pageSize: 96 });
    expect(listing.listing.metal.id).toBe(20);
    expect(listing.listing.metalFromPath).toBe(true);
    const unavailable = listing.products.filter((product) => !product.available);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const product of unavailable) expect(product.price).toBeNull();
    // Products offered in the metal come first.
    const firstUnavailable = listing.products.findIndex((product) => !product.available);
    expect(listing.products.slice(firstUnavailable).every((product) => !product.available)).toBe(true);
  });

  it('shows the same product at a different price when the metal changes', async () => {
    const silver = await list({ path: '/products/category/Cat-Charms', metalId: 40 });
    const gold = await list({ path: '/products/category/Cat-Charms', metalId: 10 });
    const id = silver.products[0]!.id;
    const goldVersion = gold.products.find((product) => product.id === id && product.available);
    if (goldVersion) expect(goldVersion.price!.cents).toBeGreaterThan(silver.products[0]!.price!.cents);
    expect(gold.products.some((product) => product.available)).toBe(true);
  });

  it('sorts by name, price both ways, newest and best selling', async () => {
    const path = '/products/category/Birthday-Charms';
    const byName = (await list({ path, orderBy: 'Name', pageSize: 96 })).products.map((p) => p.name);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const low = (await list({ path, orderBy: 'PriceLowHigh', pageSize: 96 })).products.map((p) => p.price!.cents);
    expect(low).toEqual([...low].sort((a, b) => a - b));
    const high = (await list({ path, orderBy: 'PriceHighLow', pageSize: 96 })).products.map((p) => p.price!.cents);
    expect(high).toEqual([...high].sort((a, b) => b - a));
    const newest = await list({ path, orderBy: 'Newest', pageSize: 5 });
    const best = await list({ path, orderBy: 'BestSelling', pageSize: 5 });
    expect(newest.products.map((p) => p.id)).not.toEqual(best.products.map((p) => p.id));
  });

  it('pages through a category without repeating or skipping products', async () => {
    const path = '/products/category/Dog-Charms';
    const page1 = await list({ path, page: 1, pageSize: 30 });
    const page2 = await list({ path, page: 2, pageSize: 30 });
    const page3 = await list({ path, page: 3, pageSize: 30 });
    const ids = [...page1.products, ...page2.products, ...page3.products].map((product) => product.id);
    expect(ids).toHaveLength(68);
    expect(new Set(ids).size).toBe(68);
    expect(page3.canonicalUrl).toBe('/products/category/Dog-Charms?page=3');
  });

  it('gives every page of a category, in every order, the rows of its whole listing sorted at once', async () => {
    // Each page is found in the read model's index before its products are read (decision 0048); its rows, prices
    // and availability must be those of the whole listing sorted in one statement, sliced.
    const keys = {
      Name: sql`l.name, l.product_id`,
      PriceLowHigh: sql`l.price_cents, l.name, l.product_id`,
      PriceHighLow: sql`l.price_cents desc nulls last, l.name, l.product_id`,
      Newest: sql`l.created_at desc, l.product_id`,
      BestSelling: sql`l.units_sold desc, l.product_id`,
    };
    // 14k gold: Dog Charms has products not offered in it, listed last and with no price.
    const gold = 10;
    for (const [orderBy, key] of Object.entries(keys)) {
      const whole = await queryRows<{ id: number; cents: number | null; available: boolean }>(t.database.db, sql`
        select l.product_id as id, l.price_cents as cents, not l.unavailable as available
        from catalog_listings l join categories c on c.id = l.category_id
        where c.url_friendly_name = 'Dog-Charms' and l.metal_id = ${gold}
        order by l.unavailable, ${key}`);
      expect(whole.some((row) => !row.available)).toBe(true);
      const paged = [];
      for (let page = 1; page <= Math.ceil(whole.length / 9); page++) {
        const answer = await list({ path: '/products/category/Dog-Charms', metalId: gold, orderBy, page, pageSize: 9 });
        paged.push(...answer.products.map((product) => ({ id: product.id, cents: product.price?.cents ?? null, available: product.available })));
      }
      expect(paged, orderBy).toEqual(whole.map((row) => ({ ...row, cents: row.available ? row.cents : null })));
    }
    // Narrowed to a price range (a statement planned for its values): the products offered in it, in range.
    const inRange = await queryRows<{ id: number }>(t.database.db, sql`
      select l.product_id as id from catalog_listings l join categories c on c.id = l.category_id
      where c.url_friendly_name = 'Dog-Charms' and l.metal_id = ${gold} and l.price_cents between 35000 and 45000
      order by l.unavailable, l.price_cents desc, l.name, l.product_id`);
    expect(inRange.length).toBeGreaterThan(9);
    const narrowed = [];
    for (let page = 1; page <= Math.ceil(inRange.length / 9); page++) {
      const answer = await list({ path: '/products/category/Dog-Charms', metalId: gold, orderBy: 'PriceHighLow', minPrice: 350, maxPrice: 450, page, pageSize: 9 });
      narrowed.push(...answer.products.map((product) => product.id));
    }
    expect(narrowed).toEqual(inRange.map((row) => row.id));
  });

  it('serves /categories/{slug} and categoryName the same as the category path', async () => {
    const a = await list({ path: '/categories/Dog-Charms', pageSize: 5 });
    const b = await list({ categoryName: 'dog charms', pageSize: 5 });
    const c = await list({ path: '/products/category/dog-charms', pageSize: 5 });
    expect(a.products).toEqual(b.products);
    expect(a.products).toEqual(c.products);
  });
});

describe('GET /api/products: search', () => {
  const ids = (listing: Awaited<ReturnType<typeof list>>) => new Set(listing.products.map((product) => product.id));

  it('"dog" finds the dog charms, and "dogs" and the typo "dgo" find them too', async () => {
    const dogCharms = ids(await list({ path: '/products/category/Dog-Charms', pageSize: 96 }));
    for (const term of ['dog', 'dogs', 'dgo']) {
      const found = await list({ path: `/products/search/${term}`, pageSize: 96 });
      const hits = [...dogCharms].filter((id) => ids(found).has(id));
      expect(hits.length, term).toBeGreaterThanOrEqual(60);
    }
    const typo = await list({ path: '/products/search/dgo', pageSize: 5 });
    expect(typo.listing.correctedTerm).toBe('dog');
    expect(typo.listing.heading).toBe('Search results for “dog”');
  });

  it('"halloween" finds the Halloween charms, from the path or from ?q=', async () => {
    const found = await list({ path: '/products/search/halloween', pageSize: 96 });
    expect(found.pagination.totalCount).toBeGreaterThanOrEqual(40);
    expect(found.products.slice(0, 10).every((product) => /halloween|pumpkin|witch|ghost|bat|skull|cat/i.test(product.name))).toBe(true);
    const viaQuery = await list({ path: '/products/search', q: 'halloween', pageSize: 96 });
    expect(viaQuery.pagination.totalCount).toBe(found.pagination.totalCount);
    expect(found.dataLayers[0]).toMatchObject({ event: 'view_search_results', search_term: 'halloween' });
  });

  it('"14k heart" finds hearts, in 14k gold, offered in 14k first', async () => {
    const found = await list({ path: '/products/search/14k heart', pageSize: 24 });
    expect(found.listing.metal.id).toBe(10);
    expect(found.products.length).toBe(24);
    expect(found.products.every((product) => /heart/i.test(product.name))).toBe(true);
    expect(found.products.every((product) => product.available)).toBe(true);
  });

  it('finds every word of several: "dog tag" the dog tags, a misspelled word by a word of the name, stop words alone nothing', async () => {
    for (const orderBy of ['Relevance', 'Name', 'PriceLowHigh', 'Newest'] as const) {
      const found = await list({ path: '/products/search/dog tag', orderBy, pageSize: 96 });
      expect(found.pagination.totalCount, orderBy).toBeGreaterThan(0);
      expect(found.products.every((product) => /dog/i.test(product.name) || /tag/i.test(product.name)), orderBy).toBe(true);
    }
    const misspelled = await list({ path: '/products/search/heartt charm', pageSize: 24 });
    expect(misspelled.products.length).toBe(24);
    expect(misspelled.products.every((product) => /heart/i.test(product.name))).toBe(true);
    // Stop words ask for nothing: alone they find nothing, beside a word they leave it to find what it finds.
    const none = await list({ path: '/products/search/was were been' });
    expect(none.pagination.totalCount).toBe(0);
    expect(none.suggestions.popularCategories.length).toBeGreaterThan(3);
    // A word typed twice is the word once.
    const twice = await list({ path: '/products/search/dog dog', pageSize: 24 });
    const once = await list({ path: '/products/search/dog', pageSize: 24 });
    expect(twice.products).toEqual(once.products);
    expect(twice.pagination).toEqual(once.pagination);
    const withHeart = await list({ path: '/products/search/the heart', pageSize: 1 });
    expect(withHeart.pagination.totalCount).toBe((await list({ path: '/products/search/heart', pageSize: 1 })).pagination.totalCount);
  });

  it('lists the whole catalog in the metal for a search of a metal alone ("14k gold", "silver")', async () => {
    for (const [term, slug] of [['14k gold', '14k-gold'], ['silver', 'sterling-silver']] as const) {
      for (const orderBy of ['Relevance', 'Name', 'PriceLowHigh', 'Newest'] as const) {
        const searched = await list({ path: `/products/search/${term}`, orderBy, pageSize: 24, page: 2, kind: 'engravable' });
        const whole = await list({ path: `/products/${slug}`, orderBy: orderBy === 'Relevance' ? 'BestSelling' : orderBy, pageSize: 24, page: 2, kind: 'engravable' });
        expect(searched.products.length, `${term} ${orderBy}`).toBe(24);
        expect(searched.products, `${term} ${orderBy}`).toEqual(whole.products);
        expect(searched.pagination).toEqual(whole.pagination);
        expect(searched.listing.filters).toEqual(whole.listing.filters);
        expect(searched.listing).toMatchObject({ kind: 'search', searchTerm: term, metal: { slug }, orderBy });
      }
    }
  });

  it('treats quotes, SQL, markup, emoji and 10,000 characters as plain words', async () => {
    for (const term of [`"heart"`, `heart' or '1'='1`, `'); drop table products; --`, '<script>alert(1)</script>', '💖 heart 💖', 'x'.repeat(10_000), '%', '\\']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/products', query: { path: '/products/search', q: term } });
      expect(response.statusCode, term.slice(0, 30)).toBe(200);
      const body = productListResponseSchema.parse(response.json());
      expect(body.listing.searchTerm!.length).toBeLessThanOrEqual(100);
    }
    expect((await list({ path: '/products/category/Dog-Charms', pageSize: 1 })).pagination.totalCount).toBe(68);
  });

  it('offers a way on when nothing is found: popular categories', async () => {
    const found = await list({ path: '/products/search/qqqzzzxxx' });
    expect(found.products).toEqual([]);
    expect(found.pagination.totalCount).toBe(0);
    expect(found.suggestions.popularCategories.length).toBeGreaterThan(3);
  });

  it('follows the sales in its popular categories once the catalog changes, though it keeps them between searches', async () => {
    const empty = async (word: string) => (await list({ path: `/products/search/${word}` })).suggestions.popularCategories.map((category) => category.urlFriendlyName);
    const popular = await empty('qqqzzzxxa');
    expect(await empty('qqqzzzxxb')).toEqual(popular);
    const [outside] = await queryRows<{ id: number; slug: string }>(
      t.database.db,
      sql`select c.id, c.url_friendly_name as slug from categories c
        where c.url_friendly_name <> all(${sql.param(popular)}::text[]) and exists (select 1 from product_categories pc where pc.category_id = c.id)
        order by c.id limit 1`,
    );
    expect(outside, 'a category that is not among the popular ones').toBeDefined();
    const [product] = await queryRows<{ id: number }>(t.database.db, sql`select product_id as id from product_categories where category_id = ${outside!.id} order by product_id limit 1`);
    // One of its products sells more than the rest of the catalog together: a catalog change, which every instance hears of.
    await t.database.db.execute(sql`update products set units_sold = units_sold + 100000000 where id = ${product!.id}`);
    try {
      await expect.poll(async () => (await empty('qqqzzzxxc'))[0]).toBe(outside!.slug);
    } finally {
      await t.database.db.execute(sql`update products set units_sold = units_sold - 100000000 where id = ${product!.id}`);
    }
    await expect.poll(() => empty('qqqzzzxxd')).toEqual(popular);
  });
});

describe('GET /api/products: bad input', () => {
  it.each([
    ['/api/products?path=/products/category/No-Such-Charms', 404, 'NOT_FOUND'],
    ['/api/products?path=/products/category/platinum/Dog-Charms', 404, 'NOT_FOUND'],
    ['/api/products?path=/about-us', 404, 'NOT_FOUND'],
    ['/api/products', 400, 'VALIDATION_ERROR'],
    ['/api/products?path=/products/category/Dog-Charms&page=0', 400, 'VALIDATION_ERROR'],
    ['/api/products?path=/products/category/Dog-Charms&page=4', 400, 'VALIDATION_ERROR'],
    ['/api/products?path=/products/category/Dog-Charms&page=abc', 400, 'VALIDATION_ERROR'],
    ['/api/products?path=/products/category/Dog-Charms&pageSize=97', 400, 'VALIDATION_ERROR'],
    ['/api/products?path=/products/category/Dog-Charms&orderBy=Cheapest', 400, 'VALIDATION_ERROR'],
    ['/api/products?path=/products/category/Dog-Charms&metalId=41', 400, 'VALIDATION_ERROR'],
    ['/api/products?path=/products/category/Dog-Charms&braceletSize=100', 400, 'VALIDATION_ERROR'],
    ['/api/products?path=no-slash', 400, 'VALIDATION_ERROR'],
  ])('%s -> %i %s', async (url, status, code) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(status);
    expect(errorOf(response).code).toBe(code);
  });

  it('names the field and the last page when a page is out of range', async () => {
    const response = await t.app.inject('/api/products?path=/products/category/Dog-Charms&page=4&pageSize=48');
    expect(errorOf(response)).toMatchObject({ message: 'page 4 is past the last page (2)', details: [{ field: 'page' }] });
    // Far past the end, of a category, narrowed or not, and of the whole catalog.
    const far = 999_999_999;
    const wholeCatalogPages = (await list({ path: '/products', pageSize: 96 })).pagination.totalPages;
    expect(wholeCatalogPages).toBeGreaterThan(20);
    for (const [url, last] of [
      [`/api/products?path=/products/category/Dog-Charms&page=${far}`, 2],
      [`/api/products?path=/products/category/Dog-Charms&page=${far}&kind=charm&maxPrice=1000`, 2],
      [`/api/products?path=/products&page=${far}&pageSize=96`, wholeCatalogPages],
      [`/api/products?path=/products&page=${wholeCatalogPages + 1}&pageSize=96`, wholeCatalogPages],
    ] as const) {
      const farResponse = await t.app.inject(url);
      expect(farResponse.statusCode, url).toBe(400);
      expect(errorOf(farResponse).message, url).toBe(`page ${url.match(/page=(\d+)/)![1]} is past the last page (${last})`);
    }
    // The last page itself is served.
    expect((await list({ path: '/products', pageSize: 96, page: wholeCatalogPages })).products.length).toBeGreaterThan(0);
    // A search's, in every order, narrowed or not, one word or two (its matches counted, none sorted: decision 0049).
    for (const search of ['charm', 'heart charm']) {
      for (const orderBy of ['Relevance', 'Name', 'PriceLowHigh', 'PriceHighLow', 'Newest', 'BestSelling']) {
        for (const narrowed of ['', '&minPrice=20']) {
          const query = `path=/products/search/${encodeURIComponent(search)}&orderBy=${orderBy}&pageSize=96${narrowed}`;
          const { totalPages: last, limited } = (await list(Object.fromEntries(new URLSearchParams(query)))).pagination;
          const farResponse = await t.app.inject(`/api/products?${query}&page=${far}`);
          expect(farResponse.statusCode, query).toBe(400);
          const why = limited ? ': a search shows its first 1,000 matches; narrow it to see others' : '';
          expect(errorOf(farResponse).message, query).toBe(`page ${far} is past the last page (${last})${why}`);
        }
      }
    }
  });

  it('pages a search through its first 1,000 matches, in every order, and says so (decision 0051)', async () => {
    // "charm" is on most of the standard catalog's 2,026 products.
    for (const orderBy of ['Relevance', 'Name', 'PriceLowHigh', 'BestSelling']) {
      const first = await list({ path: '/products/search/charm', orderBy });
      expect(first.pagination.totalCount, orderBy).toBeGreaterThan(1_100);
      expect(first.pagination, orderBy).toMatchObject({ page: 1, pageSize: 48, totalPages: 21, limited: true });
      // The last page ends at the 1,000th match (961 to 1,000), and follows the page before it.
      const before = await list({ path: '/products/search/charm', orderBy, page: 20 });
      const last = await list({ path: '/products/search/charm', orderBy, page: 21 });
      expect(before.products, orderBy).toHaveLength(48);
      expect(last.products, orderBy).toHaveLength(40);
      const seen = new Set(before.products.map((product) => product.id));
      expect(last.products.filter((product) => seen.has(product.id)), orderBy).toEqual([]);
      const past = await t.app.inject(`/api/products?path=/products/search/charm&orderBy=${orderBy}&page=22`);
      expect(past.statusCode, orderBy).toBe(400);
      expect(errorOf(past), orderBy).toMatchObject({
        message: 'page 22 is past the last page (21): a search shows its first 1,000 matches; narrow it to see others',
        details: [{ field: 'page', message: 'must be at most 21' }],
      });
    }
    // 96 a page: the 1,000th match is on page 11, the 40th of its products.
    expect((await list({ path: '/products/search/charm', pageSize: 96 })).pagination).toMatchObject({ totalPages: 11, limited: true });
    expect((await list({ path: '/products/search/charm', pageSize: 96, page: 11 })).products).toHaveLength(40);
    // Far past them, at another page size, the answer names that size's last page.
    const far = await t.app.inject('/api/products?path=/products/search/charm&orderBy=PriceHighLow&page=999999999&pageSize=7');
    expect(far.statusCode).toBe(400);
    expect(errorOf(far).message).toBe('page 999999999 is past the last page (143): a search shows its first 1,000 matches; narrow it to see others');
    // Narrowed to fewer than 1,000 matches, every page is there again.
    const narrowed = await list({ path: '/products/search/charm', kind: 'bracelet' });
    expect(narrowed.pagination.totalCount).toBeLessThan(1_000);
    expect(narrowed.pagination).toMatchObject({ totalPages: Math.max(1, Math.ceil(narrowed.pagination.totalCount / 48)), limited: false });
    // Listings are not searches: the whole catalog pages to its end.
    const whole = await list({ path: '/products', pageSize: 48 });
    expect(whole.pagination).toMatchObject({ totalPages: Math.ceil(whole.pagination.totalCount / 48), limited: false });
    expect(whole.pagination.totalPages).toBeGreaterThan(21);
  });
});

describe('GET /api/products/detail', () => {
  async function aProduct(category: string, metalId = 40) {
    return (await list({ path: `/products/category/${category}`, metalId, pageSize: 1 })).products[0]!;
  }

  it('shows a product with every metal, engraving rules, breadcrumbs, related products, SEO and view_item', async () => {
    const summary = await aProduct('charm-tags');
    const response = await detail(summary.path);
    if (response.kind !== 'product') throw new Error('expected a product');
    const { product } = response;
    expect(product.id).toBe(summary.id);
    expect(product.path).toBe(summary.path);
    expect(product.offers.map((offer) => offer.metal.id)).toEqual([40, 10, 20, 30, 50]);
    expect(product.offers.find((offer) => offer.metal.id === 40)!.price).toEqual(summary.price);
    expect(product.engraving).toMatchObject({ maxCharacters: 10, pricePerCharacter: { cents: 75, display: '$0.75' }, freeInThisMetal: false });
    expect(product.engraving!.fonts.map((font) => font.id)).toEqual(['block', 'double-block', 'script']);
    expect(product.breadcrumbs.map((crumb) => crumb.name)).toEqual(['Home', 'Charm Tags', product.name]);
    expect(product.related.length).toBeGreaterThan(0);
    expect(product.related.every((related) => related.id !== product.id)).toBe(true);
    expect(product.estimatedShipDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(response.canonicalUrl).toBe(product.path);
    expect(response.dataLayers[0]).toMatchObject({ event: 'view_item', ecommerce: { currency: 'USD', items: [{ item_id: String(product.id) }] } });
  });

  it("relates a product to its own category's best sellers on sale, and drops one that is retired or sells more elsewhere", async () => {
    const summary = await aProduct('Dog-Charms');
    const related = async () => {
      const response = await detail(summary.path);
      if (response.kind !== 'product') throw new Error('expected a product');
      return response.product.related.map((one) => one.id);
    };
    const shown = await related();
    expect(shown).toHaveLength(8);
    // Its category's products on sale in sterling silver (the metal the page is in).
    const inCategory = await queryRows<{ id: number }>(
      t.database.db,
      sql`select p.id from products p join product_prices pp on pp.product_id = p.id and pp.metal_id = 40 and pp.available
        where p.retired_at is null and p.primary_category_id = (select primary_category_id from products where id = ${summary.id})`,
    );
    expect(shown.every((id) => id !== summary.id && inCategory.some((row) => row.id === id))).toBe(true);
    const [first, second] = shown as [number, number];
    await t.database.db.execute(sql`update products set retired_at = now() where id = ${first}`);
    try {
      await expect.poll(related).not.toContain(first);
      expect((await related())[0]).toBe(second);
      // A product of the category that nobody had bought sells the most: it comes first.
      const unsold = inCategory.find((row) => row.id !== summary.id && !shown.includes(row.id));
      expect(unsold, 'a product of the category not among the eight').toBeDefined();
      await t.database.db.execute(sql`update products set units_sold = units_sold + 100000000 where id = ${unsold!.id}`);
      try {
        await expect.poll(async () => (await related())[0]).toBe(unsold!.id);
      } finally {
        await t.database.db.execute(sql`update products set units_sold = units_sold - 100000000 where id = ${unsold!.id}`);
      }
    } finally {
      await t.database.db.execute(sql`update products set retired_at = null where id = ${first}`);
    }
    await expect.poll(related).toEqual(shown);
  });

  it('says engraving is free on gold', async () => {
    const summary = await aProduct('charm-tags', 10);
    const response = await detail(summary.path);
    if (response.kind !== 'product') throw new Error('expected a product');
    expect(response.product.engraving!.freeInThisMetal).toBe(true);
    expect(response.product.metal.slug).toBe('14k-gold');
  });

  it('gives bracelets their sizes, clasp and a size in the path', async () => {
    const summary = (await list({ path: '/products/category/Charm-Bracelets', pageSize: 1, braceletSize: 8 })).products[0]!;
    expect(summary.path).toContain('/8-inch/');
    const response = await detail(summary.path);
    if (response.kind !== 'product') throw new Error('expected a product');
    expect(response.product.sizes).toContain(8);
    expect(response.product.braceletSize).toBe(8);
    expect(response.product.clasp).toBeTruthy();
    const larger = response.product.offers[0]!.path;
    expect(larger).toContain('/8-inch/');
  });

  it('marks made-to-order and PhotoArt charms with their lead time and as not returnable', async () => {
    const summary = await aProduct('PhotoArt-Charms');
    const response = await detail(summary.path);
    if (response.kind !== 'product') throw new Error('expected a product');
    expect(response.product).toMatchObject({ isPhotoArt: true, returnable: false, leadTime: { minDays: 7, maxDays: 10 } });
  });

  it('answers a stale slug, a missing metal or a wrong size with the canonical path to redirect to', async () => {
    const summary = await aProduct('Dog-Charms');
    const stale = await detail(summary.path.replace(/\/[^/]+\/(\d+)$/, '/old-name/$1'));
    expect(stale).toEqual({ kind: 'redirect', redirectTo: summary.path });
    const noMetal = await detail(`/products/whatever/${summary.id}`, { metalId: '40' });
    expect(noMetal).toEqual({ kind: 'redirect', redirectTo: summary.path });
    const goldPath = summary.path.replace('/sterling-silver/', '/14k-gold/');
    const gold = await detail(`/products/whatever/${summary.id}`, { metalId: '10' });
    expect(gold).toEqual({ kind: 'redirect', redirectTo: goldPath });
  });

  it.each([
    ['/products/dog-charms/sterling-silver/nothing/999999', 404],
    ['/products/dog-charms/sterling-silver/no-id', 404],
    ['/faq', 404],
  ])('%s -> %i', async (path, status) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/products/detail', query: { path } });
    expect(response.statusCode).toBe(status);
    expect(errorOf(response).code).toBe('NOT_FOUND');
  });

  it('refuses a missing path or bad metal with 400', async () => {
    expect((await t.app.inject('/api/products/detail')).statusCode).toBe(400);
    expect((await t.app.inject('/api/products/detail?path=/products/x/1001&metalId=7')).statusCode).toBe(400);
  });
});

describe('caching', () => {
  it('answers with Cache-Control and an ETag, and 304 to a matching If-None-Match', async () => {
    const first = await t.app.inject('/api/products?path=/products/category/Cat-Charms');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/api/products?path=/products/category/Cat-Charms', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('drops cached answers when the catalog changes', async () => {
    const url = '/api/products?path=/products/category/Cat-Charms&orderBy=PriceLowHigh&pageSize=1';
    const before = productListResponseSchema.parse((await t.app.inject(url)).json());
    const cheapest = before.products[0]!;
    await t.database.db.execute(sql`update product_prices set price_cents = 99 where product_id = ${cheapest.id} and metal_id = 40`);
    await expect.poll(async () => productListResponseSchema.parse((await t.app.inject(url)).json()).products[0]!.price!.cents, { timeout: 5000 }).toBe(99);
  });
});

describe('category listings follow the catalog', () => {
  it('lists a new product, marks it unavailable when a price goes, and drops it when it is deleted', async () => {
    const db = t.database.db;
    const path = '/products/category/Western-Charms';
    const url = (metalId: number) => `/api/products?path=${path}&pageSize=96&metalId=${metalId}`;
    const count = async (metalId: number) => productListResponseSchema.parse((await t.app.inject(url(metalId))).json()).pagination.totalCount;
    const before = await count(40);
    const id = await insertBareProduct(db, { slug: 'lasso-test-charm', name: 'Aaa Lasso Test Charm', shape: 'horse', category: 'Western-Charms' });
    await db.execute(sql`insert into product_categories (category_id, product_id) select id, ${id} from categories where url_friendly_name = 'Western-Charms'`);
    await db.execute(sql`insert into product_prices (product_id, metal_id, price_cents) values (${id}, 40, 1995), (${id}, 10, 19995)`);
    await expect.poll(() => count(40), { timeout: 5000 }).toBe(before + 1);
    const gold = async () => productListResponseSchema.parse((await t.app.inject(url(10))).json()).products.find((product) => product.id === id);
    await expect.poll(async () => (await gold())?.price?.cents, { timeout: 5000 }).toBe(19995);

    await db.execute(sql`delete from product_prices where product_id = ${id} and metal_id = 10`);
    await expect.poll(async () => (await gold())?.available, { timeout: 5000 }).toBe(false);

    await db.execute(sql`update products set name = 'Aab Renamed Lasso Charm' where id = ${id}`);
    await expect.poll(async () => (await gold())?.name, { timeout: 5000 }).toBe('Aab Renamed Lasso Charm');

    await db.execute(sql`delete from products where id = ${id}`);
    await expect.poll(() => count(40), { timeout: 5000 }).toBe(before);
  });
});

describe('product images', () => {
  it('draws a charm in the metal colour as SVG', async () => {
    const response = await t.app.inject('/api/images/charms/dog/14k-gold.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.body).toContain('<svg');
    const numbered = await t.app.inject('/api/images/charms/number-7/sterling-silver.svg');
    expect(numbered.body).toContain('>7<');
  });

  it('answers 404 for an unknown shape or metal, and never echoes markup', async () => {
    for (const url of ['/api/images/charms/dragon/14k-gold.svg', '/api/images/charms/dog/platinum.svg', '/api/images/charms/number-%3Cb%3E/sterling-silver.svg', '/api/images/charms/dog/14k-gold.png']) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('<b>');
    }
  });
});
