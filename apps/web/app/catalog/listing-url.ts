import { type ProductKind, isProductKind, priceRangeProblem, readPriceBound } from '@charms/domain/listing-filters';
import { PRODUCT_ORDERS, type BraceletSize, type ProductOrder, isBraceletSize } from '@charms/domain/session-options';

/**
 * How a listing's state lives in its URL (docs/catalog-pages.md):
 *   metal    a path segment, the spec's shape: /products/category/14k-gold/Dog-Charms, /products/search/14k-gold/heart
 *   ?orderBy one of Name, PriceLowHigh, PriceHighLow, Newest, BestSelling (and Relevance on searches)
 *   ?size    bracelet length in inches (6 to 9 by halves): the length bracelet links open in
 *   ?page    2 and up; page 1 has no parameter
 *   ?kind    charm, bracelet, engravable, photoart or made-to-order
 *   ?minPrice, ?maxPrice  a price range in dollars in the listing's metal
 * Anything absent comes from the shopper's prefs (metal, size, and sort on category pages).
 */
export const LISTING_ORDERS = [...PRODUCT_ORDERS, 'Relevance'] as const;
export type ListingOrderChoice = (typeof LISTING_ORDERS)[number];

export interface ListingChoices {
  orderBy?: ListingOrderChoice;
  size?: BraceletSize;
  page?: number;
  kind?: ProductKind;
  /** Price bounds as typed (dollars), when they read as amounts: the API reads them again. */
  minPrice?: string;
  maxPrice?: string;
}

/** What is wrong with the price range typed, per field, to show beside the filters (the listing shows unfiltered by it). */
export type PriceProblems = Partial<Record<'minPrice' | 'maxPrice', string>>;

export const FILTER_PARAMS = ['kind', 'minPrice', 'maxPrice'] as const;

/**
 * The parameters of a listing URL that were valid, and whether anything had to be dropped (then redirect).
 * Empty parameters (a GET form's untouched fields) and unknown kinds are dropped; a price the shopper typed wrong
 * is kept in the address and reported, so the form can show it beside its message.
 */
export function readListingChoices(params: URLSearchParams): { choices: ListingChoices; cleaned: URLSearchParams | null; priceProblems: PriceProblems } {
  const choices: ListingChoices = {};
  const priceProblems: PriceProblems = {};
  const cleaned = new URLSearchParams(params);
  let dropped = false;
  const drop = (name: string) => {
    cleaned.delete(name);
    dropped = true;
  };

  const orderBy = params.get('orderBy');
  if (orderBy !== null) {
    if ((LISTING_ORDERS as readonly string[]).includes(orderBy)) choices.orderBy = orderBy as ListingOrderChoice;
    else drop('orderBy');
  }
  const size = params.get('size');
  if (size !== null) {
    const inches = Number(size);
    if (size !== '' && isBraceletSize(inches)) choices.size = inches;
    else drop('size');
  }
  const page = params.get('page');
  if (page !== null) {
    // Page 1 is the listing's own address; anything that is not a whole number above 1 goes there too.
    if (/^\d{1,6}$/.test(page) && Number(page) > 1) choices.page = Number(page);
    else drop('page');
  }
  const kind = params.get('kind');
  if (kind !== null) {
    if (isProductKind(kind)) choices.kind = kind;
    else drop('kind');
  }
  const cents: Partial<Record<'minPrice' | 'maxPrice', number>> = {};
  for (const name of ['minPrice', 'maxPrice'] as const) {
    const text = params.get(name);
    if (text === null) continue;
    if (text.trim() === '') {
      drop(name);
      continue;
    }
    const bound = readPriceBound(text);
    if ('problem' in bound) priceProblems[name] = bound.problem;
    else cents[name] = bound.cents;
  }
  const inverted = priceRangeProblem(cents.minPrice, cents.maxPrice);
  if (inverted) priceProblems.maxPrice = inverted;
  else {
    if (cents.minPrice !== undefined) choices.minPrice = params.get('minPrice')!.trim();
    if (cents.maxPrice !== undefined) choices.maxPrice = params.get('maxPrice')!.trim();
  }
  return { choices, cleaned: dropped ? cleaned : null, priceProblems };
}

/** Whether the address narrows the listing (then it is a variant for shoppers, not a page for search engines). */
export function hasFilters(params: URLSearchParams): boolean {
  return FILTER_PARAMS.some((name) => params.has(name));
}

export function isProductOrder(value: string | undefined): value is ProductOrder {
  return value !== undefined && (PRODUCT_ORDERS as readonly string[]).includes(value);
}

/** `pathname?query` with some parameters replaced (undefined removes one); page 1 never appears. */
export function listingHref(pathname: string, current: URLSearchParams, changes: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined || (name === 'page' && Number(value) <= 1)) params.delete(name);
    else params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The listing path in another metal: the metal becomes (or replaces) the segment before the category slug or
 * search term. `base` says which page family the shopper is on.
 */
export function listingPathInMetal(
  listing: { kind: 'category' | 'search' | 'collection' | 'all'; category: { urlFriendlyName: string } | null; searchTerm: string | null },
  base: '/products/category' | '/categories' | '/products/search',
  metalSlug: string,
): string | null {
  if (listing.kind === 'all') return `/products/${metalSlug}`;
  if (listing.kind === 'category' && listing.category) return `${base}/${metalSlug}/${listing.category.urlFriendlyName}`;
  if (listing.kind === 'search' && listing.searchTerm?.trim()) return `/products/search/${metalSlug}/${encodeURIComponent(listing.searchTerm.trim())}`;
  return null;
}

export function listingBase(pathname: string): '/products/category' | '/categories' | '/products/search' {
  if (pathname.startsWith('/categories')) return '/categories';
  if (pathname.startsWith('/products/search')) return '/products/search';
  return '/products/category';
}

/** Search terms longer than this are cut (the API reads the first 100 characters). */
export const MAX_SEARCH_CHARACTERS = 100;

/** The search page for some words, optionally in a metal; null for blank words. */
export function searchHref(words: string, metalSlug?: string | null): string | null {
  const term = [...words.trim().replace(/\s+/g, ' ')].slice(0, MAX_SEARCH_CHARACTERS).join('').trim();
  if (!term) return null;
  return `/products/search/${metalSlug ? `${metalSlug}/` : ''}${encodeURIComponent(term)}`;
}

/** Page numbers to link to around the current one, with null for a gap: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(page: number, totalPages: number, around = 2): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let candidate = 1; candidate <= totalPages; candidate++) {
    const near = Math.abs(candidate - page) <= around;
    if (candidate === 1 || candidate === totalPages || near) pages.push(candidate);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return pages;
}
