import { findMetalBySlug } from '@charms/domain/metals';
import { artUrl } from './art-url';
import { type CharmShape, isCharmShape } from './shape-names';

/**
 * The pictures the menu shows beside a child (and /categories beside a category): one drawn tile, a charm in a
 * metal. A category's picture is stored as '{metal}/{shape}' (any charm shape in any metal, chosen in the admin);
 * the fixed menu entries name theirs (menu_items.image_name) with the keys below.
 */
const NAMED_PICTURES: Readonly<Record<string, { metal: string; shape: CharmShape }>> = {
  'menu-rembrandt-charms': { metal: '14k-gold', shape: 'star' },
  'menu-sterling-silver-charms': { metal: 'sterling-silver', shape: 'heart' },
  'menu-gold-charms': { metal: '14k-gold', shape: 'heart' },
  'menu-photoart-charms': { metal: 'sterling-silver', shape: 'camera' },
  'menu-white-gold-charms': { metal: '14k-white-gold', shape: 'clover' },
  'menu-charm-tags': { metal: 'sterling-silver', shape: 'tag' },
  'menu-anniversary-gifts': { metal: '14k-gold', shape: 'ring' },
  'menu-birthday-gifts': { metal: 'gold-plate', shape: 'cake' },
  'menu-baby-gifts': { metal: 'sterling-silver', shape: 'baby' },
  'menu-girlfriend-gifts': { metal: '10k-gold', shape: 'butterfly' },
  'menu-mothers-gifts': { metal: 'sterling-silver', shape: 'flower' },
  'menu-wedding-gifts': { metal: '14k-white-gold', shape: 'ring' },
};

export interface MenuPicture {
  metal: string;
  shape: CharmShape;
}

/** The tile a picture name stands for: a named entry, or '{metal}/{shape}'; null for anything else. */
export function parseMenuPicture(name: string | null | undefined): MenuPicture | null {
  if (!name) return null;
  const named = Object.hasOwn(NAMED_PICTURES, name) ? NAMED_PICTURES[name] : undefined;
  if (named) return named;
  const [metal, shape, ...rest] = name.split('/');
  if (rest.length > 0 || !metal || !shape || !isCharmShape(shape)) return null;
  const known = findMetalBySlug(metal);
  return known && known.slug === metal ? { metal, shape } : null;
}

/** The stored name of a category's picture: '{metal}/{shape}'. */
export const menuPictureName = (picture: MenuPicture) => `${picture.metal}/${picture.shape}`;

/** Where the storefront serves the tile (a small SVG drawn at 160 px, kept a year; see art-url.ts). */
export const menuPictureUrl = (picture: MenuPicture) => artUrl(`tile/${picture.metal}/${picture.shape}.svg`);
