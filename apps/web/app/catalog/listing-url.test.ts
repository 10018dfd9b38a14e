import { describe, expect, it } from 'vitest';
import { hasFilters, listingHref, listingPathInMetal, pageWindow, readListingChoices, searchHref } from './listing-url';

describe('listing URL choices', () => {
  it('reads a valid sort, bracelet length and page', () => {
    const { choices, cleaned } = readListingChoices(new URLSearchParams('orderBy=PriceLowHigh&size=7.5&page=3'));
    expect(choices).toEqual({ orderBy: 'PriceLowHigh', size: 7.5, page: 3 });
    expect(cleaned).toBeNull();
  });

  it('drops what is not valid, and page 1, so the loader can redirect to a clean address', () => {
    const { choices, cleaned } = readListingChoices(new URLSearchParams('orderBy=Cheapest&size=12&page=1&q=dog'));
    expect(choices).toEqual({});
    expect(cleaned?.toString()).toBe('q=dog');
    for (const page of ['0', '-2', 'abc', '1.5', '', '99999999']) {
      expect(readListingChoices(new URLSearchParams({ page })).choices.page, page).toBeUndefined();
    }
  });

  it('builds links that keep the other parameters and never write page=1', () => {
    const current = new URLSearchParams('orderBy=Newest&page=4');
    expect(listingHref('/products/category/Dog-Charms', current, { page: 5 })).toBe('/products/category/Dog-Charms?orderBy=Newest&page=5');
    expect(listingHref('/products/category/Dog-Charms', current, { page: 1 })).toBe('/products/category/Dog-Charms?orderBy=Newest');
    expect(listingHref('/x', new URLSearchParams(), { page: undefined })).toBe('/x');
  });

  it('puts the metal in the path, in the family of pages the shopper is on', () => {
    const category = { kind: 'category' as const, category: { urlFriendlyName: 'Dog-Charms' }, searchTerm: null };
    expect(listingPathInMetal(category, '/categories', '14k-gold')).toBe('/categories/14k-gold/Dog-Charms');
    expect(listingPathInMetal(category, '/products/category', 'gold-plate')).toBe('/products/category/gold-plate/Dog-Charms');
    const search = { kind: 'search' as const, category: null, searchTerm: 'heart & "love"' };
    expect(listingPathInMetal(search, '/products/search', '10k-gold')).toBe('/products/search/10k-gold/heart%20%26%20%22love%22');
    expect(listingPathInMetal({ kind: 'search', category: null, searchTerm: '  ' }, '/products/search', '10k-gold')).toBeNull();
  });

  it('makes search addresses from typed words: trimmed, encoded, at most 100 characters', () => {
    expect(searchHref('  dog   tag ')).toBe('/products/search/dog%20tag');
    expect(searchHref('a/b?c', '14k-gold')).toBe('/products/search/14k-gold/a%2Fb%3Fc');
    expect(searchHref('   ')).toBeNull();
    const long = searchHref('🐶'.repeat(500))!;
    expect(decodeURIComponent(long.replace('/products/search/', ''))).toBe('🐶'.repeat(100));
  });

  it('windows page links around the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 20)).toEqual([1, null, 4, 5, 6, 7, 8, null, 20]);
    expect(pageWindow(20, 20)).toEqual([1, null, 18, 19, 20]);
  });
});

describe('listing filters in the URL', () => {
  it('reads a kind and a price range, and knows the address is filtered', () => {
    const params = new URLSearchParams('kind=engravable&minPrice=20&maxPrice=%2475.50');
    const { choices, cleaned, priceProblems } = readListingChoices(params);
    expect(choices).toEqual({ kind: 'engravable', minPrice: '20', maxPrice: '$75.50' });
    expect(cleaned).toBeNull();
    expect(priceProblems).toEqual({});
    expect(hasFilters(params)).toBe(true);
    expect(hasFilters(new URLSearchParams('orderBy=Newest&page=2'))).toBe(false);
  });

  it('drops empty fields of the filter form and unknown kinds, so the address stays clean', () => {
    const { choices, cleaned } = readListingChoices(new URLSearchParams('kind=&minPrice=&maxPrice=30&orderBy=Name'));
    expect(choices).toEqual({ maxPrice: '30', orderBy: 'Name' });
    expect(cleaned?.toString()).toBe('maxPrice=30&orderBy=Name');
    expect(readListingChoices(new URLSearchParams('kind=necklace')).cleaned?.toString()).toBe('');
  });

  it('reports a price typed wrong, or an inverted range, instead of filtering by it', () => {
    expect(readListingChoices(new URLSearchParams('minPrice=abc')).priceProblems).toEqual({ minPrice: 'must be an amount in dollars, such as 25 or 19.99' });
    const inverted = readListingChoices(new URLSearchParams('minPrice=50&maxPrice=20'));
    expect(inverted.priceProblems).toEqual({ maxPrice: 'must be at least the lowest price ($50.00)' });
    expect(inverted.choices).toEqual({});
    expect(inverted.cleaned).toBeNull();
  });

  it('puts the metal after /products for the whole catalog', () => {
    expect(listingPathInMetal({ kind: 'all', category: null, searchTerm: null }, '/products/category', '10k-gold')).toBe('/products/10k-gold');
  });
});
