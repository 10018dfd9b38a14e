import type { ListingOrder } from '@charms/contracts/catalog';
import { type SQL, sql } from 'drizzle-orm';

/** The listings kept in index order: a category (catalog_listings) and the whole catalog (catalog_offers). */
export type ReadModel = 'category' | 'all';

/**
 * The sort keys of a category's read model (catalog_listings `l`) and of the whole catalog's (catalog_offers `o`),
 * in each order: column for column their indexes, so a page is read straight from an index. Products offered in the
 * metal come first (a category's `unavailable`; the whole catalog holds only offered products, sold-out ones among
 * the others), then the shopper's order, then the product's id so pages never overlap. Outside a search, relevance
 * is best selling. Each index ends with the columns a page shows (READ_MODEL's pageColumns), so a page not narrowed
 * is an index-only scan (migration 0029; the table is read only for rows changed since autovacuum last passed).
 * A one-word search walks the whole catalog's indexes too (search-postings.ts, offeredPage).
 */
const SORT_KEYS: Record<ReadModel, Record<ListingOrder, readonly string[]>> = {
  category: {
    Name: ['unavailable', 'name', 'product_id'],
    PriceLowHigh: ['unavailable', 'price_cents', 'name', 'product_id'],
    PriceHighLow: ['unavailable', 'price_cents desc nulls last', 'name', 'product_id'],
    Newest: ['unavailable', 'created_at desc nulls last', 'product_id'],
    BestSelling: ['unavailable', 'units_sold desc nulls last', 'product_id'],
    Relevance: ['unavailable', 'units_sold desc nulls last', 'product_id'],
  },
  // desc nulls last as the indexes are made; the columns hold no nulls.
  all: {
    Name: ['name', 'product_id'],
    PriceLowHigh: ['price_cents', 'name', 'product_id'],
    PriceHighLow: ['price_cents desc nulls last', 'name', 'product_id'],
    Newest: ['created_at desc nulls last', 'product_id'],
    BestSelling: ['units_sold desc nulls last', 'product_id'],
    Relevance: ['units_sold desc nulls last', 'product_id'],
  },
};

/** The read model's alias, and the columns a page shows from it beside its sort keys: the product, its price, whether it can be bought. */
export const READ_MODEL = {
  category: { alias: 'l', pageColumns: ['product_id', 'price_cents', 'unavailable'] },
  all: { alias: 'o', pageColumns: ['product_id', 'price_cents', 'available'] },
} as const;

/** The `order by` of a read model's order, on its alias. */
export function orderSql(order: ListingOrder, model: ReadModel): SQL {
  const { alias } = READ_MODEL[model];
  return sql.raw(SORT_KEYS[model][order].map((key) => `${alias}.${key}`).join(', '));
}

/** The columns a page reads from its read model in an order (all in that order's index): its sort keys' and those it shows, each once. */
export function pageColumns(order: ListingOrder, model: ReadModel): readonly string[] {
  return [...new Set([...SORT_KEYS[model][order].map((key) => key.split(' ')[0]!), ...READ_MODEL[model].pageColumns])];
}

/** pageColumns on the read model's alias, as a select list. */
export function pageColumnsSql(order: ListingOrder, model: ReadModel): SQL {
  const { alias } = READ_MODEL[model];
  return sql.raw(pageColumns(order, model).map((column) => `${alias}.${column}`).join(', '));
}

/**
 * The order of a search's or a collection's matches (matchedPageQuery's rows), after "for sale first": the read
 * models' orders on the matches' own columns, and by relevance a search's rank (a collection ranks every row 0, so it
 * shows its best sellers first, as a listing by relevance does).
 */
const MATCHED_SORT_KEYS: Record<ListingOrder, readonly string[]> = {
  Name: ['name', 'id'],
  PriceLowHigh: ['price_cents', 'name', 'id'],
  PriceHighLow: ['price_cents desc nulls last', 'name', 'id'],
  Newest: ['created_at desc', 'id'],
  BestSelling: ['units_sold desc', 'id'],
  Relevance: ['rank desc', 'units_sold desc', 'id'],
};

/** The leading keys of a matched order whose columns are among `columns` (a search's postings hold some, not the name or date). */
export function leadingMatchedKeys(order: ListingOrder, columns: readonly string[]): readonly string[] {
  const keys = MATCHED_SORT_KEYS[order];
  const first = keys.findIndex((key) => !columns.includes(key.split(' ')[0]!));
  return first === -1 ? keys : keys.slice(0, first);
}

/**
 * The `order by` of matches on `alias`: those that cannot be bought in the metal (not offered, or sold out) last,
 * then the order's keys (`keys`: all of them, or its leading ones).
 */
export function matchedOrderSql(order: ListingOrder, alias = 'l', keys: readonly string[] = MATCHED_SORT_KEYS[order]): SQL {
  return sql.raw([`(${alias}.price_cents is null or not ${alias}.available)`, ...keys.map((key) => `${alias}.${key}`)].join(', '));
}
