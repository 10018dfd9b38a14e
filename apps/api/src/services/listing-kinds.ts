import type { ProductKind } from '@charms/domain/listing-filters';

/**
 * The kinds of product as bits of catalog_listings.kinds (and catalog_offers.kinds, search_postings.kinds):
 * product_listing_kinds() in migration 0015 sets them (1 charm, 2 bracelet, 4 engravable: engraving_max_chars > 0,
 * 8 PhotoArt, 16 made to order: a lead time), so counts are read from a read model without touching products.
 */
export const KIND_BITS: Record<ProductKind, number> = { charm: 1, bracelet: 2, engravable: 4, photoart: 8, 'made-to-order': 16 };
