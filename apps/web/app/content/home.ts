import type { CharmShape } from '@charms/art/charm';

/**
 * The home page: the rotating banner, the grid of six promotions and the row of four banners. The promo and
 * banner-row links are the spec's, exactly. Pictures are generated (routes/art-image.ts) from `charms` here.
 */
export interface HomePicture {
  id: string;
  href: string;
  heading: string;
  text: string;
  metal: string;
  charms: readonly CharmShape[];
  background: readonly [string, string];
}

export const HOME_BANNERS: readonly HomePicture[] = [
  {
    id: 'five-metals',
    href: '/sterling-silver-charms',
    heading: 'Charms in five metals',
    text: 'Sterling silver, gold plate, 10k, 14k and 14k white gold. Free shipping, no minimum.',
    metal: 'sterling-silver',
    charms: ['heart', 'star', 'paw', 'flower'],
    background: ['#f4efe9', '#dcd3ca'],
  },
  {
    id: 'gold',
    href: '/gold-charms',
    heading: 'Gold charms, engraved free',
    text: 'Names, dates and places engraved at no cost on every gold and white gold charm.',
    metal: '14k-gold',
    charms: ['disc', 'heart', 'calendar', 'letter'],
    background: ['#fbf1e4', '#ecd6b8'],
  },
  {
    id: 'photoart',
    href: '/photoart-charms',
    heading: 'Your photo on a charm',
    text: 'PhotoArt charms in full colour: order online, then email us your picture.',
    metal: 'sterling-silver',
    charms: ['camera', 'dog', 'baby', 'heart'],
    background: ['#eef3f8', '#cfdceb'],
  },
  {
    id: 'girls',
    href: '/girl-charm-bracelets',
    heading: 'Charm bracelets for girls',
    text: 'Seven-inch bracelets with a lobster clasp, for ages 3 and up.',
    metal: 'sterling-silver',
    charms: ['butterfly', 'star', 'flower', 'heart'],
    background: ['#fbeef1', '#efd2da'],
  },
];

export const HOME_PROMOS: readonly HomePicture[] = [
  { id: 'silhouette', href: '/products/category/sterling-silver/Silhouette-Charms', heading: 'Silhouette Charms', text: 'Sterling silver', metal: 'sterling-silver', charms: ['cat', 'horse', 'butterfly'], background: ['#f3f1ee', '#ddd8d2'] },
  { id: 'birthstone', href: '/products/category/Birthstone-Charms', heading: 'Birthstone Charms', text: 'A stone for every month', metal: '14k-gold', charms: ['ring', 'heart', 'disc'], background: ['#f1eef7', '#d9d0ea'] },
  { id: 'travel', href: '/products/category/Travel-Charms', heading: 'Travel Charms', text: 'Every trip remembered', metal: 'sterling-silver', charms: ['plane', 'anchor', 'car'], background: ['#eef4f8', '#cddfea'] },
  { id: 'moveable', href: '/products/category/Moveable-Charms', heading: 'Moveable Charms', text: 'Charms with parts that move', metal: '14k-gold', charms: ['car', 'baby', 'music'], background: ['#f8f3ea', '#eadcc2'] },
  { id: 'sport', href: '/products/category/sterling-silver/Sport-Charms', heading: 'Sport Charms', text: 'Sterling silver', metal: 'sterling-silver', charms: ['ball', 'horse', 'star'], background: ['#eef6f0', '#cfe3d5'] },
  { id: 'photoart', href: '/products/category/PhotoArt-Charms', heading: 'PhotoArt Charms', text: 'Your photo in full colour', metal: 'sterling-silver', charms: ['camera', 'heart', 'tag'], background: ['#f7eef0', '#e9d2d8'] },
];

export const HOME_BANNER_ROW: readonly HomePicture[] = [
  { id: 'halloween', href: '/products/search/halloween', heading: 'Halloween', text: 'Pumpkins, ghosts and moons', metal: 'sterling-silver', charms: ['pumpkin', 'ghost', 'moon'], background: ['#f6efe6', '#e6d2bd'] },
  { id: 'love', href: '/products/category/Love-and-Marriage-Charms', heading: 'Love and Marriage', text: 'Hearts, rings and dates', metal: '14k-gold', charms: ['heart', 'ring', 'calendar'], background: ['#fbeef0', '#efd0d6'] },
  { id: 'birthday', href: '/products/category/Birthday-Charms', heading: 'Birthday Charms', text: 'Cakes, gifts and numbers', metal: '14k-white-gold', charms: ['cake', 'gift', 'number'], background: ['#eff2f8', '#d3dbec'] },
  { id: 'bracelets', href: '/products/category/sterling-silver/Charm-Bracelets', heading: 'Charm Bracelets', text: 'Sterling silver, ready for charms', metal: 'sterling-silver', charms: ['bracelet'], background: ['#f2f2f0', '#d9d9d4'] },
];

export function findHomePicture(kind: 'banner' | 'promo', id: string): HomePicture | undefined {
  const list = kind === 'banner' ? HOME_BANNERS : [...HOME_PROMOS, ...HOME_BANNER_ROW];
  return list.find((picture) => picture.id === id);
}

/** Banner timing from the spec: 4000 ms per slide, 400 ms fade. */
export const BANNER_DELAY_MS = 4000;
export const BANNER_FADE_MS = 400;
