import { listEvent } from '@charms/api/services/catalog-presenters';
import type { ProductSummary } from '@charms/contracts/catalog';
import { findMetalById } from '@charms/domain/metals';
import { describe, expect, it } from 'vitest';
import { withListItems, withoutListItems } from './list-items';
import { toProductCard } from './product-grid';

const summary = (id: number, name: string, cents: number | null): ProductSummary => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\W+/g, '-'),
  path: `/products/dog-charms/gold-plate/${id}`,
  imageUrl: `/api/images/products/v1/${id}.svg`,
  photo: null,
  metalId: 30,
  price: cents === null ? null : { cents, display: `$${(cents / 100).toFixed(2)}` },
  available: cents !== null,
  isPhotoArt: false,
  engravable: id % 2 === 0,
});

const products = [summary(1467, 'Airedale Terrier Charm', 4795), summary(1454, 'Akita Charm', null), summary(1461, 'Australian Cattle Dog Charm', 4995)];
const goldPlate = findMetalById(30)!;

describe("a listing's list event in the page's data", () => {
  it('travels without its items and gets exactly the API’s items back from the cards the page shows', () => {
    for (const event of [listEvent('list', 'Dog Charms', products, goldPlate, null), listEvent('search', 'Search results for “dog”', products, goldPlate, 'dog')]) {
      const travelling = withoutListItems([event]);
      expect(travelling).toEqual([{ ...event, ecommerce: { ...(event.ecommerce as object), items: [] } }]);
      expect(withListItems(travelling, products.map(toProductCard), goldPlate.name)).toEqual([event]);
    }
  });

  it('leaves other events as they are', () => {
    const others = [{ event: 'view_item', ecommerce: { currency: 'USD', items: [{ item_id: '1' }] } }, { event: 'sign_up' }];
    expect(withoutListItems(others)).toEqual(others);
    expect(withListItems(others, [], goldPlate.name)).toEqual(others);
  });
});
