import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../reference-data';
import { createRandom, generateCatalog } from './generate';

const names = new Map(CATEGORIES.map(([name, slug]) => [slug, name]));

describe('generateCatalog', () => {
  it('gives the same catalog every time (fixed seed)', () => {
    const a = generateCatalog('standard', names);
    const b = generateCatalog('standard', names);
    expect(a.map((product) => [product.id, product.name, product.prices])).toEqual(b.map((product) => [product.id, product.name, product.prices]));
    expect(createRandom(1).next()).toBe(createRandom(1).next());
  });

  it('makes unique slugs and ids, every product priced in sterling silver, only in known categories', () => {
    const catalog = generateCatalog('standard', names);
    expect(new Set(catalog.map((product) => product.id)).size).toBe(catalog.length);
    expect(new Set(catalog.map((product) => product.slug)).size).toBe(catalog.length);
    for (const product of catalog) {
      expect(product.prices[40]).toBeGreaterThan(0);
      for (const slug of product.categories) expect(names.has(slug), slug).toBe(true);
    }
  });

  it('makes exactly 100,000 products in the large mode', () => {
    expect(generateCatalog('large', names)).toHaveLength(100_000);
  });
});
