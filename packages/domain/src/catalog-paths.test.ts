import { describe, expect, it } from 'vitest';
import { parseListingPath, parseProductPath, productCategorySegment, productPath } from './catalog-paths';

describe('parseListingPath', () => {
  it('reads category listings with and without a metal', () => {
    expect(parseListingPath('/products/category/14k-gold/Dog-Charms')).toEqual({ kind: 'category', metalSlug: '14k-gold', categorySlug: 'Dog-Charms' });
    expect(parseListingPath('/products/category/Dog-Charms')).toEqual({ kind: 'category', metalSlug: null, categorySlug: 'Dog-Charms' });
    expect(parseListingPath('/categories/sterling-silver/charm-tags')).toEqual({ kind: 'category', metalSlug: 'sterling-silver', categorySlug: 'charm-tags' });
    expect(parseListingPath('/categories/Cat-Charms?page=2')).toEqual({ kind: 'category', metalSlug: null, categorySlug: 'Cat-Charms' });
  });

  it('reads search listings from the path or from ?q=, decoding the term', () => {
    expect(parseListingPath('/products/search/heart')).toEqual({ kind: 'search', metalSlug: null, term: 'heart' });
    expect(parseListingPath('/products/search/14k-gold/heart')).toEqual({ kind: 'search', metalSlug: '14k-gold', term: 'heart' });
    expect(parseListingPath('/products/search/14k%20heart')).toEqual({ kind: 'search', metalSlug: null, term: '14k heart' });
    expect(parseListingPath('/products/search?q=dog+bone')).toEqual({ kind: 'search', metalSlug: null, term: 'dog bone' });
    expect(parseListingPath('/products/search/sterling-silver')).toEqual({ kind: 'search', metalSlug: null, term: 'sterling-silver' });
  });

  it('knows the curated collection pages', () => {
    expect(parseListingPath('/girl-charm-bracelets')).toEqual({ kind: 'collection', collection: 'girls-bracelets' });
  });

  it('knows the whole catalog, in the shopper’s metal or one named in the path', () => {
    expect(parseListingPath('/products')).toEqual({ kind: 'all', metalSlug: null });
    expect(parseListingPath('/products/14k-gold?kind=charm')).toEqual({ kind: 'all', metalSlug: '14k-gold' });
  });

  it('returns null for anything else, including broken escapes', () => {
    for (const path of ['/', '/faq', '/products/category', '/products/category/a/b/c', '/products/search/%E0%A4%A']) {
      expect(parseListingPath(path)).toBeNull();
    }
  });
});

describe('product paths', () => {
  it('builds the spec shape, with the length for bracelets', () => {
    expect(productPath({ categorySegment: 'rembrandt-bracelets', metalSlug: 'sterling-silver', sizeInches: 7, slug: 'girls-princess-charm-bracelet', id: 2301 })).toBe(
      '/products/rembrandt-bracelets/sterling-silver/7-inch/girls-princess-charm-bracelet/2301',
    );
    expect(productPath({ categorySegment: 'dog-charms', metalSlug: '14k-gold', slug: 'beagle-charm', id: 1100 })).toBe('/products/dog-charms/14k-gold/beagle-charm/1100');
    expect(productCategorySegment('bracelet', 'Rembrandt', 'Charm-Bracelets')).toBe('rembrandt-bracelets');
    expect(productCategorySegment('charm', 'Rembrandt', 'Love-and-Marriage-Charms')).toBe('love-and-marriage-charms');
  });

  it('reads the id, metal, size and slug back', () => {
    expect(parseProductPath('/products/rembrandt-bracelets/sterling-silver/7.5-inch/classic-link-charm-bracelet/2290')).toEqual({
      id: 2290,
      metalSlug: 'sterling-silver',
      sizeInches: 7.5,
      slug: 'classic-link-charm-bracelet',
    });
    expect(parseProductPath('/products/dog-charms/14k-gold/beagle-charm/1100?x=1')).toMatchObject({ id: 1100, metalSlug: '14k-gold', sizeInches: null });
    expect(parseProductPath('/products/anything/1100')).toEqual({ id: 1100, metalSlug: null, sizeInches: null, slug: 'anything' });
  });

  it('returns null without a numeric id at the end', () => {
    for (const path of ['/products/dog-charms/beagle', '/faq/12', '/products/x/99999999999', '/products/x/12abc']) {
      expect(parseProductPath(path)).toBeNull();
    }
  });
});
