import { randomUUID } from 'node:crypto';
import type { BagPhoto } from '@charms/contracts/photo-art';
import { photoArtFileName, unorderedPhotoCutoff } from '@charms/domain/photo-art';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { HttpError, notFound } from '../http-error';
import type { MediaStorage, StoredMedia } from '../media/media-storage';
import { privateMediaKey } from '../media/private-media';
import type { PrivatePhoto } from '../media/private-photo';

/**
 * Shoppers' PhotoArt photos: kept with a bag line of the session that uploaded them, then with the order line
 * checkout writes for it. Every read names its owner in the query (the session, or an order for staff): no id alone
 * ever finds a photo.
 */

const noSuchLine = () => notFound('There is no such line in your bag.');
const noPhoto = () => notFound('There is no photo for this line.');

/** The session's own PhotoArt bag line, or a 404 (another session's line is not told apart from a missing one). */
export async function assertPhotoArtLine(db: Db, sessionId: string, itemUuid: string): Promise<void> {
  const [line] = await queryRows<{ isPhotoArt: boolean; checkingOut: boolean }>(
    db,
    sql`select p.is_photo_art as "isPhotoArt", c.checkout_order_id is not null as "checkingOut"
        from cart_items i join carts c on c.id = i.cart_id join products p on p.id = i.product_id
        where i.id = ${itemUuid} and c.session_id = ${sessionId} and i.kind = 'product'`,
  );
  if (!line) throw noSuchLine();
  if (!line.isPhotoArt) throw new HttpError(409, 'NOT_PHOTO_ART', 'Only PhotoArt charms take a photo.');
  if (line.checkingOut) throw orderInProgress();
}

/**
 * Whether a product page's add to bag may carry a photo: a PhotoArt product on sale. The storefront asks before it
 * reads a post to a product page, so that other pages' posts are held to the forms' 32 KB, not a photo's 30 MB.
 */
export async function productTakesPhoto(db: Db, productId: number): Promise<boolean> {
  if (!Number.isSafeInteger(productId) || productId < 1 || productId > 2_147_483_647) return false;
  const [row] = await queryRows<{ yes: boolean }>(db, sql`select true as yes from products where id = ${productId} and is_photo_art and retired_at is null`);
  return row !== undefined;
}

const orderInProgress = () => new HttpError(409, 'ORDER_IN_PROGRESS', 'Your order is being placed: its photo cannot change now. If it needs to, email it to us after ordering.');

/**
 * Stores a processed photo for the line, replacing the one it had. Files are written first under new random keys;
 * the row is swapped in one transaction that holds the bag (so a checkout never sees half of it); the old files are
 * removed after. Should the line vanish meanwhile, the new files are removed and the answer is a 404.
 */
export async function savePhotoArtUpload(db: Db, storage: MediaStorage, sessionId: string, itemUuid: string, photo: PrivatePhoto): Promise<BagPhoto> {
  const row = { id: randomUUID(), previewKey: privateMediaKey(), printKey: privateMediaKey() };
  await storage.put(row.previewKey, photo.preview.bytes, 'image/jpeg');
  await storage.put(row.printKey, photo.print.bytes, 'image/jpeg');
  const removeNew = () => Promise.all([storage.remove(row.previewKey), storage.remove(row.printKey)]);
  let replaced: { previewKey: string; printKey: string }[];
  let createdAt: Date;
  try {
    ({ replaced, createdAt } = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [line] = await queryRows<{ checkingOut: boolean }>(
        tx,
        sql`select c.checkout_order_id is not null as "checkingOut" from cart_items i join carts c on c.id = i.cart_id
            where i.id = ${itemUuid} and c.session_id = ${sessionId} for update of c`,
      );
      if (!line) throw noSuchLine();
      if (line.checkingOut) throw orderInProgress();
      const old = await queryRows<{ previewKey: string; printKey: string }>(
        tx,
        sql`delete from photo_art_uploads where cart_item_id = ${itemUuid} returning preview_key as "previewKey", print_key as "printKey"`,
      );
      const [inserted] = await queryRows<{ createdAt: string }>(
        tx,
        sql`insert into photo_art_uploads (id, session_id, cart_item_id, preview_key, print_key, width, height, print_bytes)
            values (${row.id}, ${sessionId}, ${itemUuid}, ${row.previewKey}, ${row.printKey}, ${photo.print.width}, ${photo.print.height}, ${photo.print.bytes.length})
            returning created_at as "createdAt"`,
      );
      return { replaced: old, createdAt: new Date(inserted!.createdAt) };
    }));
  } catch (error) {
    await removeNew();
    throw error;
  }
  await removeFiles(storage, replaced);
  return { itemUuid, width: photo.print.width, height: photo.print.height, uploadedAt: createdAt.toISOString() };
}

