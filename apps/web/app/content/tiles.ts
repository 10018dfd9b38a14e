import { artUrl } from '@charms/art/art-url';
import type { CharmShape } from '@charms/art/charm';
import { findMetalBySlug } from '@charms/domain/metals';

/**
 * The tiles of the landing and gift pages, in one place. A tile points at a category (by its urlFriendlyName in
 * the API's reference data) or at a search term; the page decides the metal. `tiles.test.ts` checks that every
 * category named here exists.
 */
export type TileTarget = { category: string } | { search: string };

export interface TileSpec {
  name: string;
  target: TileTarget;
  shape: CharmShape;
  label?: string;
}

/** What a page renders: resolved link, link title and picture (decorative: the tile's name is its text). */
export interface Tile {
  name: string;
  href: string;
  linkTitle: string;
  imageUrl: string;
}

const c = (name: string, category: string, shape: CharmShape, label?: string): TileSpec =>
  label ? { name, target: { category }, shape, label } : { name, target: { category }, shape };
const s = (name: string, search: string, shape: CharmShape, label?: string): TileSpec =>
  label ? { name, target: { search }, shape, label } : { name, target: { search }, shape };

/** One tile per category a landing page shows, in the order shown. */
export const CATEGORY_TILES: readonly TileSpec[] = [
  c('Heart Charms', 'Heart-Charms', 'heart'),
  c('Dog Charms', 'Dog-Charms', 'dog'),
  c('Cat Charms', 'Cat-Charms', 'cat'),
  c('Animal Charms', 'Animal-Charms', 'horse'),
  c('Baby Charms', 'Baby-Charms', 'baby'),
  c('Beach Charms', 'Beach-Charms', 'shell'),
  c('Bird Charms', 'Bird-Charms', 'butterfly'),
  c('Birthday Charms', 'Birthday-Charms', 'cake'),
  c('Birthstone Charms', 'Birthstone-Charms', 'ring'),
  c('Calendar Charms', 'Calendar-Charms', 'calendar'),
  c('Christmas Charms', 'Christmas-Charms', 'tree'),
  c('Engravable Charms', 'Engravable-Charms', 'disc', 'Jo'),
  c('Family Charms', 'Family-Charms', 'house'),
  c('Fantasy Charms', 'Fantasy-Charms', 'star'),
  c('Flower Charms', 'Flower-Charms', 'flower'),
  c('Food and Drink Charms', 'Food-and-Drink-Charms', 'apple'),
  c('Friendship Charms', 'Friendship-Charms', 'clover'),
  c('Graduation Charms', 'Graduation-Charms', 'graduation'),
  c('Halloween Charms', 'Halloween-Charms', 'pumpkin'),
  c('Holiday Charms', 'Holiday-Charms', 'gift'),
  c('Letter Charms', 'Letter-Charms', 'letter', 'A'),
  c('Love and Marriage Charms', 'Love-and-Marriage-Charms', 'heart', 'Love'),
  c('Moveable Charms', 'Moveable-Charms', 'car'),
  c('Music Charms', 'Music-Charms', 'music'),
  c('Nature Charms', 'Nature-Charms', 'moon'),
  c('Nautical Charms', 'Nautical-Charms', 'anchor'),
  c('Number Charms', 'Number-Charms', 'number', '7'),
  c('Religious Charms', 'Religious-Charms', 'cross'),
  c('School Charms', 'School-Charms', 'letter', 'ABC'),
  c('Sport Charms', 'Sport-Charms', 'ball'),
  c('Transportation Charms', 'Transportation-Charms', 'car'),
  c('Travel Charms', 'Travel-Charms', 'plane'),
  c('Zodiac Charms', 'Zodiac-Charms', 'star'),
  c('Charm Tags', 'charm-tags', 'tag', 'Tag'),
  c('Western Charms', 'Western-Charms', 'horse'),
  c('Silhouette Charms', 'Silhouette-Charms', 'cat'),
  s('Paw Print Charms', 'paw', 'paw'),
  s('Dog Bone Charms', 'bone', 'bone'),
];

/** Rembrandt's own range: the first 34 categories (Rembrandt makes charms in gold or sterling silver). */
export const REMBRANDT_TILES: readonly TileSpec[] = CATEGORY_TILES.slice(0, 34);

/** PhotoArt: 18 styles, all found by the search for PhotoArt. */
export const PHOTOART_TILES: readonly TileSpec[] = [
  ['Heart', 'heart'], ['Round', 'disc'], ['Tag', 'tag'], ['Star', 'star'], ['Oval Frame', 'disc'], ['Square Frame', 'letter'],
  ['Pet Portrait', 'paw'], ['Dog Photo', 'dog'], ['Cat Photo', 'cat'], ['Baby Photo', 'baby'], ['Wedding Photo', 'ring'],
  ['Graduation Photo', 'graduation'], ['Family Photo', 'house'], ['Flower Frame', 'flower'], ['Holiday Photo', 'tree'],
  ['Sports Photo', 'ball'], ['Travel Photo', 'plane'], ['Camera', 'camera'],
].map(([name, shape]) => s(`PhotoArt ${name} Charm`, 'PhotoArt', shape as CharmShape));

/** The link of a tile: /products/category/{metal?}/{slug} or /products/search/{metal?}/{term}. */
export function tileHref(target: TileTarget, metalSlug: string | null): string {
  const metal = metalSlug ? `/${metalSlug}` : '';
  return 'category' in target
    ? `/products/category${metal}/${target.category}`
    : `/products/search${metal}/${encodeURIComponent(target.search)}`;
}

/** The generated picture of a charm shape in a metal (served by routes/art-image.ts). */
export function tileImageUrl(shape: CharmShape, metalSlug: string, label?: string): string {
  return artUrl(`tile/${metalSlug}/${shape}.svg${label ? `?label=${encodeURIComponent(label)}` : ''}`);
}

/** Resolves tile specs for a page: links in `linkMetal` (none: the shopper's metal), pictures in `pictureMetal`. */
export function resolveTiles(specs: readonly TileSpec[], linkMetal: string | null, pictureMetal: string): Tile[] {
  return specs.map((spec) => ({
    name: spec.name,
    href: tileHref(spec.target, linkMetal),
    linkTitle: `Shop ${spec.name}${linkMetal ? ` in ${findMetalBySlug(linkMetal)?.name ?? linkMetal}` : ''}`,
    imageUrl: tileImageUrl(spec.shape, pictureMetal, spec.label),
  }));
}
