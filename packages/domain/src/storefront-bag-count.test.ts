import { describe, expect, it } from 'vitest';
import { countBagItems } from './storefront-bag-count';

const line = (quantity: number, extra: Partial<{ isAdditionalCharacters: boolean; isCharmAssembly: boolean }> = {}) => ({
  quantity,
  isAdditionalCharacters: false,
  isCharmAssembly: false,
  ...extra,
});

describe('countBagItems', () => {
  it('counts items by quantity', () => {
    expect(countBagItems([line(2), line(1)])).toBe(3);
  });

  it('leaves out additional-character and assembly lines', () => {
    expect(countBagItems([line(1), line(12, { isAdditionalCharacters: true }), line(1, { isCharmAssembly: true })])).toBe(1);
  });

  it('is 0 for an empty bag', () => {
    expect(countBagItems([])).toBe(0);
  });
});
