import { CATEGORIES } from '@charms/api/db/seed/reference-data';
import { describe, expect, it } from 'vitest';
import { HOME_BANNER_ROW, HOME_PROMOS } from './home';
import { GIFT_PAGES } from './gift-pages';
import { LANDING_PAGES } from './landing-pages';
import { resolveTiles } from './tiles';

const slugs = new Set(CATEGORIES.map(([, slug]) => slug));

describe('landing and gift tiles', () => {
  it('only link to categories that exist, or to searches', () => {
    for (const page of [...LANDING_PAGES, ...GIFT_PAGES]) {
      for (const tile of page.tiles) {
        if ('category' in tile.target) expect(slugs, `${page.path}: ${tile.name}`).toContain(tile.target.category);
        else expect(tile.target.search.trim()).not.toBe('');
      }
    }
  });

  it('have the sizes the spec gives: about 34 Rembrandt, about 38 per metal, 18 PhotoArt', () => {
    const count = (path: string) => LANDING_PAGES.find((page) => page.path === path)!.tiles.length;
    expect(count('/rembrandt-charms')).toBe(34);
    expect(count('/Rembrandtcharms')).toBe(34);
    for (const path of ['/sterling-silver-charms', '/gold-charms', '/white-gold-charms']) expect(count(path)).toBe(38);
    expect(count('/photoart-charms')).toBe(18);
  });

  it('link PhotoArt tiles to the PhotoArt search, and metal pages into their metal', () => {
    const photoArt = LANDING_PAGES.find((page) => page.path === '/photoart-charms')!;
    for (const tile of resolveTiles(photoArt.tiles, null, 'sterling-silver')) expect(tile.href).toBe('/products/search/PhotoArt');
    const [heart] = resolveTiles(LANDING_PAGES.find((page) => page.path === '/gold-charms')!.tiles, '14k-gold', '14k-gold');
    expect(heart).toMatchObject({ href: '/products/category/14k-gold/Heart-Charms', imageUrl: '/art/v1/tile/14k-gold/heart.svg' });
  });

  it('give every gift page real tiles, none blank', () => {
    expect(GIFT_PAGES).toHaveLength(6);
    for (const page of GIFT_PAGES) {
      expect(page.tiles.length).toBeGreaterThanOrEqual(6);
      for (const tile of page.tiles) expect(tile.name.trim()).not.toBe('');
    }
  });

  it("put the home page's promotions on exactly the spec's links", () => {
    expect(HOME_PROMOS.map((promo) => promo.href)).toEqual([
      '/products/category/sterling-silver/Silhouette-Charms',
      '/products/category/Birthstone-Charms',
      '/products/category/Travel-Charms',
      '/products/category/Moveable-Charms',
      '/products/category/sterling-silver/Sport-Charms',
      '/products/category/PhotoArt-Charms',
    ]);
    expect(HOME_BANNER_ROW.map((banner) => banner.href)).toEqual([
      '/products/search/halloween',
      '/products/category/Love-and-Marriage-Charms',
      '/products/category/Birthday-Charms',
      '/products/category/sterling-silver/Charm-Bracelets',
    ]);
  });
});
