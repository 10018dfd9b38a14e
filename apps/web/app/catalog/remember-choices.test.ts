import { describe, expect, it } from 'vitest';
import { choiceLink, isChosenNavigation, withoutChoiceMarker } from './remember-choices';

describe('the shopper choosing a metal or length on a product page', () => {
  it('is marked in the address before hydration and in the navigation state after', () => {
    const path = '/products/heart-charms/14k-gold/heart-key-charm/1838';
    expect(choiceLink(path, false)).toEqual({ to: `${path}?chosen=1` });
    const hydrated = choiceLink(path, true);
    expect(hydrated.to).toBe(path);
    expect(isChosenNavigation(hydrated.state)).toBe(true);
    expect(isChosenNavigation(null)).toBe(false);
  });

  it('leaves an address with the marker for the same address without it, other parameters kept', () => {
    expect(withoutChoiceMarker(new URL('http://shop.test/products/a/b?chosen=1'))).toBe('/products/a/b');
    expect(withoutChoiceMarker(new URL('http://shop.test/products/a/b?x=2&chosen=1'))).toBe('/products/a/b?x=2');
    expect(withoutChoiceMarker(new URL('http://shop.test/products/a/b?x=2'))).toBeNull();
  });
});
