import { parseListingPath } from '@charms/domain/catalog-paths';

/**
 * A category listing's URL after its category was renamed: the same path with the new slug in the category's place
 * (the last segment of /categories/{metal?}/{slug} and /products/category/{metal?}/{slug}) and the same query.
 * Null when the path is no category listing.
 */
export function movedCategoryHref(url: URL, newSlug: string): string | null {
  const route = parseListingPath(url.pathname);
  if (route?.kind !== 'category') return null;
  const segments = url.pathname.replace(/\/+$/, '').split('/');
  segments[segments.length - 1] = encodeURIComponent(newSlug);
  return `${segments.join('/')}${url.search}`;
}

/** The category slug a listing path names, or null (to ask the API whether it is an old one). */
export function categorySlugOf(pathname: string): string | null {
  const route = parseListingPath(pathname);
  return route?.kind === 'category' && route.categorySlug !== '' ? route.categorySlug : null;
}
