import type { ProductSummary } from '@charms/contracts/catalog';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TileGrid } from '../components/tile-grid';
import { ProductGrid } from './product-grid';

const product = (id: number): ProductSummary => ({
  id,
  name: `Charm ${id}`,
  slug: `charm-${id}`,
  path: `/products/heart-charms/sterling-silver/charm-${id}/${id}`,
  imageUrl: `/api/images/products/v1/c.hearts.disc.plain.${id % 6}0/sterling-silver.svg`,
  photo: null,
  metalId: 40,
  price: { cents: 2995, display: '$29.95' },
  available: true,
  isPhotoArt: false,
  engravable: false,
});

function show(element: React.ReactElement) {
  // The pictures are decorative (alt=""): the product's name beside each says what it is.
  const { container } = render(<RouterProvider router={createMemoryRouter([{ path: '/', element }])} />);
  return [...container.querySelectorAll('img')];
}

describe('product pictures in grids', () => {
  it('reserve their space, load the first rows at once (the first with high priority) and the rest lazily', () => {
    const images = show(<ProductGrid products={Array.from({ length: 12 }, (_, i) => product(i + 1))} metalName="Sterling Silver" label="Products" />);
    expect(images).toHaveLength(12);
    for (const image of images) {
      expect(image.getAttribute('width')).toBe('480');
      expect(image.getAttribute('height')).toBe('480');
    }
    expect(images.map((image) => image.getAttribute('loading'))).toEqual([...Array(8).fill('eager'), ...Array(4).fill('lazy')]);
    expect(images.map((image) => image.getAttribute('fetchpriority'))).toEqual(['high', ...Array(11).fill(null)]);
  });

  it('show a product photo as a <picture> with AVIF, WebP and JPEG srcsets, its size, and the drawn picture for the others', () => {
    const key = (n: number, ext: string) => `/api/media/${String(n).repeat(64).slice(0, 64)}.${ext}`;
    const photo = {
      id: 7,
      alt: 'A heart charm on a wrist',
      width: 1600,
      height: 1200,
      metal: null,
      sources: (['avif', 'webp', 'jpeg'] as const).flatMap((format, f) => [320, 640, 1600].map((width, w) => ({ format, width, height: width * 0.75, url: key(f * 3 + w + 1, format === 'jpeg' ? 'jpg' : format) }))),
    };
    const { container } = render(
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <ProductGrid products={[{ ...product(1), photo }, product(2)]} metalName="Sterling Silver" label="Products" /> }])} />,
    );
    const sources = [...container.querySelectorAll('picture source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toBe(`${key(1, 'avif')} 320w, ${key(2, 'avif')} 640w, ${key(3, 'avif')} 1600w`);
    const [withPhoto, drawn] = [...container.querySelectorAll('img')];
    expect(withPhoto!.getAttribute('srcset')).toMatch(/\.jpg 320w, .*\.jpg 640w, .*\.jpg 1600w$/);
    expect(withPhoto!.getAttribute('sizes')).toContain('50vw');
    expect([withPhoto!.getAttribute('width'), withPhoto!.getAttribute('height')]).toEqual(['1600', '1200']);
    expect(drawn!.getAttribute('src')).toMatch(/\.svg$/);
  });

  it('give no picture high priority in a grid that starts below the fold', () => {
    const images = show(<ProductGrid products={[product(1), product(2)]} metalName="Sterling Silver" label="More like this" eager={0} />);
    expect(images.map((image) => [image.getAttribute('loading'), image.getAttribute('fetchpriority')])).toEqual([['lazy', null], ['lazy', null]]);
  });

  it('do the same in tile grids', () => {
    const tiles = Array.from({ length: 8 }, (_, i) => ({ name: `Tile ${i}`, href: `/t/${i}`, imageUrl: `/art/tile/${i}.svg` }));
    const images = show(<TileGrid tiles={tiles} label="Tiles" />);
    expect(images.map((image) => image.getAttribute('fetchpriority'))).toEqual(['high', ...Array(7).fill(null)]);
    expect(images.map((image) => image.getAttribute('loading'))).toEqual([...Array(6).fill('eager'), 'lazy', 'lazy']);
    for (const image of images) expect(image.getAttribute('width')).toBe('160');
  });
});

describe('product cards', () => {
  it('mark a metal sold out for now beside its price, and one the product is not made in without a price', () => {
    const { container } = render(
      <RouterProvider
        router={createMemoryRouter([
          {
            path: '/',
            element: <ProductGrid products={[{ ...product(1), available: false }, { ...product(2), price: null, available: false }, product(3)]} metalName="14k Gold" label="Products" />,
          },
        ])}
      />,
    );
    const cards = [...container.querySelectorAll('li')].map((card) => card.textContent);
    expect(cards).toEqual(['Charm 1$29.95 · Currently unavailable', 'Charm 2Not available in 14k Gold. See other metals for Charm 2', 'Charm 3$29.95']);
  });
});
