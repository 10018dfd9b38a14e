import type { Money, ProductSummary } from '@charms/contracts/catalog';
import type { DataLayerEvent } from '@charms/contracts/envelope';
import { productCategorySegment, productPath } from '@charms/domain/catalog-paths';
import type { Metal } from '@charms/domain/metals';
import { ga4ListItems } from '@charms/domain/ga4';
import { formatCents } from '@charms/domain/money';
import { chooseProductDesign, designKey } from '@charms/art/product-design';

/** Turns catalog rows into what the storefront shows: money, paths, image URLs, GA4 items. */

export function money(cents: number): Money {
  return { cents, display: formatCents(cents) };
}

/** What a product's picture is chosen from: its name, category and kind (see @charms/art/product-design). */
export interface PictureSubject {
  name: string;
  kind: 'charm' | 'bracelet';
  primaryCategorySlug: string;
  isPhotoArt: boolean | null;
}

/** Bump the version when the drawings change, so browsers fetch the new pictures (they are cached for a year). */
const PRODUCT_PICTURE_PATH = '/api/images/products/v1';
const designKeys = new Map<string, string>();

/**
 * Product pictures are drawn in code from the product's name: /api/images/products/v1/{design}/{metal}.svg, where
 * {design} names the drawing (products that look alike share it, and the browser's cache with it). Chosen at read
 * time, so a renamed or new product gets its picture at once; remembered per name (a bounded map).
 */
export function imageUrl(product: PictureSubject, metalSlug: string): string {
  const cacheKey = `${product.kind}|${product.primaryCategorySlug}|${product.isPhotoArt ? 1 : 0}|${product.name}`;
  let key = designKeys.get(cacheKey);
  if (key === undefined) {
    key = designKey(
      chooseProductDesign({ name: product.name, category: product.primaryCategorySlug, kind: product.kind, isPhotoArt: product.isPhotoArt === true }),
    );
    if (designKeys.size >= 20_000) designKeys.delete(designKeys.keys().next().value!);
    designKeys.set(cacheKey, key);
  }
  return `${PRODUCT_PICTURE_PATH}/${key}/${metalSlug}.svg`;
}

export interface SummaryRow {
  id: number;
  name: string;
  slug: string;
  kind: 'charm' | 'bracelet';
  brand: string;
  shape: string;
  sizes: number[];
  isPhotoArt: boolean;
  engravingMaxChars: number | null;
  primaryCategorySlug: string;
  priceCents: number | null;
  /** False while the metal is sold out (a price, but not for sale now); absent = available when priced. */
  available?: boolean | null;
}

/** The bracelet length a page shows: the one asked for when offered, else 7 inches, else the first offered. */
export function pickSize(sizes: readonly number[], wanted: number | undefined | null): number | null {
  if (sizes.length === 0) return null;
  if (wanted != null && sizes.includes(wanted)) return wanted;
  return sizes.includes(7) ? 7 : sizes[0]!;
}

export function pathOf(row: Pick<SummaryRow, 'kind' | 'brand' | 'primaryCategorySlug' | 'slug' | 'id' | 'sizes'>, metal: Metal, size?: number | null) {
  return productPath({
    categorySegment: productCategorySegment(row.kind, row.brand, row.primaryCategorySlug),
    metalSlug: metal.slug,
    sizeInches: row.kind === 'bracelet' ? pickSize(row.sizes, size) : null,
    slug: row.slug,
    id: row.id,
  });
}

export function toSummary(row: SummaryRow, metal: Metal, braceletSize?: number | null): ProductSummary {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    path: pathOf(row, metal, braceletSize),
    imageUrl: imageUrl(row, metal.slug),
    // Filled by withListingPhotos (photo-presenters.ts) where a page shows the summary.
    photo: null,
    metalId: metal.id,
    price: row.priceCents === null ? null : money(row.priceCents),
    available: row.priceCents !== null && row.available !== false,
    isPhotoArt: row.isPhotoArt,
    engravable: row.engravingMaxChars !== null,
  };
}

export function listEvent(kind: 'search' | 'list', listName: string, items: ProductSummary[], metal: Metal, searchTerm: string | null): DataLayerEvent {
  const ecommerce = { item_list_name: listName, items: ga4ListItems(items, metal.name, listName) };
  return kind === 'search'
    ? { event: 'view_search_results', search_term: searchTerm ?? '', ecommerce }
    : { event: 'view_item_list', ecommerce: { item_list_id: listName.toLowerCase().replace(/[^a-z0-9]+/g, '_'), ...ecommerce } };
}
