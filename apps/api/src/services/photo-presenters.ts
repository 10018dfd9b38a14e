import type { Photo } from '@charms/contracts/product-photos';
import { PHOTO_FORMATS } from '@charms/contracts/product-photos';
import { findMetalById } from '@charms/domain/metals';
import type { ProductSummary } from '@charms/contracts/catalog';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import type { ProductPhotoRow } from '../db/schema';

/** Where the shop serves a stored variant (routes/media.ts); the key is the file's hash, so the URL never changes meaning. */
export const mediaUrl = (key: string) => `/api/media/${key}`;

const FORMAT_ORDER = new Map(PHOTO_FORMATS.map((format, index) => [format, index]));

/** A photo as pages show it; staff's alt text, else the product's name (a photo always says something). */
export function presentPhoto(row: Pick<ProductPhotoRow, 'id' | 'alt' | 'width' | 'height' | 'metalId' | 'variants'>, productName: string): Photo {
  const sources = [...row.variants]
    .sort((a, b) => FORMAT_ORDER.get(a.format)! - FORMAT_ORDER.get(b.format)! || a.width - b.width)
    .map((variant) => ({ format: variant.format, url: mediaUrl(variant.key), width: variant.width, height: variant.height }));
  return {
    id: row.id,
    alt: row.alt || productName,
    width: row.width,
    height: row.height,
    metal: row.metalId === null ? null : (findMetalById(row.metalId)?.slug ?? null),
    sources,
  };
}

/** The photos a shopper sees for a metal, in order: those tagged with it and the untagged ones. */
export function photosForMetal<T extends { metalId: number | null }>(rows: readonly T[], metalId: number): T[] {
  return rows.filter((row) => row.metalId === null || row.metalId === metalId);
}

/** The photo a listing shows for a metal: the first one tagged with that metal, else the first untagged one. */
export function listingPhoto<T extends { metalId: number | null }>(rows: readonly T[], metalId: number): T | undefined {
  return rows.find((row) => row.metalId === metalId) ?? rows.find((row) => row.metalId === null);
}

/** What a page shows of a stored photo (presentPhoto), and whose it is. */
export type ShownPhotoRow = Pick<ProductPhotoRow, 'id' | 'productId' | 'alt' | 'width' | 'height' | 'metalId' | 'variants'>;

/**
 * Each product's photos, in order, in one query. The ids go as one array parameter, so the text is the same for
 * every listing and runs as a prepared statement: with drizzle's `inArray`, 48 ids were 48 parameters whose building
 * were an eighth of an uncached search's API time, and a new statement for PostgreSQL to parse and plan each time.
 */
export async function photosOfProducts(db: Db, productIds: readonly number[]): Promise<Map<number, ShownPhotoRow[]>> {
  const byProduct = new Map<number, ShownPhotoRow[]>();
  if (productIds.length === 0) return byProduct;
  const ids = [...new Set(productIds)];
  const rows = await queryRows<ShownPhotoRow>(
    db,
    sql`select id, product_id as "productId", alt, width, height, metal_id as "metalId", variants
      from product_photos where product_id = any(${sql.param(ids)}::int[]) order by product_id, position, id`,
    { prepared: true },
  );
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return byProduct;
}

/** Listings, related products, suggestions: each summary with its listing photo for the summary's metal. */
export async function withListingPhotos(db: Db, summaries: ProductSummary[]): Promise<ProductSummary[]> {
  const photos = await photosOfProducts(db, summaries.map((summary) => summary.id));
  return summaries.map((summary) => {
    const row = listingPhoto(photos.get(summary.id) ?? [], summary.metalId);
    return row ? { ...summary, photo: presentPhoto(row, summary.name) } : summary;
  });
}
