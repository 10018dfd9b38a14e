import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { bagResponseSchema } from '@charms/contracts/bag';
import { completeOrderResponseSchema } from '@charms/contracts/checkout';
import { bagPhotoSchema } from '@charms/contracts/photo-art';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/query';
import { jpegBomb, pixelBomb, testPhoto, webpBomb } from '../src/media/test-images';
import { adminOrderOf } from './admin-orders-support';
import { errorOf, shopperApi, staffApi, useTestApp } from './helper';

const t = useTestApp();
const { newSession, call } = shopperApi(t);
let photoArtId: number;
let plainCharmId: number;
let staff: Awaited<ReturnType<typeof staffApi>>;

beforeAll(async () => {
  const [photoArt] = await queryRows<{ id: number }>(t.database.db, sql`select p.id from products p join product_prices pp on pp.product_id = p.id and pp.metal_id = 40 where p.is_photo_art order by p.id limit 1`);
  const [plain] = await queryRows<{ id: number }>(t.database.db, sql`select p.id from products p join product_prices pp on pp.product_id = p.id and pp.metal_id = 40 where not p.is_photo_art and p.kind = 'charm' order by p.id limit 1`);
  photoArtId = photoArt!.id;
  plainCharmId = plain!.id;
  staff = await staffApi(t, { role: 'staff', name: 'Pat Packer' });
});

/** A new session with one charm in its bag; answers the session and the line's id. */
async function bagWith(productId = photoArtId) {
  const session = await newSession();
  const added = await call(session, 'POST', '/shopping-cart/items', { productId, metalId: 40, quantity: 1 });
  expect(added.statusCode, added.body).toBe(200);
  return { session, item: (added.json() as { itemUuid: string }).itemUuid };
}

