/** How a list is cut into pages: the storefront's listings and searches, and the admin's lists. */

/**
 * A search pages through its first 1,000 matches, in whatever order (decision 0051): its last page ends at the
 * 1,000th. Past them a shopper narrows the search instead (a word, a kind, a price range), as Algolia's default
 * (paginationLimitedTo: 1000) has it; a deeper page read every match before it.
 */
export const MAX_SEARCH_MATCHES_PAGED = 1_000;

/** The pages `totalCount` items fill at `pageSize` a page: at least 1 (an empty list still has its first page). */
export function pageCount(totalCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalCount / pageSize));
}

/**
 * A listing's pages, and which of its products a page shows. A listing pages to its end; a search through its first
 * MAX_SEARCH_MATCHES_PAGED matches, and is `limited` when it has more.
 */
export function listingPages(totalCount: number, pageSize: number, search: boolean): { totalPages: number; limited: boolean } {
  const limited = search && totalCount > MAX_SEARCH_MATCHES_PAGED;
  return { totalPages: pageCount(limited ? MAX_SEARCH_MATCHES_PAGED : totalCount, pageSize), limited };
}

/** The last page a search can have at `pageSize` a page (the one ending at its MAX_SEARCH_MATCHES_PAGED-th match). */
export function lastSearchPage(pageSize: number): number {
  return pageCount(MAX_SEARCH_MATCHES_PAGED, pageSize);
}

/** How many of a page's `pageSize` rows a search shows: the last page stops at the MAX_SEARCH_MATCHES_PAGED-th match. */
export function searchPageLength(page: number, pageSize: number): number {
  return Math.max(0, Math.min(pageSize, MAX_SEARCH_MATCHES_PAGED - (page - 1) * pageSize));
}
