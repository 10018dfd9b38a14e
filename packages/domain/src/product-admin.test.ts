import { describe, expect, it } from 'vitest';
import { type ProductDraft, checkProductDraft, isValidSlug, slugFromName } from './product-admin';

const charm: ProductDraft = {
  name: 'Silver Heart Charm',
  slug: '',
  description: 'A small heart.',
  brand: 'Rembrandt',
  kind: 'charm',
  categoryIds: [3, 7],
  primaryCategoryId: 3,
  prices: [
    { metal: 'sterling-silver', price: '39.95', available: true },
    { metal: '14k-gold', price: '$1,250', available: false },
  ],
  engravingMaxChars: null,
  engravingFonts: [],
  sizes: [],
  clasp: '',
  leadTimeMinDays: null,
  leadTimeMaxDays: null,
  isPhotoArt: false,
  returnable: true,
  seoTitle: '',
  seoDescription: '',
};

const errorsOf = (draft: Partial<ProductDraft>) => {
  const result = checkProductDraft({ ...charm, ...draft });
  return result.ok ? {} : result.errors;
};

describe('checkProductDraft', () => {
  it('answers the product ready to store: cents, metal ids, a slug from the name', () => {
    const result = checkProductDraft(charm);
    expect(result).toMatchObject({
      ok: true,
      product: {
        slug: 'silver-heart-charm',
        clasp: null,
        prices: [
          { metalId: 40, metalSlug: 'sterling-silver', priceCents: 3995, available: true },
          { metalId: 10, metalSlug: '14k-gold', priceCents: 125000, available: false },
        ],
      },
    });
  });

  it('keys price mistakes by metal, each with its own message', () => {
    const errors = errorsOf({
      prices: [
        { metal: 'sterling-silver', price: '0', available: true },
        { metal: '14k-gold', price: '-3', available: true },
        { metal: '10k-gold', price: '12.505', available: true },
        { metal: 'gold-plate', price: 'abc', available: true },
        { metal: 'platinum', price: '10', available: true },
      ],
    });
    expect(errors).toEqual({
      'prices.sterling-silver': 'must be more than $0.00',
      'prices.14k-gold': 'must not be negative',
      'prices.10k-gold': 'must have at most two decimals (whole cents), such as 12.50',
      'prices.gold-plate': 'must be an amount in dollars, such as 12.50',
      'prices.platinum': expect.stringContaining('is not a metal we sell (platinum)'),
    });
  });

  it('needs a metal, and one price per metal', () => {
    expect(errorsOf({ prices: [] })).toEqual({ prices: 'must offer at least one metal with a price' });
    expect(
      errorsOf({
        prices: [
          { metal: 'sterling-silver', price: '1', available: true },
          { metal: 'sterling-silver', price: '2', available: true },
        ],
      }),
    ).toEqual({ 'prices.sterling-silver': 'is given twice: one price per metal' });
  });

  it('says every mistake at once, by field', () => {
    const errors = errorsOf({ name: '', description: '', kind: 'ring', categoryIds: [], primaryCategoryId: null });
    expect(Object.keys(errors).sort()).toEqual(['categoryIds', 'description', 'kind', 'name', 'primaryCategoryId']);
  });

  it('wants the primary category among the categories', () => {
    expect(errorsOf({ primaryCategoryId: 9 })).toEqual({ primaryCategoryId: 'must be one of the product’s categories' });
  });

  it('checks engraving: known fonts, and a maximum with fonts', () => {
    expect(errorsOf({ engravingMaxChars: 12, engravingFonts: ['block', 'script'] })).toEqual({});
    expect(errorsOf({ engravingMaxChars: 12, engravingFonts: ['comic-sans'] }).engravingFonts).toContain('comic-sans');
    expect(errorsOf({ engravingMaxChars: 12, engravingFonts: [] }).engravingFonts).toBe('needs at least one font when the product is engravable');
    expect(errorsOf({ engravingMaxChars: null, engravingFonts: ['block'] }).engravingMaxChars).toContain('is required');
    expect(errorsOf({ engravingMaxChars: 0, engravingFonts: ['block'] }).engravingMaxChars).toContain('from 1 to 60');
  });

  it('gives bracelets lengths and a clasp, and charms neither', () => {
    const bracelet = { kind: 'bracelet', sizes: [7.5, 7], clasp: 'Lobster' };
    const result = checkProductDraft({ ...charm, ...bracelet });
    expect(result.ok && result.product.sizes).toEqual([7, 7.5]);
    expect(errorsOf({ kind: 'bracelet', sizes: [] }).sizes).toBe('a bracelet needs at least one length');
    expect(errorsOf({ kind: 'bracelet', sizes: [7, 12] }).sizes).toContain('(12)');
    expect(errorsOf({ sizes: [7] }).sizes).toBe('only bracelets have lengths');
    expect(errorsOf({ clasp: 'Lobster' }).clasp).toBe('only bracelets have a clasp');
  });

  it('checks the lead time: both or neither, minimum at most the maximum', () => {
    expect(errorsOf({ leadTimeMinDays: 3, leadTimeMaxDays: 5 })).toEqual({});
    expect(errorsOf({ leadTimeMinDays: 6, leadTimeMaxDays: 5 })).toEqual({ leadTimeMaxDays: 'must be at least the minimum' });
    expect(errorsOf({ leadTimeMinDays: 3 }).leadTimeMaxDays).toContain('is required');
    expect(errorsOf({ leadTimeMinDays: 0, leadTimeMaxDays: 2.5 })).toMatchObject({
      leadTimeMinDays: expect.stringContaining('whole number'),
      leadTimeMaxDays: expect.stringContaining('whole number'),
    });
  });

  it('checks a typed slug, and limits the length of text', () => {
    expect(errorsOf({ slug: 'Heart Charm' }).slug).toContain('lower-case');
    expect(errorsOf({ slug: 'heart--charm' }).slug).toContain('lower-case');
    expect(errorsOf({ name: '!!!' }).slug).toContain('no letters or digits');
    expect(errorsOf({ name: 'x'.repeat(121) }).name).toBe('must be at most 120 characters');
    expect(errorsOf({ seoTitle: 'x'.repeat(71) }).seoTitle).toBe('must be at most 70 characters');
  });
});

describe('slugs', () => {
  it('makes a slug from a name', () => {
    expect(slugFromName('Heart Locket (14k)')).toBe('heart-locket-14k');
    expect(slugFromName('  Café Crème  ')).toBe('cafe-creme');
    expect(slugFromName('<script>alert(1)</script>')).toBe('script-alert-1-script');
    expect(slugFromName(`${'a'.repeat(79)} b`)).toBe('a'.repeat(79));
  });

  it('takes lower-case words joined by single hyphens', () => {
    expect(['heart', 'heart-charm-2', 'a1'].every(isValidSlug)).toBe(true);
    expect(['', '-heart', 'heart-', 'Heart', 'heart_charm', 'a'.repeat(81)].some(isValidSlug)).toBe(false);
  });
});