/** The photo as a browser's form posts it: multipart, one file. */
async function upload(session: string, item: string, bytes: Uint8Array, name = 'me.jpg', type = 'image/jpeg') {
  const form = new FormData();
  form.append('photo', new Blob([bytes], { type }), name);
  const request = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: `/api/shopping-cart/items/${item}/photo`,
    headers: { usersessionid: session, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const preview = (session: string, item: string) => t.app.inject({ method: 'GET', url: `/api/shopping-cart/items/${item}/photo`, headers: { usersessionid: session } });
const privateDir = () => join(t.app.config.DATA_DIR, 'private-media');
const files = () => (existsSync(privateDir()) ? readdirSync(privateDir(), { recursive: true }).filter((name) => String(name).endsWith('.jpg')).sort() : []);
const uploads = () => queryRows<{ id: string; previewKey: string; printKey: string }>(t.database.db, sql`select id, preview_key as "previewKey", print_key as "printKey" from photo_art_uploads order by id`);
const bagLine = async (session: string, item: string) =>
  bagResponseSchema.parse((await call(session, 'GET', '/shopping-cart')).json()).tempOrder.tempOrderItems.find((line) => line.itemUuid === item)!;

/** A phone photo with its camera's orientation (turned a quarter) and a GPS position in its EXIF. */
async function phonePhoto() {
  const upright = await testPhoto({ width: 1200, height: 800 });
  return sharp(upright)
    .withExif({ IFD0: { Make: 'TestCam', Model: 'Serial 1234' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '97/1 44/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

describe('a shopper uploads the photo for a PhotoArt line', () => {
  it('keeps it, upright and without metadata, and shows the preview to that session only, never cached', async () => {
    const { session, item } = await bagWith();
    const original = await phonePhoto();
    const originalMeta = await sharp(original).metadata();
    expect(originalMeta.orientation).toBe(6);
    expect(originalMeta.exif?.includes(Buffer.from('Serial 1234'))).toBe(true);
    const response = await upload(session, item, original);
    expect(response.statusCode, response.body).toBe(201);
    const photo = bagPhotoSchema.parse(response.json());
    // Orientation 6: stored 1200 × 800, shown (and kept) 800 × 1200.
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 800, height: 1200 });
    expect((await bagLine(session, item)).photo).not.toBeNull();

    const shown = await preview(session, item);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(shown.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(shown.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(640);
    expect(meta.height).toBeGreaterThan(meta.width!);
    expect(meta.exif).toBeUndefined();

    const [row] = await queryRows<{ printKey: string }>(t.database.db, sql`select print_key as "printKey" from photo_art_uploads where cart_item_id = ${item}`);
    const print = await sharp(join(privateDir(), row!.printKey.slice(0, 2), row!.printKey)).metadata();
    expect({ width: print.width, height: print.height, exif: print.exif, orientation: print.orientation }).toEqual({ width: 800, height: 1200, exif: undefined, orientation: undefined });
  });

  it('is a 404 for another session, for every call, and changes nothing', async () => {
    const { session, item } = await bagWith();
    expect((await upload(session, item, await testPhoto())).statusCode).toBe(201);
    const stranger = await newSession();
    expect((await preview(stranger, item)).statusCode).toBe(404);
    expect((await upload(stranger, item, await testPhoto({ colour: '#f00' }))).statusCode).toBe(404);
    const removed = await call(stranger, 'DELETE', `/shopping-cart/items/${item}/photo`);
    expect(removed.statusCode).toBe(404);
    expect((await preview(session, item)).statusCode).toBe(200);
    // No session at all: the header is required.
    expect((await t.app.inject({ method: 'GET', url: `/api/shopping-cart/items/${item}/photo` })).statusCode).toBe(400);
  });

  it('is never served by the public media route, even given its exact keys', async () => {
    const { session, item } = await bagWith();
    expect((await upload(session, item, await testPhoto())).statusCode).toBe(201);
    const [row] = await queryRows<{ previewKey: string; printKey: string }>(t.database.db, sql`select preview_key as "previewKey", print_key as "printKey" from photo_art_uploads where cart_item_id = ${item}`);
    for (const key of [row!.previewKey, row!.printKey]) {
      const response = await t.app.inject(`/api/media/${key}`);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    // Random keys, not the photo's hash: the same photo uploaded again gets other keys.
    expect(row!.previewKey).toMatch(/^[0-9a-f]{64}\.jpg$/);
    const again = await bagWith();
    expect((await upload(again.session, again.item, await testPhoto())).statusCode).toBe(201);
    const [other] = await queryRows<{ previewKey: string }>(t.database.db, sql`select preview_key as "previewKey" from photo_art_uploads where cart_item_id = ${again.item}`);
    expect(other!.previewKey).not.toBe(row!.previewKey);
  });

  it('replaces the photo, and removes it, with its files', async () => {
    const { session, item } = await bagWith();
    expect((await upload(session, item, await testPhoto())).statusCode).toBe(201);
    const before = files();
    expect((await upload(session, item, await testPhoto({ format: 'png', colour: '#36c' }), 'me.png', 'image/png')).statusCode).toBe(201);
    const after = files();
    expect(after.length).toBe(before.length);
    expect(after).not.toEqual(before);
    expect((await call(session, 'DELETE', `/shopping-cart/items/${item}/photo`)).statusCode).toBe(204);
    expect(files().length).toBe(before.length - 2);
    expect((await bagLine(session, item)).photo).toBeNull();
    expect((await preview(session, item)).statusCode).toBe(404);
    expect((await call(session, 'DELETE', `/shopping-cart/items/${item}/photo`)).statusCode).toBe(404);
  });

  it('gives the same charm added twice two lines, each with its own photo', async () => {
    const { session, item } = await bagWith();
    const again = await call(session, 'POST', '/shopping-cart/items', { productId: photoArtId, metalId: 40, quantity: 1 });
    const second = (again.json() as { itemUuid: string; quantity: number }).itemUuid;
    expect(second).not.toBe(item);
    expect((await upload(session, item, await testPhoto({ colour: '#c33' }))).statusCode).toBe(201);
    expect((await upload(session, second, await testPhoto({ colour: '#33c' }))).statusCode).toBe(201);
    const colour = async (line: string) => (await sharp((await preview(session, line)).rawPayload).stats()).dominant;
    expect((await colour(item)).r).toBeGreaterThan((await colour(item)).b);
    expect((await colour(second)).b).toBeGreaterThan((await colour(second)).r);
  });

  it('is refused for a charm that is not PhotoArt', async () => {
    const { session, item } = await bagWith(plainCharmId);
    const response = await upload(session, item, await testPhoto());
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe('Only PhotoArt charms take a photo.');
    expect((await bagLine(session, item)).photo).toBeNull();
  });
});

describe('hostile or unreadable files', () => {
  const truncated = async () => {
    const whole = await testPhoto({ width: 1600, height: 1200 });
    return whole.subarray(0, Math.floor(whole.length / 2));
  };
  const cases: [string, () => Promise<Uint8Array> | Uint8Array, number, string, RegExp][] = [
    ['a script named .jpg', () => Buffer.from('#!/bin/sh\nrm -rf / # pretend photo\n'), 415, 'not-an-image', /not a photo, whatever its name says/],
    ['an SVG', () => Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 415, 'svg', /SVG drawings are not accepted/],
    ['a HEIC photo', () => Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic', 'latin1'), 415, 'heic', /HEIC photos cannot be read here yet/],
    ['a truncated JPEG', truncated, 422, 'truncated', /damaged or was cut short/],
    ['a 25 MB file', () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(25 * 1024 * 1024)]), 413, 'too-large', /larger than 20 MB/],
    ['a 100-megapixel bomb', () => pixelBomb(10_000, 10_000), 422, 'too-many-pixels', /limit is 100 megapixels/],
    ['a JPEG declaring 3600 megapixels', () => jpegBomb(60_000, 60_000), 422, 'too-many-pixels', /60000 × 60000 pixels/],
    ['a WebP of 256 megapixels', () => webpBomb(16_000, 16_000), 422, 'too-many-pixels', /16000 × 16000 pixels/],
  ];
  for (const [what, make, status, reason, message] of cases) {
    it(`refuses ${what} with a clear message, storing nothing`, async () => {
      const { session, item } = await bagWith();
      const [rowsBefore, filesBefore] = [await uploads(), files()];
      const response = await upload(session, item, await make(), 'photo.jpg');
      expect(response.statusCode, response.body).toBe(status);
      const error = errorOf(response);
      expect(error.code).toBe('IMAGE_REFUSED');
      expect(error.details).toEqual({ reason });
      expect(error.message).toMatch(message);
      expect(await uploads()).toEqual(rowsBefore);
      expect(files()).toEqual(filesBefore);
      expect((await bagLine(session, item)).photo).toBeNull();
    });
  }
});

describe('hostile forms', () => {
  it('thousands of fields before the photo, or thousands of files: a clear 413, nothing stored', async () => {
    const { session, item } = await bagWith();
    const [rowsBefore, filesBefore] = [await uploads(), files()];
    const photo = await testPhoto({ width: 200, height: 200 });
    const post = async (build: (form: FormData) => void) => {
      const form = new FormData();
      build(form);
      const request = new Response(form);
      return t.app.inject({ method: 'POST', url: `/api/shopping-cart/items/${item}/photo`, headers: { usersessionid: session, 'content-type': request.headers.get('content-type')! }, payload: Buffer.from(await request.arrayBuffer()) });
    };
    const fields = await post((form) => {
      for (let index = 0; index < 5_000; index++) form.append(`f${index}`, 'x');
      form.append('photo', new Blob([photo]), 'me.jpg');
    });
    expect(fields.statusCode, fields.body).toBe(413);
    expect(errorOf(fields)).toMatchObject({ code: 'TOO_MANY_FIELDS', message: 'Send only the photo.' });
    const many = await post((form) => {
      for (let index = 0; index < 3_000; index++) form.append('photo', new Blob([photo]), `me${index}.jpg`);
    });
    expect(many.statusCode, many.body).toBe(413);
    expect(errorOf(many).code).toBe('TOO_MANY_FILES');
    expect(await uploads()).toEqual(rowsBefore);
    expect(files()).toEqual(filesBefore);
    expect((await bagLine(session, item)).photo).toBeNull();
  });
});

/** Places the order of the session's bag (the test gateway's valid card). */
async function checkout(session: string) {
  const response = await call(session, 'POST', '/shopping-cart/complete-order', {
    paymentMethodNonce: 'fake-valid-visa-nonce',
    idempotencyKey: randomUUID(),
    customer: { email: 'ann@example.com', phone: '512-555-0142' },
    shippingAddress: { firstName: 'Ann', lastName: 'Lee', address1: '100 Congress Ave', city: 'Austin', stateProvince: 'TX', postalCode: '78701', country: 'US' },
    shippingTypeId: 'ground',
  });
  expect(response.statusCode, response.body).toBe(200);
  const { order } = completeOrderResponseSchema.parse(response.json());
  const [row] = await queryRows<{ id: string }>(t.database.db, sql`select id from orders where number = ${order.number}`);
  return { id: row!.id, order };
}

describe('the order keeps the photo', () => {
  it('after checkout empties the bag; staff download it, the shopper cannot reach the staff route', async () => {
    const { session, item } = await bagWith();
    const second = await call(session, 'POST', '/shopping-cart/items', { productId: plainCharmId, metalId: 40, quantity: 1 });
    expect(second.statusCode).toBe(200);
    expect((await upload(session, item, await phonePhoto())).statusCode).toBe(201);
    const { id, order } = await checkout(session);
    expect(order.lines.map((line) => line.photo)).toEqual(order.lines.map((line) => (line.isPhotoArt ? 'attached' : null)));
    const photoLine = order.lines.findIndex((line) => line.isPhotoArt) + 1;
    // The bag is empty: its line (and the bag's preview route) are gone, the order still has the photo.
    expect((await preview(session, item)).statusCode).toBe(404);
    const [row] = await queryRows<{ cartItemId: string | null; orderLineId: string | null }>(t.database.db, sql`select cart_item_id as "cartItemId", order_line_id as "orderLineId" from photo_art_uploads u join order_lines l on l.id = u.order_line_id where l.order_id = ${id}`);
    expect(row).toMatchObject({ cartItemId: null });

    const admin = adminOrderOf(await staff.call('GET', `/admin-orders/${id}`));
    expect(admin.order.lines[photoLine - 1]!.photo).toBe('attached');
    const download = await staff.call('GET', `/admin-orders/${id}/lines/${photoLine}/photo`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="order-${order.number}-line-${photoLine}.jpg"`);
    expect(download.headers['cache-control']).toMatch(/no-store/);
    const print = await sharp(download.rawPayload).metadata();
    expect({ width: print.width, height: print.height, exif: print.exif }).toEqual({ width: 800, height: 1200, exif: undefined });
    const thumbnail = await staff.call('GET', `/admin-orders/${id}/lines/${photoLine}/photo?size=preview`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-disposition']).toMatch(/^inline;/);

    // Another line, a line past the end, another order: nothing.
    const otherLine = photoLine === 1 ? 2 : 1;
    expect((await staff.call('GET', `/admin-orders/${id}/lines/${otherLine}/photo`)).statusCode).toBe(404);
    expect((await staff.call('GET', `/admin-orders/${id}/lines/9/photo`)).statusCode).toBe(404);
    expect((await staff.call('GET', `/admin-orders/${randomUUID()}/lines/1/photo`)).statusCode).toBe(404);
    expect((await staff.call('GET', `/admin-orders/${id}/lines/0/photo`)).statusCode).toBe(400);
    for (const line of ['-1', '99999999999999999999', '1e1', '0x1']) expect((await staff.call('GET', `/admin-orders/${id}/lines/${line}/photo`)).statusCode, line).toBe(400);
    // No staff session at all: refused before the order is looked up.
    expect((await t.app.inject({ method: 'GET', url: `/api/admin-orders/${id}/lines/${photoLine}/photo` })).statusCode).toBe(401);
    // The shopper (their session header, no staff session) is refused.
    const asShopper = await call(session, 'GET', `/admin-orders/${id}/lines/${photoLine}/photo`);
    expect(asShopper.statusCode).toBe(401);

    // The shopper's confirmation says the photo was received.
    const email = await queryRows<{ text: string }>(t.database.db, sql`select text from email_outbox where order_id = ${id}`);
    expect(email[0]!.text).toContain('We have received the photo you uploaded');
  });

  it('says the photo is to be emailed when none was uploaded', async () => {
    const { session } = await bagWith();
    const { id, order } = await checkout(session);
    expect(order.lines.filter((line) => line.isPhotoArt).map((line) => line.photo)).toEqual(['to_be_emailed']);
    const email = await queryRows<{ text: string }>(t.database.db, sql`select text from email_outbox where order_id = ${id}`);
    expect(email[0]!.text).toContain('please email the photo you want to');
  });
});

describe('cleaning up photos never ordered', () => {
  it('removes those whose bag line is gone or that waited 30 days, keeps ordered and recent ones, with their files', async () => {
    const ordered = await bagWith();
    expect((await upload(ordered.session, ordered.item, await testPhoto())).statusCode).toBe(201);
    const { id } = await checkout(ordered.session);
    const waiting = await bagWith();
    expect((await upload(waiting.session, waiting.item, await testPhoto())).statusCode).toBe(201);
    const old = await bagWith();
    expect((await upload(old.session, old.item, await testPhoto())).statusCode).toBe(201);
    const removedLine = await bagWith();
    expect((await upload(removedLine.session, removedLine.item, await testPhoto())).statusCode).toBe(201);
    expect((await call(removedLine.session, 'DELETE', `/shopping-cart/items/${removedLine.item}`)).statusCode).toBe(200);
    // 31 days old: the ordered photo, and the one still waiting in a bag.
    await queryRows(t.database.db, sql`update photo_art_uploads set created_at = now() - interval '31 days' where cart_item_id = ${old.item} or order_line_id in (select id from order_lines where order_id = ${id})`);
    const gone = await queryRows<{ previewKey: string }>(t.database.db, sql`select preview_key as "previewKey" from photo_art_uploads where cart_item_id = ${old.item} or cart_item_id is null and order_line_id is null`);
    expect(gone).toHaveLength(2);

    expect(await t.app.cleanUpPhotoArtNow()).toBe(2);
    expect((await preview(old.session, old.item)).statusCode).toBe(404);
    expect((await preview(waiting.session, waiting.item)).statusCode).toBe(200);
    for (const { previewKey } of gone) expect(existsSync(join(privateDir(), previewKey.slice(0, 2), previewKey))).toBe(false);
    const adminOrder = adminOrderOf(await staff.call('GET', `/admin-orders/${id}`));
    const line = adminOrder.order.lines.findIndex((each) => each.isPhotoArt) + 1;
    expect((await staff.call('GET', `/admin-orders/${id}/lines/${line}/photo`)).statusCode).toBe(200);
    expect(await t.app.cleanUpPhotoArtNow()).toBe(0);
  });
});
