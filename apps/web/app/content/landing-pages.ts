import { PHOTOART_TILES, REMBRANDT_TILES, CATEGORY_TILES, type TileSpec } from './tiles';

/**
 * The charm landing pages of the route table. `metals` are the metals a shopper can switch the page to
 * (`?metal=slug`; the first is the default); an empty list links without a metal, so the catalog uses the
 * shopper's own. `fixedLinks` pages (PhotoArt) link the same way whatever the metal.
 */
export interface LandingPage {
  path: string;
  heading: string;
  title: string;
  description: string;
  keywords: string;
  intro: string;
  tiles: readonly TileSpec[];
  metals: readonly string[];
  pictureMetal: string;
  fixedLinks?: boolean;
}

export const LANDING_PAGES: readonly LandingPage[] = [
  {
    path: '/rembrandt-charms',
    heading: 'Rembrandt Charms',
    title: 'Rembrandt Charms',
    description: 'Rembrandt charms in sterling silver and gold, from an authorized factory-direct dealer since 1997.',
    keywords: 'Rembrandt charms, charm bracelets, sterling silver charms, gold charms',
    intro:
      'We have been an authorized, factory-direct Rembrandt dealer since 1997. Every charm is made in the USA and Canada, in sterling silver or gold, and carries a lifetime warranty.',
    tiles: REMBRANDT_TILES,
    metals: [],
    pictureMetal: 'sterling-silver',
  },
  {
    path: '/Rembrandtcharms',
    heading: 'Rembrandt Charms in Gold or Sterling Silver',
    title: 'Rembrandt Charms in Gold or Sterling Silver',
    description: 'Choose Rembrandt charms in 14k gold or sterling silver: free shipping, lifetime warranty, 60-day returns.',
    keywords: 'Rembrandt charms, gold charms, sterling silver charms',
    intro: 'Pick the metal first, then the category: every tile below opens the charms of that category in the metal you chose.',
    tiles: REMBRANDT_TILES,
    metals: ['sterling-silver', '14k-gold'],
    pictureMetal: 'sterling-silver',
  },
  {
    path: '/sterling-silver-charms',
    heading: 'Sterling Silver Charms',
    title: 'Sterling Silver Charms',
    description: 'Sterling silver charms (92.5% silver) in 44 categories, with free engraving setup and free shipping.',
    keywords: 'sterling silver charms, silver charm bracelets',
    intro: 'Our sterling silver is 92.5% silver, polished by hand and made to last a lifetime. Gold plate over sterling silver is available for most designs.',
    tiles: CATEGORY_TILES,
    metals: ['sterling-silver', 'gold-plate'],
    pictureMetal: 'sterling-silver',
  },
  {
    path: '/gold-charms',
    heading: 'Gold Charms',
    title: 'Gold Charms in 10k and 14k Gold',
    description: 'Solid 14k gold (58.5%) and 10k gold (41.7%) charms, with engraving free on every gold charm.',
    keywords: 'gold charms, 14k gold charms, 10k gold charms',
    intro: 'Solid 14k gold is 58.5% gold; 10k gold is 41.7%. Engraving is free on every gold charm: we refund the whole engraving cost.',
    tiles: CATEGORY_TILES,
    metals: ['14k-gold', '10k-gold'],
    pictureMetal: '14k-gold',
  },
  {
    path: '/white-gold-charms',
    heading: 'White Gold Charms',
    title: 'White Gold Charms',
    description: '14k white gold charms in 44 categories, engraving free, lifetime warranty.',
    keywords: 'white gold charms, 14k white gold charms',
    intro: '14k white gold is 58.5% gold with a bright, silvery finish that never needs plating. Engraving is free on white gold charms.',
    tiles: CATEGORY_TILES,
    metals: ['14k-white-gold'],
    pictureMetal: '14k-white-gold',
  },
  {
    path: '/photoart-charms',
    heading: 'PhotoArt Charms',
    title: 'PhotoArt Charms',
    description: 'Your own photo in full colour on a charm: order online, then email us the picture.',
    keywords: 'PhotoArt charms, photo charms, picture charms',
    intro: 'Turn a favourite photo of a child, a pet or a wedding day into a charm. Order the style you like, then email us your photo.',
    tiles: PHOTOART_TILES,
    metals: [],
    pictureMetal: 'sterling-silver',
    fixedLinks: true,
  },
];

export function findLandingPage(path: string): LandingPage | undefined {
  return LANDING_PAGES.find((page) => page.path === path);
}
