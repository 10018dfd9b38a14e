import type { Money, ProductSummary } from '@charms/contracts/catalog';
import type { DataLayerEvent } from '@charms/contracts/envelope';
import { productCategorySegment, productPath } from '@charms/domain/catalog-paths';
import type { Metal } from '@charms/domain/metals';
import { formatCents } from '@charms/domain/money';

/** Turns catalog rows into what the storefront shows: money, paths, image URLs, GA4 items. */

export function money(cents: number): Money {
  return { cents, display: formatCents(cents) };
}

/** Product pictures are drawn in code: /api/images/charms/{shape}[-{label}]/{metal}.svg */
export function imageUrl(shape: string, metalSlug: string): string {
  const [name, label] = shape.split(':');
  const shapeSegment = label ? `${name}-${encodeURIComponent(label)}` : name;
  return `/api/images/charms/${shapeSegment}/${metalSlug}.svg`;
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
    imageUrl: imageUrl(row.shape, metal.slug),
    metalId: metal.id,
    price: row.priceCents === null ? null : money(row.priceCents),
    available: row.priceCents !== null,
    isPhotoArt: row.isPhotoArt,
    engravable: row.engravingMaxChars !== null,
  };
}

/** A GA4 item; prices in dollars as GA4 expects. */
export function ga4Item(summary: ProductSummary, metal: Metal, index: number, listName?: string) {
  return {
    item_id: String(summary.id),
    item_name: summary.name,
    item_brand: 'Rembrandt',
    item_variant: metal.name,
    index,
    ...(listName ? { item_list_name: listName } : {}),
    ...(summary.price ? { price: summary.price.cents / 100 } : {}),
  };
}

export function listEvent(kind: 'search' | 'list', listName: string, items: ProductSummary[], metal: Metal, searchTerm: string | null): DataLayerEvent {
  const ecommerce = { item_list_name: listName, items: items.map((item, index) => ga4Item(item, metal, index, listName)) };
  return kind === 'search'
    ? { event: 'view_search_results', search_term: searchTerm ?? '', ecommerce }
    : { event: 'view_item_list', ecommerce: { item_list_id: listName.toLowerCase().replace(/[^a-z0-9]+/g, '_'), ...ecommerce } };
}
