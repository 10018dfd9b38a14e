import type { AdminPhoto, ProductPhotos, UpdatePhoto } from '@charms/contracts/product-photos';
import { findMetalById, findMetalBySlug } from '@charms/domain/metals';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type ProductPhotoRow, categories, productPhotos, productPrices, products, staffAccounts } from '../db/schema';
import { HttpError, invalidFields, notFound } from '../http-error';
import type { ProcessedImage } from '../media/image-variants';
import type { MediaStorage } from '../media/media-storage';
import { changeView, changesOf, recordChange } from '../staff/admin-audit';
import type { Actor } from '../staff/audit';
import { pathOf } from './catalog-presenters';
import { presentPhoto } from './photo-presenters';

/**
 * Staff's photos of a product. Every change is one transaction with its audit entry (entity `photo`, id the
 * product's: the trail of the product's photos); the table's trigger tells every instance to drop its catalog cache.
 */
type StaffActor = Actor & { id: string };

/** A product may hold this many photos: a page of thumbnails, and a bound on what one product can take. */
export const MAX_PHOTOS_PER_PRODUCT = 24;

const noProduct = (id: number) => notFound(`There is no product ${id}.`);
const noPhoto = (productId: number, photoId: number) => notFound(`Product ${productId} has no photo ${photoId}.`);

/** The fields the trail compares: what staff set. */
const audited = (row: Pick<ProductPhotoRow, 'id' | 'alt' | 'metalId' | 'position'>) => ({
  photo: row.id,
  alt: row.alt,
  metal: row.metalId === null ? null : (findMetalById(row.metalId)?.slug ?? row.metalId),
  position: row.position + 1,
});

async function productOf(db: Db, id: number) {
  const [product] = await db
    .select({ id: products.id, name: products.name, slug: products.slug, kind: products.kind, brand: products.brand, sizes: products.sizes, primaryCategorySlug: categories.urlFriendlyName })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.primaryCategoryId))
    .where(eq(products.id, id));
  if (!product) throw noProduct(id);
  const offered = await db.select({ metalId: productPrices.metalId }).from(productPrices).where(eq(productPrices.productId, id));
  const metals = offered.flatMap(({ metalId }) => findMetalById(metalId) ?? []).sort((a, b) => a.id - b.id);
  return { product, metals };
}

/** A metal staff chose: one the product is offered in, or null for every metal. */
async function metalIdOf(db: Db, productId: number, slug: string | null): Promise<number | null> {
  const { metals } = await productOf(db, productId);
  if (slug === null) return null;
  const metal = findMetalBySlug(slug);
  if (!metal || !metals.some((offered) => offered.id === metal.id)) {
    throw invalidFields([{ field: 'metal', message: `must be one of the metals this product is offered in (${metals.map((m) => m.slug).join(', ')}), or empty for every metal` }]);
  }
  return metal.id;
}

export async function listProductPhotos(db: Db, productId: number): Promise<ProductPhotos> {
  const { product, metals } = await productOf(db, productId);
  const rows = await db
    .select({ photo: productPhotos, createdBy: staffAccounts.name })
    .from(productPhotos)
    .leftJoin(staffAccounts, eq(staffAccounts.id, productPhotos.createdBy))
    .where(eq(productPhotos.productId, productId))
    .orderBy(asc(productPhotos.position), asc(productPhotos.id));
  const photos: AdminPhoto[] = rows.map(({ photo, createdBy }) => ({
    ...presentPhoto(photo, product.name),
    alt: photo.alt,
    position: photo.position,
    createdAt: photo.createdAt.toISOString(),
    createdBy,
  }));
  const history = await changesOf(db, 'photo', productId, 50);
  return {
    product: { id: product.id, name: product.name, path: metals[0] ? pathOf(product, metals[0]) : '' },
    metals: metals.map(({ slug, name }) => ({ slug, name })),
    photos,
    history: history.map(changeView),
  };
}

/** 404 for a product that does not exist: an upload checks this before reading its files. */
export async function assertProductExists(db: Db, productId: number): Promise<void> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!row) throw noProduct(productId);
}

