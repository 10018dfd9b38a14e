import { type MetalId } from '@charms/domain/metals';
import { BRACELET_SIZES } from '@charms/domain/session-options';
import { ENGRAVING_FONTS } from '@charms/domain/engraving';
import { CATEGORY_THEMES, STYLES } from './category-themes';

/** One product as the seed loads it; ids are fixed so the same seed always gives the same catalog. */
export interface SeedProduct {
  id: number;
  slug: string;
  name: string;
  description: string;
  kind: 'charm' | 'bracelet';
  shape: string;
  /** The label drawn on number and letter charms. */
  label: string | null;
  primaryCategory: string;
  categories: string[];
  sizes: number[];
  clasp: string | null;
  engravingMaxChars: number | null;
  engravingFonts: string[];
  isPhotoArt: boolean;
  leadTime: [number, number] | null;
  returnable: boolean;
  collections: string[];
  keywords: string;
  unitsSold: number;
  createdAt: Date;
  prices: Partial<Record<MetalId, number>>;
}

export type CatalogSize = 'standard' | 'large';
export const FIRST_PRODUCT_ID = 1001;
const LARGE_CATALOG_PRODUCTS = 100_000;
/** Products are dated back from this fixed day, so the seed does not depend on when it runs. */
const CATALOG_EPOCH = Date.UTC(2026, 5, 1);

/** A small, fast PRNG (mulberry32): the same seed always gives the same catalog. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability: number) => next() < probability,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
type Random = ReturnType<typeof createRandom>;

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Rounds to a shop price ending in .95 (or .00 above $1,000). */
function shopPrice(cents: number): number {
  if (cents >= 100_000) return Math.round(cents / 1000) * 1000;
  return Math.max(95, Math.round(cents / 100) * 100 - 5);
}

/**
 * Prices per metal as a charm shop sets them: sterling silver far below 10k gold, 10k below 14k, 14k white gold
 * above 14k; gold plate a little above silver. Silver is always offered; the others on most products.
 */
function pricesFor(silverCents: number, random: Random, offerAll = false): SeedProduct['prices'] {
  const prices: SeedProduct['prices'] = { 40: shopPrice(silverCents) };
  const tenK = shopPrice(silverCents * (5.6 + random.next() * 0.8));
  const fourteenK = shopPrice(tenK * (1.38 + random.next() * 0.1));
  if (offerAll || random.chance(0.85)) prices[10] = fourteenK;
  if (offerAll || random.chance(0.65)) prices[30] = tenK;
  if (offerAll || random.chance(0.6)) prices[20] = shopPrice(fourteenK * 1.09);
  if (offerAll || random.chance(0.4)) prices[50] = shopPrice(silverCents * 1.3);
  return prices;
}

function createdAt(random: Random): Date {
  return new Date(CATALOG_EPOCH - random.int(0, 1000) * 86_400_000 - random.int(0, 86_399) * 1000);
}

const ALL_FONTS = ENGRAVING_FONTS.map((font) => font.id);

function describeCharm(name: string, categoryName: string, style: string, random: Random): string {
  const styleLine: Record<string, string> = {
    '3D': 'Sculpted in three dimensions, it looks good from every side.',
    Enamel: 'Hand-finished with colourful enamel.',
    Engravable: 'The smooth back takes a name, a date or initials.',
    Mini: 'A petite size that leaves room for many more charms.',
    Large: 'A bold, generous size that stands out on any bracelet.',
    'Two-Tone': 'Polished and satin finishes side by side.',
    Dangle: 'Hangs from a small loop so it moves with the bracelet.',
    Polished: 'Mirror-polished to a bright shine.',
    Antiqued: 'An antiqued finish brings out every detail.',
    Crystal: 'Set with a sparkling crystal.',
    Filigree: 'Delicate open filigree work.',
  };
  const endings = [
    'Made in the USA by Rembrandt Charms, with a lifetime warranty.',
    'Attaches to any Rembrandt charm bracelet; we can assemble it for you.',
    'A thoughtful gift that will be worn for years.',
  ];
  return [
    `${name} from our ${categoryName.toLowerCase()}.`,
    styleLine[style] ?? 'Finely detailed and made to last.',
    random.pick(endings),
  ].join(' ');
}

