import { findMetalBySlug } from './metals';

/**
 * The storefront's catalog paths: which listing a path shows, and where a product's page lives.
 *   /products/category/{metal?}/{Category-Slug}   /categories/{metal?}/{Category-Slug}
 *   /products/search/{metal?}/{term}               /products/search?q={term}
 *   /girl-charm-bracelets                          (a curated collection)
 *   /products/{metal?}                             (the whole catalog)
 *   /products/{category}/{metal}/{size}-inch?/{slug}/{id}   (a product page)
 */
export type ListingRoute =
  | { kind: 'category'; metalSlug: string | null; categorySlug: string }
  | { kind: 'search'; metalSlug: string | null; term: string }
  | { kind: 'collection'; collection: string }
  | { kind: 'all'; metalSlug: string | null };

/** Storefront pages that list a curated collection rather than a category. */
export const COLLECTION_PATHS: Readonly<Record<string, string>> = { 'girl-charm-bracelets': 'girls-bracelets' };

function decodeSegments(path: string): string[] | null {
  try {
    return path
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => decodeURIComponent(segment.replaceAll('+', ' ')));
  } catch {
    return null;
  }
}

function splitPath(pathWithQuery: string): { segments: string[] | null; query: URLSearchParams } {
  const [path = '', query = ''] = pathWithQuery.split('#')[0]!.split('?', 2);
  return { segments: decodeSegments(path), query: new URLSearchParams(query) };
}

/** What listing a storefront path shows, or null when it is not a listing path. */
export function parseListingPath(pathWithQuery: string): ListingRoute | null {
  const { segments, query } = splitPath(pathWithQuery);
  if (!segments || segments.length === 0) return null;
  const [first, second, ...rest] = segments;

  if (segments.length === 1 && first && COLLECTION_PATHS[first.toLowerCase()]) {
    return { kind: 'collection', collection: COLLECTION_PATHS[first.toLowerCase()]! };
  }
  if (first === 'categories' && second !== undefined && rest.length <= 1) {
    return rest.length === 0
      ? { kind: 'category', metalSlug: null, categorySlug: second }
      : { kind: 'category', metalSlug: second, categorySlug: rest[0]! };
  }
  if (first !== 'products') return null;
  // /products/{metal}: any other single segment is a metal we do not sell (the catalog answers not found).
  if (second === undefined) return { kind: 'all', metalSlug: null };
  if (rest.length === 0 && second !== 'search' && second !== 'category') return { kind: 'all', metalSlug: second };
  if (second === 'category' && (rest.length === 1 || rest.length === 2)) {
    return rest.length === 1
      ? { kind: 'category', metalSlug: null, categorySlug: rest[0]! }
      : { kind: 'category', metalSlug: rest[0]!, categorySlug: rest[1]! };
  }
  if (second === 'search') {
    if (rest.length === 0) return { kind: 'search', metalSlug: null, term: query.get('q') ?? '' };
    if (rest.length > 1 && findMetalBySlug(rest[0]!)) return { kind: 'search', metalSlug: rest[0]!, term: rest.slice(1).join(' ') };
    return { kind: 'search', metalSlug: null, term: rest.join(' ') };
  }
  return null;
}

export interface ProductPathParts {
  categorySegment: string;
  metalSlug: string;
  sizeInches?: number | null;
  slug: string;
  id: number;
}

/** The path of a product's page in a metal (and, for bracelets, a length). */
export function productPath({ categorySegment, metalSlug, sizeInches, slug, id }: ProductPathParts): string {
  const size = sizeInches ? `/${sizeInches}-inch` : '';
  return `/products/${categorySegment}/${metalSlug}${size}/${slug}/${id}`;
}

/** The category segment of a product path: the primary category, or "{brand}-bracelets" for bracelets. */
export function productCategorySegment(kind: 'charm' | 'bracelet', brand: string, primaryCategorySlug: string): string {
  const segment = kind === 'bracelet' ? `${brand}-bracelets` : primaryCategorySlug;
  return segment.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

export interface ParsedProductPath {
  id: number;
  metalSlug: string | null;
  sizeInches: number | null;
  slug: string | null;
}

/** Reads a product page's path; the numeric id at its end is what identifies the product. */
export function parseProductPath(pathWithQuery: string): ParsedProductPath | null {
  const { segments } = splitPath(pathWithQuery);
  if (!segments || segments.length < 2 || segments[0] !== 'products') return null;
  const idText = segments.at(-1)!;
  if (!/^\d{1,9}$/.test(idText)) return null;
  const middle = segments.slice(1, -1);
  const metalSlug = middle.find((segment) => findMetalBySlug(segment)) ?? null;
  const sizeSegment = middle.find((segment) => /^\d{1,2}(\.\d)?-inch$/.test(segment));
  return {
    id: Number(idText),
    metalSlug: metalSlug?.toLowerCase() ?? null,
    sizeInches: sizeSegment ? Number(sizeSegment.replace('-inch', '')) : null,
    slug: middle.length > 0 ? middle.at(-1)! : null,
  };
}
