import { describe, expect, it } from 'vitest';
import { ga4Item, ga4ListItems } from './ga4';

describe('GA4 items', () => {
  it('say the price in dollars, the metal as the variant, and the list and place when in a list', () => {
    expect(ga4Item({ id: 7, name: 'Heart Charm', price: { cents: 4795 } }, '14k Gold', 3, 'Heart Charms')).toEqual({
      item_id: '7',
      item_name: 'Heart Charm',
      item_brand: 'Rembrandt',
      item_variant: '14k Gold',
      index: 3,
      item_list_name: 'Heart Charms',
      price: 47.95,
    });
  });

  it('leave the price out for a product not offered in the metal, and the list out when there is none', () => {
    expect(ga4Item({ id: 7, name: 'Heart Charm', price: null }, 'Gold Plate', 0)).toEqual({ item_id: '7', item_name: 'Heart Charm', item_brand: 'Rembrandt', item_variant: 'Gold Plate', index: 0 });
  });

  it('number a list from 0 in its order', () => {
    const items = ga4ListItems([{ id: 2, name: 'B', price: null }, { id: 1, name: 'A', price: { cents: 100 } }], 'Sterling Silver', 'Dog Charms');
    expect(items.map((item) => [item.item_id, item.index, item.item_list_name])).toEqual([['2', 0, 'Dog Charms'], ['1', 1, 'Dog Charms']]);
  });
});
