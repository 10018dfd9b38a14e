import { describe, expect, it } from 'vitest';
import { categorySlugOf, movedCategoryHref } from './moved-category';

describe('movedCategoryHref', () => {
  it('puts the new slug in the category’s place in every category URL form, keeping the metal and the query', () => {
    const moved = (href: string) => movedCategoryHref(new URL(href, 'https://shop.example'), 'Dog-and-Puppy-Charms');
    expect(moved('/categories/Dog-Charms')).toBe('/categories/Dog-and-Puppy-Charms');
    expect(moved('/categories/14k-gold/dog-charms?page=2&kind=charm')).toBe('/categories/14k-gold/Dog-and-Puppy-Charms?page=2&kind=charm');
    expect(moved('/products/category/Dog-Charms/')).toBe('/products/category/Dog-and-Puppy-Charms');
    expect(moved('/products/category/sterling-silver/Dog-Charms?orderBy=Price')).toBe('/products/category/sterling-silver/Dog-and-Puppy-Charms?orderBy=Price');
  });

  it('leaves other pages alone', () => {
    expect(movedCategoryHref(new URL('https://shop.example/products/search/dog'), 'X')).toBeNull();
    expect(movedCategoryHref(new URL('https://shop.example/products'), 'X')).toBeNull();
  });
});

describe('categorySlugOf', () => {
  it('reads the slug of a category listing only', () => {
    expect(categorySlugOf('/categories/14k-gold/Dog-Charms')).toBe('Dog-Charms');
    expect(categorySlugOf('/products/category/Dog-Charms')).toBe('Dog-Charms');
    expect(categorySlugOf('/products/search/dog')).toBeNull();
  });
});
