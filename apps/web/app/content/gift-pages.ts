import type { CharmShape } from '@charms/art/charm';
import type { TileSpec } from './tiles';

/** The six gift-idea pages: heading, intro and tiles (categories or searches). No blank placeholder tiles. */
export interface GiftPage {
  path: string;
  heading: string;
  title: string;
  description: string;
  /** May name the store's terms as {engravingPerCharacter} and {shippingPromise}: the loader fills them from the settings. */
  intro: string;
  tiles: readonly TileSpec[];
  pictureMetal: string;
}

const c = (name: string, category: string, shape: CharmShape, label?: string): TileSpec => ({ name, target: { category }, shape, ...(label ? { label } : {}) });
const s = (name: string, search: string, shape: CharmShape, label?: string): TileSpec => ({ name, target: { search }, shape, ...(label ? { label } : {}) });

export const GIFT_PAGES: readonly GiftPage[] = [
  {
    path: '/anniversary-gift-ideas',
    heading: 'Anniversary Gift Ideas',
    title: 'Anniversary Gift Ideas: Charms',
    description: 'Anniversary charms to mark the years together: hearts, wedding dates, birthstones and photos.',
    intro: 'Mark the years together with a charm she will wear every day: engrave your wedding date on a heart, add the number of years, or put your favourite photo on a PhotoArt charm.',
    pictureMetal: '14k-gold',
    tiles: [
      c('Love and Marriage Charms', 'Love-and-Marriage-Charms', 'ring'),
      c('Heart Charms', 'Heart-Charms', 'heart'),
      c('Calendar Charms', 'Calendar-Charms', 'calendar'),
      c('Birthstone Charms', 'Birthstone-Charms', 'ring'),
      c('Engravable Charms', 'Engravable-Charms', 'disc', 'Us'),
      c('Number Charms', 'Number-Charms', 'number', '25'),
      c('PhotoArt Charms', 'PhotoArt-Charms', 'camera'),
      s('Anniversary Charms', 'anniversary', 'heart', '10'),
    ],
  },
  {
    path: '/birthday-gift-ideas',
    heading: 'Birthday Gift Ideas',
    title: 'Birthday Gift Ideas: Charms',
    description: 'Birthday charms for every age: birthstones, zodiac signs, numbers and initials.',
    intro: 'A charm for every birthday: her birthstone, her zodiac sign, the age she turns or her initial. Engraving a name or date costs {engravingPerCharacter} a character.',
    pictureMetal: 'sterling-silver',
    tiles: [
      c('Birthday Charms', 'Birthday-Charms', 'cake'),
      c('Birthstone Charms', 'Birthstone-Charms', 'ring'),
      c('Zodiac Charms', 'Zodiac-Charms', 'star'),
      c('Number Charms', 'Number-Charms', 'number', '16'),
      c('Letter Charms', 'Letter-Charms', 'letter', 'B'),
      c('Calendar Charms', 'Calendar-Charms', 'calendar'),
      c('Hobby Charms', 'Hobby-Charms', 'music'),
      s('Birthday Cake Charms', 'cake', 'cake'),
    ],
  },
  {
    path: '/baby-gift-ideas',
    heading: 'Baby Gift Ideas',
    title: 'Baby Gift Ideas: Charms',
    description: 'Baby charms for new mothers and grandmothers: birth dates, names, birthstones and carriages.',
    intro: "Welcome a new baby with a charm for mom or grandma: engrave the name and birth date, add the baby's birthstone, or choose a calendar charm with the day marked.",
    pictureMetal: 'sterling-silver',
    tiles: [
      c('Baby Charms', 'Baby-Charms', 'baby'),
      c('Calendar Charms', 'Calendar-Charms', 'calendar'),
      c('Birthstone Charms', 'Birthstone-Charms', 'ring'),
      c('Letter Charms', 'Letter-Charms', 'letter', 'M'),
      c('Engravable Charms', 'Engravable-Charms', 'disc', 'Mia'),
      c('Family Charms', 'Family-Charms', 'house'),
      c('Religious Charms', 'Religious-Charms', 'cross'),
      s('Baby Bottle Charms', 'bottle', 'baby'),
    ],
  },
  {
    path: '/gift-ideas-for-girlfriend',
    heading: 'Gift Ideas for Your Girlfriend',
    title: 'Gift Ideas for Girlfriend: Charms',
    description: 'Charms she will love: hearts, flowers, her initial and a bracelet to start the collection.',
    intro: 'Start her collection with a bracelet and a heart, or add to it with her initial, a flower or a charm from a trip you took together.',
    pictureMetal: '14k-white-gold',
    tiles: [
      c('Heart Charms', 'Heart-Charms', 'heart'),
      c('Love and Marriage Charms', 'Love-and-Marriage-Charms', 'heart', 'Love'),
      c('Friendship Charms', 'Friendship-Charms', 'clover'),
      c('Flower Charms', 'Flower-Charms', 'flower'),
      c('Letter Charms', 'Letter-Charms', 'letter', 'J'),
      c('Zodiac Charms', 'Zodiac-Charms', 'moon'),
      c('Travel Charms', 'Travel-Charms', 'plane'),
      c('Charm Bracelets', 'Charm-Bracelets', 'bracelet'),
    ],
  },
  {
    path: '/gift-ideas-for-mothers',
    heading: 'Gift Ideas for Mothers',
    title: 'Gift Ideas for Mothers: Charms',
    description: "Charms for mom: family, children's birthstones and initials, and PhotoArt photos.",
    intro: "Give mom a charm for each child: their initials, their birthstones, or their photo on a PhotoArt charm. {shippingPromise}",
    pictureMetal: 'gold-plate',
    tiles: [
      c('Family Charms', 'Family-Charms', 'house'),
      c('Heart Charms', 'Heart-Charms', 'heart', 'Mom'),
      c('Birthstone Charms', 'Birthstone-Charms', 'ring'),
      c('Letter Charms', 'Letter-Charms', 'letter', 'K'),
      c('Engravable Charms', 'Engravable-Charms', 'disc', 'Mom'),
      c('PhotoArt Charms', 'PhotoArt-Charms', 'camera'),
      c('Flower Charms', 'Flower-Charms', 'flower'),
      s('Mom Charms', 'mom', 'heart', 'Mom'),
    ],
  },
  {
    path: '/wedding-gift-ideas',
    heading: 'Wedding Gift Ideas',
    title: 'Wedding Gift Ideas: Charms',
    description: 'Wedding charms for the bride and the bridal party: rings, hearts, dates and engraved names.',
    intro: 'For the bride, the bridesmaids or the mother of the bride: a wedding-date calendar charm, engraved hearts, or rings and bells that remember the day.',
    pictureMetal: '14k-gold',
    tiles: [
      c('Love and Marriage Charms', 'Love-and-Marriage-Charms', 'ring'),
      c('Calendar Charms', 'Calendar-Charms', 'calendar'),
      c('Engravable Charms', 'Engravable-Charms', 'disc', 'I do'),
      c('Heart Charms', 'Heart-Charms', 'heart'),
      c('Religious Charms', 'Religious-Charms', 'cross'),
      c('Letter Charms', 'Letter-Charms', 'letter', 'W'),
      s('Wedding Charms', 'wedding', 'ring'),
      s('Bride Charms', 'bride', 'heart', 'Bride'),
    ],
  },
];

export function findGiftPage(path: string): GiftPage | undefined {
  return GIFT_PAGES.find((page) => page.path === path);
}
