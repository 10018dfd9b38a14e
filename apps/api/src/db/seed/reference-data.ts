/** The store's reference data as the spec gives it: the 44 categories and the storefront menu. */

/** [categoryName, urlFriendlyName]; every category the storefront links to is here. */
export const CATEGORIES: readonly (readonly [string, string])[] = [
  ['Animal Charms', 'Animal-Charms'],
  ['Baby Charms', 'Baby-Charms'],
  ['Beach Charms', 'Beach-Charms'],
  ['Bird Charms', 'Bird-Charms'],
  ['Birthday Charms', 'Birthday-Charms'],
  ['Birthstone Charms', 'Birthstone-Charms'],
  ['Calendar Charms', 'Calendar-Charms'],
  ['Cat Charms', 'Cat-Charms'],
  ['Charm Bracelets', 'Charm-Bracelets'],
  ['Charm Tags', 'charm-tags'],
  ['Christmas Charms', 'Christmas-Charms'],
  ['Dog Charms', 'Dog-Charms'],
  ['Engravable Charms', 'Engravable-Charms'],
  ['Family Charms', 'Family-Charms'],
  ['Fantasy Charms', 'Fantasy-Charms'],
  ['Flower Charms', 'Flower-Charms'],
  ['Food and Drink Charms', 'Food-and-Drink-Charms'],
  ['Friendship Charms', 'Friendship-Charms'],
  ['Graduation Charms', 'Graduation-Charms'],
  ['Halloween Charms', 'Halloween-Charms'],
  ['Heart Charms', 'Heart-Charms'],
  ['Hobby Charms', 'Hobby-Charms'],
  ['Holiday Charms', 'Holiday-Charms'],
  ['Letter Charms', 'Letter-Charms'],
  ['Love and Marriage Charms', 'Love-and-Marriage-Charms'],
  ['Medical Charms', 'Medical-Charms'],
  ['Military Charms', 'Military-Charms'],
  ['Moveable Charms', 'Moveable-Charms'],
  ['Music Charms', 'Music-Charms'],
  ['Nature Charms', 'Nature-Charms'],
  ['Nautical Charms', 'Nautical-Charms'],
  ['Number Charms', 'Number-Charms'],
  ['Occupation Charms', 'Occupation-Charms'],
  ['Patriotic Charms', 'Patriotic-Charms'],
  ['PhotoArt Charms', 'PhotoArt-Charms'],
  ['Religious Charms', 'Religious-Charms'],
  ['School Charms', 'School-Charms'],
  ['Silhouette Charms', 'Silhouette-Charms'],
  ['Sport Charms', 'Sport-Charms'],
  ['State Charms', 'State-Charms'],
  ['Transportation Charms', 'Transportation-Charms'],
  ['Travel Charms', 'Travel-Charms'],
  ['Western Charms', 'Western-Charms'],
  ['Zodiac Charms', 'Zodiac-Charms'],
];

interface MenuSeed {
  id: number;
  name: string;
  link: string;
  imageName?: string;
  childrenFromCategories?: boolean;
  children?: readonly { name: string; link: string; imageName?: string }[];
}

/** The spec's Menu section. CHARM CATEGORIES takes its children from the categories table. */
export const MENU: readonly MenuSeed[] = [
  { id: 1, name: 'HOME', link: '/' },
  {
    id: 2,
    name: 'CHARMS',
    link: '/rembrandt-charms',
    children: [
      { name: 'Rembrandt Charms', link: '/rembrandt-charms', imageName: 'menu-rembrandt-charms' },
      { name: 'Sterling Silver Charms', link: '/sterling-silver-charms', imageName: 'menu-sterling-silver-charms' },
      { name: 'Gold Charms', link: '/gold-charms', imageName: 'menu-gold-charms' },
      { name: 'PhotoArt Charms', link: '/photoart-charms', imageName: 'menu-photoart-charms' },
      { name: 'White Gold Charms', link: '/white-gold-charms', imageName: 'menu-white-gold-charms' },
      { name: 'Charms Tags', link: '/categories/sterling-silver/charm-tags', imageName: 'menu-charm-tags' },
    ],
  },
  { id: 3, name: 'CHARM CATEGORIES', link: '/categories', childrenFromCategories: true },
  {
    id: 4,
    name: 'GIFT IDEAS',
    link: '/anniversary-gift-ideas',
    children: [
      { name: 'Anniversary Gifts', link: '/anniversary-gift-ideas', imageName: 'menu-anniversary-gifts' },
      { name: 'Birthday Gifts', link: '/birthday-gift-ideas', imageName: 'menu-birthday-gifts' },
      { name: 'Baby Gifts', link: '/baby-gift-ideas', imageName: 'menu-baby-gifts' },
      { name: 'Gift Ideas For Girlfriend', link: '/gift-ideas-for-girlfriend', imageName: 'menu-girlfriend-gifts' },
      { name: 'Gifts For Mothers', link: '/gift-ideas-for-mothers', imageName: 'menu-mothers-gifts' },
      { name: 'Wedding Gift Ideas', link: '/wedding-gift-ideas', imageName: 'menu-wedding-gifts' },
    ],
  },
  {
    id: 5,
    name: 'CHARM BRACELETS',
    link: '/categories/sterling-silver/charm-bracelets',
    children: [
      { name: 'Silver Charm Bracelets', link: '/categories/sterling-silver/charm-bracelets' },
      { name: 'Girl Charm Bracelets', link: '/girl-charm-bracelets' },
      { name: 'Gold Charm Bracelets', link: '/categories/14k-gold/charm-bracelets' },
      { name: 'White Gold Charm Bracelets', link: '/categories/14k-white-gold/charm-bracelets' },
    ],
  },
];