/** One lock per product's photos: two uploads at once get positions one after the other. */
const lockPhotos = (tx: Db, productId: number) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('product_photos'), ${productId})`);

const inTransaction = <T>(db: Db, work: (tx: Db) => Promise<T>) => db.transaction(async (tx) => work(tx as unknown as Db));

/**
 * Adds processed photos after the product's others. The metal is checked before any file is stored; the files are
 * stored before the rows are written, so a row never names a missing file.
 */
export async function addPhotos(db: Db, storage: MediaStorage, actor: StaffActor, productId: number, images: ProcessedImage[], fields: { alt: string; metal: string | null }): Promise<number[]> {
  const metalId = await metalIdOf(db, productId, fields.metal);
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(productPhotos).where(eq(productPhotos.productId, productId))) as [{ count: number }];
  if (count + images.length > MAX_PHOTOS_PER_PRODUCT) throw tooMany(count);
  for (const image of images) for (const variant of image.variants) await storage.put(variant.key, variant.bytes, variant.contentType);
  return inTransaction(db, async (tx) => {
    await lockPhotos(tx, productId);
    const [{ count: now, last }] = (await tx
      .select({ count: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${productPhotos.position}), -1)::int` })
      .from(productPhotos)
      .where(eq(productPhotos.productId, productId))) as [{ count: number; last: number }];
    if (now + images.length > MAX_PHOTOS_PER_PRODUCT) throw tooMany(now);
    const ids: number[] = [];
    for (const [index, image] of images.entries()) {
      const [row] = await tx
        .insert(productPhotos)
        .values({
          productId,
          position: last + 1 + index,
          alt: fields.alt,
          metalId,
          width: image.width,
          height: image.height,
          variants: image.variants.map(({ format, width, height, key, bytes }) => ({ format, width, height, key, bytes: bytes.length })),
          createdBy: actor.id,
        })
        .returning();
      await recordChange(tx, { actor, entityType: 'photo', entityId: productId, action: 'added', after: audited(row!) });
      ids.push(row!.id);
    }
    return ids;
  });
}

const tooMany = (count: number) =>
  new HttpError(409, 'TOO_MANY_PHOTOS', `A product holds at most ${MAX_PHOTOS_PER_PRODUCT} photos; this one has ${count}. Remove some before adding more.`);

async function photoFor(tx: Db, productId: number, photoId: number, lock: boolean) {
  const query = tx.select().from(productPhotos).where(sql`${productPhotos.id} = ${photoId} and ${productPhotos.productId} = ${productId}`);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) {
    await productOf(tx, productId); // 404 for the product first, if it is the product that is missing
    throw noPhoto(productId, photoId);
  }
  return row;
}

export async function updatePhoto(db: Db, actor: StaffActor, productId: number, photoId: number, body: UpdatePhoto): Promise<void> {
  const metalId = await metalIdOf(db, productId, body.metal);
  await inTransaction(db, async (tx) => {
    const before = await photoFor(tx, productId, photoId, true);
    const [after] = await tx.update(productPhotos).set({ alt: body.alt, metalId }).where(eq(productPhotos.id, photoId)).returning();
    await recordChange(tx, { actor, entityType: 'photo', entityId: productId, action: 'updated', before: audited(before), after: audited(after!) });
  });
}

/** Puts the product's photos in the order given, which must name each of them once. */
export async function reorderPhotos(db: Db, actor: StaffActor, productId: number, photoIds: number[]): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockPhotos(tx, productId);
    await productOf(tx, productId);
    const rows = await tx.select().from(productPhotos).where(eq(productPhotos.productId, productId)).orderBy(asc(productPhotos.position), asc(productPhotos.id));
    const current = rows.map((row) => row.id);
    if (photoIds.length !== current.length || new Set(photoIds).size !== photoIds.length || !photoIds.every((id) => current.includes(id))) {
      throw invalidFields([{ field: 'photoIds', message: `must name each of this product's photos once (${current.join(', ') || 'it has none'})` }]);
    }
    for (const [position, id] of photoIds.entries()) await tx.update(productPhotos).set({ position }).where(eq(productPhotos.id, id));
    if (photoIds.join() !== current.join()) {
      await recordChange(tx, { actor, entityType: 'photo', entityId: productId, action: 'reordered', before: { order: current }, after: { order: photoIds } });
    }
  });
}

/** Removes a photo; the others close up. Its files stay in storage (content-addressed; see product_photos). */
export async function removePhoto(db: Db, actor: StaffActor, productId: number, photoId: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockPhotos(tx, productId);
    const before = await photoFor(tx, productId, photoId, true);
    await tx.delete(productPhotos).where(eq(productPhotos.id, photoId));
    await tx.execute(sql`
      update product_photos set position = numbered.position
      from (select id, (row_number() over (order by position, id) - 1)::smallint as position from product_photos where product_id = ${productId}) numbered
      where product_photos.id = numbered.id and product_photos.position <> numbered.position`);
    await recordChange(tx, { actor, entityType: 'photo', entityId: productId, action: 'removed', before: audited(before) });
  });
}
