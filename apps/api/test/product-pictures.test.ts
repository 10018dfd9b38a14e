import { productListResponseSchema } from '@charms/contracts/catalog';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper';

const t = useTestApp();

async function list(query: Record<string, string | number>) {
  const response = await t.app.inject({ method: 'GET', url: '/api/products', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) });
  expect(response.statusCode, response.body).toBe(200);
  return productListResponseSchema.parse(response.json());
}

const PICTURE = /^\/api\/images\/products\/v1\/([A-Za-z0-9._-]+)\/([a-z0-9-]+)\.svg$/;

/** The drawing a product's picture shows: its design key (the metal only recolours it). */
function drawingOf(imageUrl: string): string {
  const match = PICTURE.exec(imageUrl);
  expect(match, imageUrl).not.toBeNull();
  return match![1]!;
}

/** Walks every page of a listing in its default order, and checks that 3 in 4 pictures on each page are its own. */
async function expectOwnPictures(query: Record<string, string | number>): Promise<number> {
  let page = 1;
  let pages = 1;
  do {
    const listing = await list({ ...query, page });
    pages = listing.pagination.totalPages;
    const drawings = listing.products.map((product) => drawingOf(product.imageUrl));
    const counts = new Map<string, number>();
    for (const drawing of drawings) counts.set(drawing, (counts.get(drawing) ?? 0) + 1);
    const own = drawings.filter((drawing) => counts.get(drawing) === 1).length;
    expect(own / drawings.length, `${JSON.stringify(query)} page ${page}: ${own} of ${drawings.length} own pictures`).toBeGreaterThanOrEqual(0.75);
    page += 1;
  } while (page <= pages);
  return pages;
}

describe('product pictures on listing pages', () => {
  it('gives at least 3 in 4 products on every page of every category a picture no other product there has', async () => {
    const { categories } = (await t.app.inject('/api/categories')).json() as { categories: { urlFriendlyName: string }[] };
    expect(categories.length).toBeGreaterThan(30);
    let pagesSeen = 0;
    for (const metalId of [40, 10]) {
      for (const category of categories) pagesSeen += await expectOwnPictures({ path: `/products/category/${category.urlFriendlyName}`, metalId });
      pagesSeen += await expectOwnPictures({ path: '/girl-charm-bracelets', metalId });
    }
    expect(pagesSeen).toBeGreaterThan(100);
  });

  it('does so on search results too', async () => {
    for (const term of ['heart', 'dog', 'cross', 'bracelet', 'star', 'enamel']) await expectOwnPictures({ path: `/products/search/${term}` });
  });

  it('draws each product from its name: a renamed product gets the picture its new name says', async () => {
    const listing = await list({ path: '/products/category/Heart-Charms', pageSize: 96 });
    const padlock = listing.products.find((product) => product.name === 'Enamel Heart Padlock Charm');
    expect(padlock).toBeDefined();
    expect(drawingOf(padlock!.imageUrl)).toMatch(/^c\.(locked-heart|padlock)\.[a-z]+\.enamel\.\d\d$/);
    await t.database.db.execute(sql`update products set name = 'Enamel Heart Key Charm' where id = ${padlock!.id}`);
    try {
      // The catalog cache is dropped when the database's change notification arrives: at once on PGlite, a moment
      // later on a PostgreSQL server.
      const drawingNow = async () => {
        const renamed = (await list({ path: '/products/category/Heart-Charms', pageSize: 96 })).products.find((product) => product.id === padlock!.id);
        return drawingOf(renamed!.imageUrl);
      };
      await expect.poll(drawingNow, { timeout: 5_000 }).toMatch(/^c\.heart-key\./);
    } finally {
      await t.database.db.execute(sql`update products set name = 'Enamel Heart Padlock Charm' where id = ${padlock!.id}`);
    }
  });

  it('serves every picture of a listing page as SVG, cached for a long time', async () => {
    const listing = await list({ path: '/products/category/PhotoArt-Charms', metalId: 10, pageSize: 12 });
    for (const product of listing.products) {
      const response = await t.app.inject(product.imageUrl);
      expect(response.statusCode, product.imageUrl).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]* width="480" height="480"/);
      // PhotoArt is drawn in colour: a photo in the metal frame.
      expect(response.body).toContain('clip-path="url(#k)"');
    }
  });
});

describe('GET /api/images/products/v1/{design}/{metal}.svg', () => {
  it('draws the design in the metal', async () => {
    const response = await t.app.inject('/api/images/products/v1/c._.disc.plain.00.42/14k-gold.svg');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('>42</text>');
    expect(response.body).toContain('#d4a93c');
    const bracelet = await t.app.inject('/api/images/products/v1/b.bangle.none._.0/sterling-silver.svg');
    expect(bracelet.statusCode).toBe(200);
  });

  it('answers 404 for an unknown design or metal, and never echoes markup', async () => {
    for (const url of [
      '/api/images/products/v1/c.no-such-icon.disc.plain.00/14k-gold.svg',
      '/api/images/products/v1/c.sitting-dog.disc.plain.00/platinum.svg',
      '/api/images/products/v1/c.sitting-dog.disc.plain.00/14k-gold.png',
      '/api/images/products/v1/c._.disc.plain.00.%3Cb%3E/14k-gold.svg',
      '/api/images/products/v1/%3Cb%3E/14k-gold.svg',
      '/api/images/products/v2/c.sitting-dog.disc.plain.00/14k-gold.svg',
      `/api/images/products/v1/${'c'.repeat(81)}/14k-gold.svg`,
    ]) {
      const response = await t.app.inject(url);
      expect([400, 404], url).toContain(response.statusCode);
      expect(response.body).not.toContain('<b>');
    }
  });
});
