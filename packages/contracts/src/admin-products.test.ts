import { describe, expect, it } from 'vitest';
import { saveProductBodySchema } from './admin-products';

const body = {
  name: 'Heart <script>alert(1)</script>',
  description: 'A heart.',
  kind: 'charm',
  categoryIds: [1],
  primaryCategoryId: 1,
  prices: [{ metal: 'sterling-silver', price: '12.50' }],
};

const issuesOf = (input: unknown) => {
  const result = saveProductBodySchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('saveProductBodySchema', () => {
  it('answers the product as the domain checked it, the name kept as typed', () => {
    expect(saveProductBodySchema.parse(body)).toMatchObject({
      name: 'Heart <script>alert(1)</script>',
      slug: 'heart-script-alert-1-script',
      brand: 'Rembrandt',
      prices: [{ metalId: 40, priceCents: 1250, available: true }],
    });
  });

  it('puts each rule broken under its field, a price under its metal', () => {
    expect(issuesOf({ ...body, prices: [{ metal: '14k-gold', price: '0' }], leadTimeMinDays: 'soon', leadTimeMaxDays: '3' })).toEqual([
      ['prices.14k-gold', 'must be more than $0.00'],
      ['leadTimeMinDays', 'must be a whole number of business days from 1 to 60'],
    ]);
  });

  it('refuses fields it does not know and values of the wrong type', () => {
    expect(issuesOf({ ...body, colour: 'red' }).map(([path]) => path)).toEqual(['']);
    expect(issuesOf({ ...body, categoryIds: 'one' })).toEqual([['categoryIds', 'must be a list of category ids']]);
  });
});
