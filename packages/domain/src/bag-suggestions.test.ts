import { describe, expect, it } from 'vitest';
import { type BagProduct, pickSuggestions, suggestionSources } from './bag-suggestions';

const charm = (productId: number, categoryId: number): BagProduct => ({ productId, categoryId, isBracelet: false });
const bracelet = (productId: number): BagProduct => ({ productId, categoryId: 1, isBracelet: true });
const candidate = (id: number, unitsSold: number) => ({ id, unitsSold });

describe('suggestionSources', () => {
  it('asks for the best-selling charms of the whole catalog when the bag has no products', () => {
    expect(suggestionSources([])).toEqual({ bracelet: false, categories: 'all' });
  });

  it('asks for a bracelet when the bag has charms and no bracelet, and for the charms of each category once', () => {
    expect(suggestionSources([charm(1, 7), charm(2, 7), charm(3, 9)])).toEqual({ bracelet: true, categories: [7, 9] });
  });

  it('asks for no bracelet when the bag holds one', () => {
    expect(suggestionSources([charm(1, 7), bracelet(2)]).bracelet).toBe(false);
  });
});

describe('pickSuggestions', () => {
  it('puts the bracelet first, then the best-selling charms, four in all', () => {
    const picked = pickSuggestions([charm(1, 7)], {
      bracelet: candidate(50, 3),
      charms: [candidate(10, 5), candidate(11, 90), candidate(12, 40), candidate(13, 60), candidate(14, 1)],
    });
    expect(picked.map((product) => product.id)).toEqual([50, 11, 13, 12]);
  });

  it('never suggests a product already in the bag, and each product once across categories', () => {
    const picked = pickSuggestions([charm(10, 7), charm(11, 9)], {
      charms: [candidate(10, 99), candidate(12, 50), candidate(11, 80), candidate(12, 50), candidate(13, 20)],
    });
    expect(picked.map((product) => product.id)).toEqual([12, 13]);
  });

  it('breaks ties in sales by product id, so the list is stable', () => {
    const picked = pickSuggestions([], { charms: [candidate(9, 5), candidate(3, 5), candidate(7, 5)] });
    expect(picked.map((product) => product.id)).toEqual([3, 7, 9]);
  });
});