interface CharmSpec {
  name: string;
  slugHint?: string;
  theme: (typeof CATEGORY_THEMES)[number];
  style: string;
  label: string | null;
  silverCents: number;
}

/** Generates the seed catalog: about 2,300 products (standard) or 100,000 (large, for benchmarks). */
export function generateCatalog(size: CatalogSize = 'standard', categoryNames: ReadonlyMap<string, string>): SeedProduct[] {
  const random = createRandom(1997);
  const products: SeedProduct[] = [];
  let nextId = FIRST_PRODUCT_ID;

  const byName = new Map<string, SeedProduct>();
  const addCharm = (spec: CharmSpec, round: number) => {
    const { theme, style } = spec;
    const name = round === 0 ? spec.name : `${spec.name}, Design ${round + 1}`;
    // The same charm in two themes (a palm tree is beach and nature) is one product listed in both.
    const existing = byName.get(name);
    if (existing) {
      if (!existing.categories.includes(theme.slug)) existing.categories.push(theme.slug);
      return;
    }
    const categories = new Set([theme.slug]);
    const isCrossListable = theme.slug !== 'Dog-Charms' && theme.slug !== 'Cat-Charms';
    const engravable =
      style === 'Engravable' || ['Engravable-Charms', 'charm-tags', 'Calendar-Charms', 'Letter-Charms'].includes(theme.slug);
    if (isCrossListable && engravable) categories.add('Engravable-Charms');
    if (isCrossListable && /\bheart\b/i.test(name)) categories.add('Heart-Charms');
    const isPhotoArt = theme.slug === 'PhotoArt-Charms';
    const isCalendar = theme.slug === 'Calendar-Charms';
    const categoryName = categoryNames.get(theme.slug) ?? theme.slug;
    const product: SeedProduct = {
      id: nextId++,
      slug: slugify(name),
      name,
      description: describeCharm(name, categoryName, style, random),
      kind: 'charm',
      shape: theme.shape,
      label: spec.label,
      primaryCategory: theme.slug,
      categories: [...categories],
      sizes: [],
      clasp: null,
      engravingMaxChars: engravable ? (theme.slug === 'charm-tags' ? 10 : theme.slug === 'Engravable-Charms' ? 20 : 12) : null,
      engravingFonts: engravable ? (theme.slug === 'charm-tags' ? ALL_FONTS.filter((font) => !font.startsWith('monogram')) : ALL_FONTS) : [],
      isPhotoArt,
      leadTime: isCalendar || isPhotoArt ? [7, 10] : null,
      returnable: !(isCalendar || isPhotoArt),
      collections: [],
      keywords: `${categoryName} ${theme.keywords}`,
      unitsSold: Math.floor(random.next() ** 3 * 2000),
      createdAt: createdAt(random),
      prices: pricesFor(spec.silverCents * (style === 'Mini' ? 0.8 : style === 'Large' ? 1.3 : 1), random),
    };
    byName.set(name, product);
    products.push(product);
  };

  const charmSpecs: CharmSpec[] = [];
  for (const theme of CATEGORY_THEMES) {
    const base = 2400 + random.int(0, 30) * 100;
    if (theme.slug === 'Number-Charms') {
      for (let n = 1; n <= 99; n++) charmSpecs.push({ name: `Number ${n} Charm`, theme, style: '', label: String(n), silverCents: 2995 });
      continue;
    }
    if (theme.slug === 'Letter-Charms') {
      for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
        charmSpecs.push({ name: `Letter ${letter} Charm`, theme, style: '', label: letter, silverCents: 2695 });
      }
      continue;
    }
    const styles = theme.slug === 'Dog-Charms' || theme.slug === 'Cat-Charms' ? [''] : STYLES;
    for (let i = 0; i < theme.count; i++) {
      const subject = theme.subjects[i % theme.subjects.length]!;
      const style = styles[Math.floor(i / theme.subjects.length) % styles.length]!;
      // "Round Charm Tag" is already a charm's name; everything else gets "Charm" after it.
      const name = `${style ? `${style} ` : ''}${subject}${/\bCharm\b/.test(subject) ? '' : ' Charm'}`;
      charmSpecs.push({ name, theme, style, label: null, silverCents: base + random.int(-4, 12) * 100 });
    }
  }

  // The large catalog repeats the lines in further designs ("…, Design 2") until it holds 100,000 products.
  const target = size === 'large' ? LARGE_CATALOG_PRODUCTS : 0;
  let round = 0;
  do {
    for (const spec of charmSpecs) addCharm(spec, round);
    addBracelets(round);
    round++;
  } while (products.length < target);
  if (target > 0) products.length = target;
  return products;

  function addBracelets(round: number) {
    const suffix = round === 0 ? '' : `, Design ${round + 1}`;
    for (const [index, style] of BRACELET_STYLES.entries()) {
      const name = `${style} Charm Bracelet${suffix}`;
      products.push({
        id: nextId++,
        slug: slugify(name),
        name,
        description: `A ${style.toLowerCase()} charm bracelet made to carry Rembrandt charms, in every metal we sell. Choose the length that fits: measure the wrist and add half an inch to an inch. Made in the USA.`,
        kind: 'bracelet',
        shape: 'bracelet',
        label: null,
        primaryCategory: 'Charm-Bracelets',
        categories: ['Charm-Bracelets'],
        sizes: [...BRACELET_SIZES],
        clasp: index % 3 === 0 ? 'toggle' : 'lobster',
        engravingMaxChars: null,
        engravingFonts: [],
        isPhotoArt: false,
        leadTime: null,
        returnable: true,
        collections: [],
        keywords: 'charm bracelet bracelets chain link starter',
        unitsSold: Math.floor(random.next() ** 2 * 3000),
        createdAt: createdAt(random),
        prices: pricesFor(3900 + index * 450, random, true),
      });
    }
    if (round > 0) return;
    for (const [index, [style, cents]] of GIRLS_BRACELETS.entries()) {
      const name = `Girls ${style} Charm Bracelet`;
      products.push({
        id: nextId++,
        slug: slugify(name),
        name,
        description: `A 7 inch ${style.toLowerCase()} charm bracelet for girls, with a lobster clasp that can be fastened at 5, 6 or 7 inches so it grows with her. For ages 3 and up. Sterling silver, made in the USA.`,
        kind: 'bracelet',
        shape: 'bracelet',
        label: null,
        primaryCategory: 'Charm-Bracelets',
        categories: ['Charm-Bracelets'],
        sizes: [7],
        clasp: 'lobster',
        engravingMaxChars: null,
        engravingFonts: [],
        isPhotoArt: false,
        leadTime: null,
        returnable: true,
        collections: ['girls-bracelets'],
        keywords: 'girls kids children child charm bracelet starter',
        unitsSold: 500 + index * 37,
        createdAt: createdAt(random),
        prices: { 40: cents },
      });
    }
  }
}

