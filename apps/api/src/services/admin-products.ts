import type { SaveProduct } from '@charms/contracts/admin-products';
import { findMetalById } from '@charms/domain/metals';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type ProductRow, categories, productCategories, productPrices, products } from '../db/schema';
import { HttpError, invalidFields } from '../http-error';
import { recordChange } from '../staff/admin-audit';
import type { Actor } from '../staff/audit';
import { noProduct } from './admin-product-read';

/**
 * Staff keep the catalog: create, edit, retire and restore products (never delete: placed orders name them, and
 * each order line keeps its own name and price, so nothing here changes an order). Every change is recorded in the
 * admin trail in the same transaction. The catalog listings follow through the triggers of the catalog tables, and
 * those tables' NOTIFY catalog_changed drops every instance's catalog cache.
 */
type StaffActor = Actor & { id: string };

/**
 * One lock for every save that sets a slug (the admin's and a CSV import's), so two saves of one slug make one. It is
 * also the lock every write to products and their prices takes: the triggers that keep the whole catalog's offers and
 * counts take it themselves (migration 0025), so those writes run one transaction at a time.
 */
export const lockProductSlugs = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('product-slugs'))`);

export async function assertSlugFree(tx: Db, slug: string, exceptId?: number) {
  const [other] = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(sql`lower(${products.slug}) = ${slug.toLowerCase()}${exceptId === undefined ? sql`` : sql` and ${products.id} <> ${exceptId}`}`);
  if (other) {
    throw new HttpError(409, 'PRODUCT_SLUG_TAKEN', `The slug ${slug} is already used by product ${other.id} (${other.name}). Choose another slug.`, [
      { field: 'slug', message: `is already used by product ${other.id} (${other.name})` },
    ]);
  }
}

async function assertCategoriesExist(tx: Db, ids: number[]) {
  const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  const missing = ids.filter((id) => !found.some((row) => row.id === id));
  if (missing.length > 0) throw invalidFields([{ field: 'categoryIds', message: `has categories that do not exist (${missing.join(', ')})` }]);
}

/** The drawing a new product's generated picture starts from: its category's most common, until photos replace it. */
async function shapeFor(tx: Db, body: SaveProduct): Promise<string> {
  if (body.kind === 'bracelet') return 'bracelet';
  const [row] = await tx
    .select({ shape: products.shape })
    .from(products)
    .where(and(eq(products.primaryCategoryId, body.primaryCategoryId), eq(products.kind, 'charm')))
    .groupBy(products.shape)
    .orderBy(sql`count(*) desc`, products.shape)
    .limit(1);
  return row?.shape ?? 'heart';
}

const columnsOf = (body: SaveProduct) => ({
  name: body.name,
  slug: body.slug,
  description: body.description,
  brand: body.brand,
  kind: body.kind,
  primaryCategoryId: body.primaryCategoryId,
  sizes: body.sizes,
  clasp: body.clasp,
  engravingMaxChars: body.engravingMaxChars,
  engravingFonts: body.engravingFonts,
  isPhotoArt: body.isPhotoArt,
  leadTimeMinDays: body.leadTimeMinDays,
  leadTimeMaxDays: body.leadTimeMaxDays,
  returnable: body.returnable,
  seoTitle: body.seoTitle,
  seoDescription: body.seoDescription,
});

type Prices = { metalId: number; priceCents: number; available: boolean }[];

const TRAIL_COLUMNS = Object.keys(columnsOf({} as SaveProduct)) as (keyof ReturnType<typeof columnsOf>)[];

/** The fields staff set, as the trail compares and shows them (prices by metal, in cents). */
const editable = (row: ProductRow, categoryIds: number[], prices: Prices) => ({
  ...Object.fromEntries(TRAIL_COLUMNS.map((column) => [column, row[column]])),
  categoryIds: [...categoryIds].sort((a, b) => a - b),
  prices: Object.fromEntries(
    [...prices]
      .sort((a, b) => a.metalId - b.metalId)
      .map((price) => [findMetalById(price.metalId)?.slug ?? String(price.metalId), { priceCents: price.priceCents, available: price.available }]),
  ),
});

async function savedState(tx: Db, id: number) {
  const [row] = await tx.select().from(products).where(eq(products.id, id));
  const inCategories = await tx.select({ id: productCategories.categoryId }).from(productCategories).where(eq(productCategories.productId, id));
  const prices = await tx.select().from(productPrices).where(eq(productPrices.productId, id));
  return row ? editable(row, inCategories.map((category) => category.id), prices) : undefined;
}

/** Makes the product's categories and prices what the body says, touching only the rows that change. */
async function writeLinks(tx: Db, id: number, body: SaveProduct) {
  await tx.delete(productCategories).where(and(eq(productCategories.productId, id), notInArray(productCategories.categoryId, body.categoryIds)));
  await tx
    .insert(productCategories)
    .values(body.categoryIds.map((categoryId) => ({ productId: id, categoryId })))
    .onConflictDoNothing();
  const metalIds = body.prices.map((price) => price.metalId);
  await tx.delete(productPrices).where(and(eq(productPrices.productId, id), notInArray(productPrices.metalId, metalIds)));
  await tx
    .insert(productPrices)
    .values(body.prices.map((price) => ({ productId: id, metalId: price.metalId, priceCents: price.priceCents, available: price.available })))
    .onConflictDoUpdate({
      target: [productPrices.productId, productPrices.metalId],
      set: { priceCents: sql`excluded.price_cents`, available: sql`excluded.available` },
      setWhere: sql`(${productPrices.priceCents}, ${productPrices.available}) is distinct from (excluded.price_cents, excluded.available)`,
    });
}

const inTransaction = <T>(db: Db, work: (tx: Db) => Promise<T>) => db.transaction(async (tx) => work(tx as unknown as Db));

export async function createProduct(db: Db, actor: StaffActor, body: SaveProduct): Promise<number> {
  return inTransaction(db, async (tx) => {
    await lockProductSlugs(tx);
    await assertSlugFree(tx, body.slug);
    await assertCategoriesExist(tx, body.categoryIds);
    const [row] = await tx
      .insert(products)
      .values({ ...columnsOf(body), shape: await shapeFor(tx, body) })
      .returning({ id: products.id });
    await writeLinks(tx, row!.id, body);
    await recordChange(tx, { actor, entityType: 'product', entityId: row!.id, action: 'created', after: await savedState(tx, row!.id) });
    return row!.id;
  });
}

/** Replaces what staff set; units sold, the creation date and placed orders stay as they are. */
export async function updateProduct(db: Db, actor: StaffActor, id: number, body: SaveProduct): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockProductSlugs(tx);
    const [locked] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
    if (!locked) throw noProduct(id);
    await assertSlugFree(tx, body.slug, id);
    await assertCategoriesExist(tx, body.categoryIds);
    const before = await savedState(tx, id);
    await tx.update(products).set(columnsOf(body)).where(eq(products.id, id));
    await writeLinks(tx, id, body);
    await recordChange(tx, { actor, entityType: 'product', entityId: id, action: 'updated', before, after: await savedState(tx, id) });
  });
}

/** Retires a product (off the storefront, out of reach of new bags and checkouts), or puts it back on sale. */
export async function setRetired(db: Db, actor: StaffActor, id: number, retire: boolean, now: Date): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [before] = await tx.select({ retiredAt: products.retiredAt, name: products.name }).from(products).where(eq(products.id, id)).for('update');
    if (!before) throw noProduct(id);
    if (retire && before.retiredAt) throw new HttpError(409, 'PRODUCT_RETIRED', `${before.name} is already retired.`);
    if (!retire && !before.retiredAt) throw new HttpError(409, 'PRODUCT_ON_SALE', `${before.name} is on sale: there is nothing to restore.`);
    const retiredAt = retire ? now : null;
    await tx.update(products).set({ retiredAt }).where(eq(products.id, id));
    await recordChange(tx, { actor, entityType: 'product', entityId: id, action: retire ? 'retired' : 'restored', before: { retiredAt: before.retiredAt }, after: { retiredAt } });
  });
}
