import { findMetalById } from '@charms/domain/metals';
import type { ProductFields, ProductKind } from '@charms/domain/product-admin';
import { asc, getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { categories, productCategories, productPrices, products } from '../db/schema';

/**
 * Products as the CSV sees them: what staff set (ProductFields) and whether each is retired, read in three queries
 * whatever the number of products (their rows, their categories, their prices), for the import to compare a file
 * against and for the export to write.
 */
export interface StoredProduct {
  id: number;
  fields: ProductFields;
  retired: boolean;
}

const { id, slug, name, description, brand, kind, primaryCategoryId, sizes, clasp, engravingMaxChars, engravingFonts, isPhotoArt, leadTimeMinDays, leadTimeMaxDays, returnable, seoTitle, seoDescription, retiredAt } =
  getTableColumns(products);
const STAFF_COLUMNS = { id, slug, name, description, brand, kind, primaryCategoryId, sizes, clasp, engravingMaxChars, engravingFonts, isPhotoArt, leadTimeMinDays, leadTimeMaxDays, returnable, seoTitle, seoDescription, retiredAt };

/** The products with these ids (every product when `ids` is undefined), by id. */
export async function loadStoredProducts(db: Db, ids?: readonly number[]): Promise<Map<number, StoredProduct>> {
  if (ids?.length === 0) return new Map();
  // A few ids go as one JSON parameter; for many (a file of thousands) reading every product is quicker than
  // looking each one up, and the ones not asked for are dropped below.
  const few = ids !== undefined && ids.length <= 500;
  const only = (column: AnyPgColumn) => (few ? sql`${column} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)` : undefined);
  const [rows, links, prices] = await Promise.all([
    db.select(STAFF_COLUMNS).from(products).where(only(products.id)).orderBy(asc(products.id)),
    db.select().from(productCategories).where(only(productCategories.productId)).orderBy(asc(productCategories.categoryId)),
    db.select().from(productPrices).where(only(productPrices.productId)).orderBy(asc(productPrices.metalId)),
  ]);
  const stored = new Map<number, StoredProduct>();
  const wanted = ids === undefined || few ? undefined : new Set(ids);
  for (const row of rows) {
    if (wanted && !wanted.has(row.id)) continue;
    const { id: productId, retiredAt: retired, ...fields } = row;
    stored.set(productId, { id: productId, retired: retired !== null, fields: { ...fields, kind: fields.kind as ProductKind, categoryIds: [], prices: [] } });
  }
  for (const link of links) stored.get(link.productId)?.fields.categoryIds.push(link.categoryId);
  for (const price of prices) {
    stored.get(price.productId)?.fields.prices.push({ metalId: price.metalId as ProductFields['prices'][number]['metalId'], metalSlug: findMetalById(price.metalId)?.slug ?? String(price.metalId), priceCents: price.priceCents as ProductFields['prices'][number]['priceCents'], available: price.available });
  }
  return stored;
}

/** Every category's slug (its address's name, which the CSV uses) by id. */
export async function loadCategorySlugs(db: Db): Promise<Map<number, string>> {
  const rows = await db.select({ id: categories.id, slug: categories.urlFriendlyName }).from(categories);
  return new Map(rows.map((row) => [row.id, row.slug]));
}

/** Every product's slug (lower-cased) with its id and name, for a file's slugs to be checked against the catalog. */
export async function loadSlugOwners(db: Db): Promise<Map<string, { id: number; name: string }>> {
  const rows = await db.select({ id: products.id, name: products.name, slug: sql<string>`lower(${products.slug})` }).from(products);
  return new Map(rows.map((row) => [row.slug, { id: row.id, name: row.name }]));
}
