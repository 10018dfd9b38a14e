import type { ProductDetail } from '@charms/contracts/catalog';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JsonLd, breadcrumbJsonLd, productJsonLd, serializeJsonLd } from './json-ld';

const metal = (id: number, slug: string, name: string) => ({ id, slug, name });
const product = {
  id: 42,
  name: 'Heart </script><b>Charm</b>',
  slug: 'heart-charm',
  description: 'A heart & more',
  brand: 'Rembrandt',
  kind: 'charm',
  path: '/products/heart-charms/sterling-silver/heart-charm/42',
  images: [{ url: '/api/images/charms/heart/sterling-silver.svg', alt: 'Heart', width: 480, height: 480 }],
  photos: [],
  categories: [{ categoryName: 'Heart Charms', urlFriendlyName: 'Heart-Charms' }],
  metal: metal(40, 'sterling-silver', 'Sterling Silver'),
  price: { cents: 3995, display: '$39.95' },
  available: true,
  offers: [
    { metal: metal(40, 'sterling-silver', 'Sterling Silver'), price: { cents: 3995, display: '$39.95' }, available: true, path: '/products/heart-charms/sterling-silver/heart-charm/42' },
    { metal: metal(10, '14k-gold', '14k Gold'), price: null, available: false, path: '/products/heart-charms/14k-gold/heart-charm/42' },
  ],
  sizes: [],
  braceletSize: null,
  clasp: null,
  engraving: null,
  isPhotoArt: false,
  leadTime: null,
  returnable: true,
  estimatedShipDate: '2026-11-24',
  breadcrumbs: [
    { name: 'Home', path: '/' },
    { name: 'Heart Charms', path: '/products/category/sterling-silver/Heart-Charms' },
  ],
  related: [],
} satisfies ProductDetail;

describe('product structured data', () => {
  it('has one Offer per metal the product is made in, with absolute URLs and decimal prices', () => {
    const data = productJsonLd(product, 'https://shop.example/');
    expect(data).toMatchObject({
      '@type': 'Product',
      sku: '42',
      brand: { '@type': 'Brand', name: 'Rembrandt' },
      image: ['https://shop.example/api/images/charms/heart/sterling-silver.svg'],
    });
    expect(data.offers).toEqual([
      expect.objectContaining({
        price: '39.95',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: 'https://shop.example/products/heart-charms/sterling-silver/heart-charm/42',
      }),
    ]);
    expect(productJsonLd({ ...product, leadTime: { minDays: 7, maxDays: 10 } }, 'https://shop.example').offers[0]?.availability).toBe(
      'https://schema.org/MadeToOrder',
    );
  });

  it('numbers the breadcrumbs from 1', () => {
    expect(breadcrumbJsonLd(product.breadcrumbs, 'https://shop.example').itemListElement[1]).toEqual({
      '@type': 'ListItem',
      position: 2,
      name: 'Heart Charms',
      item: 'https://shop.example/products/category/sterling-silver/Heart-Charms',
    });
  });

  it('cannot end its script element early, and stays valid JSON', () => {
    const text = serializeJsonLd(productJsonLd(product, 'https://shop.example'));
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text).name).toBe('Heart </script><b>Charm</b>');
    const { container } = render(<JsonLd data={{ name: '</script><script>alert(1)</script>' }} />);
    expect(container.querySelectorAll('script')).toHaveLength(1);
    expect(JSON.parse(container.querySelector('script')!.textContent!)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