/** Removes the line's photo (the shopper will email it instead). A line without one is a 404. */
export async function removePhotoArtUpload(db: Db, storage: MediaStorage, sessionId: string, itemUuid: string): Promise<void> {
  await assertPhotoArtLine(db, sessionId, itemUuid);
  const removed = await queryRows<{ previewKey: string; printKey: string }>(
    db,
    sql`delete from photo_art_uploads where cart_item_id = ${itemUuid} and session_id = ${sessionId} returning preview_key as "previewKey", print_key as "printKey"`,
  );
  if (removed.length === 0) throw noPhoto();
  await removeFiles(storage, removed);
}

/** The preview of a bag line's photo, for the session that owns the line; undefined for anyone else. */
export async function readBagPhoto(db: Db, storage: MediaStorage, sessionId: string, itemUuid: string): Promise<StoredMedia | undefined> {
  const [row] = await queryRows<{ previewKey: string }>(
    db,
    sql`select u.preview_key as "previewKey" from photo_art_uploads u
        join cart_items i on i.id = u.cart_item_id join carts c on c.id = i.cart_id
        where u.cart_item_id = ${itemUuid} and c.session_id = ${sessionId} and u.session_id = ${sessionId}`,
  );
  return row ? storage.get(row.previewKey) : undefined;
}

/** An order line's photo for staff: the file and the name it is downloaded under. */
export async function readOrderLinePhoto(
  db: Db,
  storage: MediaStorage,
  orderId: string,
  lineNumber: number,
  size: 'print' | 'preview',
): Promise<{ file: StoredMedia; fileName: string }> {
  const [row] = await queryRows<{ number: string; previewKey: string; printKey: string }>(
    db,
    sql`select o.number, u.preview_key as "previewKey", u.print_key as "printKey"
        from orders o join order_lines l on l.order_id = o.id join photo_art_uploads u on u.order_line_id = l.id
        where o.id = ${orderId} and l.position = ${lineNumber - 1}`,
  );
  const file = row ? await storage.get(size === 'preview' ? row.previewKey : row.printKey) : undefined;
  if (!row || !file) throw notFound('This order line has no photo.');
  return { file, fileName: photoArtFileName(row.number, lineNumber, size) };
}

/**
 * Hands the bag lines' photos to the order lines checkout has just written (same transaction). An abandoned order's
 * lines are deleted and the photos fall back to their bag lines (order_line_id is set null); once the order is paid,
 * the bag is emptied and the photos stay with the order (cart_item_id is set null).
 */
export async function attachPhotoArtUploads(tx: Db, pairs: { cartItemId: string; orderLineId: string }[]): Promise<void> {
  if (pairs.length === 0) return;
  await queryRows(
    tx,
    sql`update photo_art_uploads u set order_line_id = p."orderLineId"
        from json_to_recordset(${JSON.stringify(pairs)}::json) as p("cartItemId" uuid, "orderLineId" uuid)
        where u.cart_item_id = p."cartItemId"`,
  );
}

/**
 * Removes the photos no order holds whose bag line is gone, or that waited 30 days in a bag: rows first (then no
 * one can ask for the files), then the files. Runs every few hours on every instance (plugins/photo-art-cleanup.ts);
 * two instances at once delete different rows. Returns how many were removed.
 */
export async function cleanUpPhotoArtUploads(db: Db, storage: MediaStorage, now: Date): Promise<number> {
  const removed = await queryRows<{ previewKey: string; printKey: string }>(
    db,
    sql`delete from photo_art_uploads
        where order_line_id is null and (cart_item_id is null or created_at < ${unorderedPhotoCutoff(now).toISOString()}::timestamptz)
        returning preview_key as "previewKey", print_key as "printKey"`,
  );
  await removeFiles(storage, removed);
  return removed.length;
}

async function removeFiles(storage: MediaStorage, rows: { previewKey: string; printKey: string }[]): Promise<void> {
  for (const row of rows) await Promise.all([storage.remove(row.previewKey), storage.remove(row.printKey)]);
}
