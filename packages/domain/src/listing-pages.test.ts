import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_MATCHES_PAGED, lastSearchPage, listingPages, pageCount, searchPageLength } from './listing-pages';

describe('listing pages', () => {
  it('counts at least one page, and a last page for what is left over', () => {
    expect(pageCount(0, 48)).toBe(1);
    expect(pageCount(48, 48)).toBe(1);
    expect(pageCount(49, 48)).toBe(2);
    expect(pageCount(100_000, 48)).toBe(2_084);
  });

  it('pages a listing to its end, and a search through its first 1,000 matches', () => {
    expect(listingPages(0, 48, false)).toEqual({ totalPages: 1, limited: false });
    expect(listingPages(97, 48, false)).toEqual({ totalPages: 3, limited: false });
    expect(listingPages(100_000, 48, false)).toEqual({ totalPages: 2_084, limited: false });
    expect(listingPages(0, 48, true)).toEqual({ totalPages: 1, limited: false });
    expect(listingPages(1_000, 48, true)).toEqual({ totalPages: 21, limited: false });
    expect(listingPages(1_001, 48, true)).toEqual({ totalPages: 21, limited: true });
    expect(listingPages(100_000, 96, true)).toEqual({ totalPages: 11, limited: true });
    expect(listingPages(100_000, 1, true)).toEqual({ totalPages: MAX_SEARCH_MATCHES_PAGED, limited: true });
    expect(lastSearchPage(48)).toBe(21);
    expect(lastSearchPage(96)).toBe(11);
    expect(lastSearchPage(40)).toBe(25);
  });

  it("ends a search's last page at its 1,000th match", () => {
    expect(searchPageLength(1, 48)).toBe(48);
    expect(searchPageLength(20, 48)).toBe(48);
    expect(searchPageLength(21, 48)).toBe(40);
    expect(searchPageLength(11, 96)).toBe(40);
    expect(searchPageLength(25, 40)).toBe(40);
    expect(searchPageLength(22, 48)).toBe(0);
  });
});
