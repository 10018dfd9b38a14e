import { describe, expect, it } from 'vitest';
import { bodyOf, formValuesFrom, shownValue } from './product-form';

function formOf(entries: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe('the product form', () => {
  it('sends what was typed: a metal with a price is offered, its box marks it sold out, an empty price is not offered', () => {
    const values = formValuesFrom(
      formOf([
        ['name', 'Heart Tag'],
        ['kind', 'charm'],
        ['primaryCategoryId', '10'],
        ['categoryIds', '10'],
        ['categoryIds', '1'],
        ['price.sterling-silver', '42.50'],
        ['price.14k-gold', '310'],
        ['soldOut.14k-gold', 'on'],
        ['price.gold-plate', ''],
        ['engravingFonts', 'block'],
        ['engravingMaxChars', '12'],
        ['returnable', 'on'],
      ]),
    );
    expect(bodyOf(values)).toMatchObject({
      name: 'Heart Tag',
      categoryIds: [10, 1],
      primaryCategoryId: 10,
      prices: [
        { metal: 'sterling-silver', price: '42.50', available: true },
        { metal: '14k-gold', price: '310', available: false },
      ],
      engravingFonts: ['block'],
      engravingMaxChars: '12',
      sizes: [],
      isPhotoArt: false,
      returnable: true,
    });
  });

  it('shows prices in the trail in dollars, by metal name', () => {
    expect(shownValue('prices', { '14k-gold': { priceCents: 31000, available: false } })).toBe('14k Gold $310.00 (sold out)');
    expect(shownValue('categoryIds', [])).toBe('none');
    expect(shownValue('returnable', false)).toBe('no');
  });
});
