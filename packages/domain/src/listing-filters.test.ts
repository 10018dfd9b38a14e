import { describe, expect, it } from 'vitest';
import { isProductKind, priceRangeProblem, readPriceBound } from './listing-filters';

describe('a price bound', () => {
  it('reads whole dollars, cents, a dollar sign and thousands', () => {
    expect(readPriceBound('25')).toEqual({ cents: 2500 });
    expect(readPriceBound(' 19.99 ')).toEqual({ cents: 1999 });
    expect(readPriceBound('$1,250.5')).toEqual({ cents: 125050 });
    expect(readPriceBound('0')).toEqual({ cents: 0 });
  });

  it('refuses words, negative amounts, fractions of a cent and amounts nothing costs', () => {
    expect(readPriceBound('abc')).toEqual({ problem: 'must be an amount in dollars, such as 25 or 19.99' });
    expect(readPriceBound('-5')).toEqual({ problem: 'must not be negative' });
    expect(readPriceBound('1.999')).toHaveProperty('problem');
    expect(readPriceBound('1e5')).toHaveProperty('problem');
    expect(readPriceBound('100001')).toEqual({ problem: 'must be at most $100,000.00' });
    expect(readPriceBound('99999999999999999999999')).toHaveProperty('problem');
  });
});

describe('a price range', () => {
  it('is fine open at either end or with equal bounds, and refused inverted', () => {
    expect(priceRangeProblem(undefined, 500)).toBeNull();
    expect(priceRangeProblem(500, undefined)).toBeNull();
    expect(priceRangeProblem(500, 500)).toBeNull();
    expect(priceRangeProblem(5000, 2000)).toBe('must be at least the lowest price ($50.00)');
  });
});

describe('a product kind', () => {
  it('is one of the five the listings offer', () => {
    expect(isProductKind('photoart')).toBe(true);
    expect(isProductKind('made-to-order')).toBe(true);
    expect(isProductKind('necklace')).toBe(false);
    expect(isProductKind(null)).toBe(false);
  });
});
