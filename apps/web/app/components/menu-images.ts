/**
 * The pictures beside the CHARMS and GIFT IDEAS children in the desktop dropdowns. The menu names each child's
 * picture; the shop draws its pictures in code, so each name maps to one of the drawn tiles (a charm in a metal),
 * served as a small cacheable SVG under /art/. A name with no drawing shows no picture.
 */
const MENU_PICTURES: Readonly<Record<string, { metal: string; shape: string }>> = {
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

/** Shown at 44 px; the tile is drawn at 160, sharp on dense screens. */
export const MENU_PICTURE_SIZE = 44;

export function menuPictureUrl(imageName: string | null): string | null {
  const picture = imageName ? MENU_PICTURES[imageName] : undefined;
  return picture ? `/art/tile/${picture.metal}/${picture.shape}.svg` : null;
}