const BRACELET_STYLES = [
  'Classic Link', 'Cable Link', 'Rolo Link', 'Double Link', 'Curb Link', 'Figaro Link', 'Heart Toggle', 'Snake',
  'Box Chain', 'Rope', 'Byzantine', 'Mesh', 'Bangle', 'Beaded', 'Starter', 'Oval Link', 'Mariner Link',
  'Paperclip Link', 'Twisted Link', 'Square Link',
] as const;

/** The 12 bracelets of /girl-charm-bracelets, $15.00 to $92.50. */
const GIRLS_BRACELETS: readonly (readonly [string, number])[] = [
  ['Pink Heart Starter', 1500], ['Butterfly Starter', 1995], ['Rolo Link', 2495], ['Cable Link', 2950],
  ['Princess', 3450], ['Heart Toggle', 3995], ['Ballerina', 4495], ['Flower Garden', 4995],
  ['Double Link', 5750], ['Unicorn Dreams', 6500], ['Sweetheart', 7995], ['Classic Link', 9250],
];

/** The catalog's own words, for the search's spelling correction: each lower-case word and how often it appears. */
export function vocabularyOf(products: readonly Pick<SeedProduct, 'name' | 'keywords'>[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const product of products) {
    for (const word of `${product.name} ${product.keywords}`.toLowerCase().match(/[a-z][a-z']+/g) ?? []) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return counts;
}
