import { BRACELET_CHARMS, CATEGORY_ICONS, DEFAULT_ICONS, DRAWN_ICONS, KEYWORD_ICONS, LABEL_WORDS, PHOTO_PICTURES } from './motif-table';
import { GAME_ICON_PATHS, COLOUR_ICON_BODIES } from './icon-data';

/**
 * What a product's picture shows, chosen from its name and category alone (so a product staff create by name gets
 * a fitting picture without anyone drawing it), and a short key that names the drawing in its URL. Two products
 * with the same key have the same picture; the variations (setting, pose, finish, enamel colour) come from the
 * name's style word and a stable hash of the name, so products on one listing page look different from each other.
 */

/** What a charm's motif sits on: nothing (cut out), or a disc, a heart, a tag... */
export const SETTINGS = [
  'cut', 'disc', 'heart', 'oval', 'tag', 'shield', 'scalloped', 'octagon', 'square', 'star', 'bar', 'dogtag', 'bone',
  'cross', 'flower', 'puzzle', 'block', 'locket', 'calendar',
] as const;
export type Setting = (typeof SETTINGS)[number];

/** The finish a name's style word asks for ("Enamel Heart" is enamelled, "3D Horse" sculpted). */
export const FINISHES = [
  'plain', 'sculpted', 'enamel', 'engraved', 'mini', 'large', 'twotone', 'dangle', 'polished', 'antiqued', 'crystal', 'filigree',
] as const;
export type Finish = (typeof FINISHES)[number];

const STYLE_FINISH: Readonly<Record<string, Finish>> = {
  '3d': 'sculpted', enamel: 'enamel', engravable: 'engraved', mini: 'mini', large: 'large', 'two-tone': 'twotone',
  dangle: 'dangle', polished: 'polished', antiqued: 'antiqued', crystal: 'crystal', filigree: 'filigree',
};

/** Enamel and crystal colours; the first ones are the birthstones' colours. */
export const TINTS = ['#b3122e', '#7d3fa8', '#6fc3df', '#eef4f8', '#1e8c5a', '#4f8f8a', '#a6c93a', '#1f4fbf', '#e27fa6', '#e8a317'] as const;

const BIRTHSTONES: readonly (readonly [string, number])[] = [
  ['garnet', 0], ['amethyst', 1], ['aquamarine', 2], ['april crystal', 3], ['emerald', 4], ['alexandrite', 5],
  ['ruby', 0], ['peridot', 6], ['sapphire', 7], ['rose zircon', 8], ['topaz', 9], ['blue zircon', 2],
];

/** Bracelets by the style their name says: the link each is made of. */
export const BRACELET_STYLES = [
  'starter', 'classic', 'oval', 'cable', 'rolo', 'double', 'curb', 'figaro', 'snake', 'box', 'rope', 'byzantine', 'mesh', 'bangle', 'beaded',
  'mariner', 'paperclip', 'twisted', 'square',
] as const;
export type BraceletStyle = (typeof BRACELET_STYLES)[number];
export const CLASPS = ['lobster', 'toggle', 'none'] as const;
export type Clasp = (typeof CLASPS)[number];

export type ProductDesign =
  | {
      kind: 'charm';
      /** A game icon's name, or null for a charm that shows its label or nothing (a blank disc). */
      icon: string | null;
      label: string | null;
      setting: Setting;
      finish: Finish;
      /** 0-5: mirrored or not, times three tilts. */
      pose: number;
      /** Index into TINTS, for enamel and crystals. */
      tint: number;
    }
  | {
      kind: 'photo';
      frame: Setting;
      picture: string;
      /** The sample photo turned the other way, so further designs of a frame differ. */
      mirrored: boolean;
    }
  | {
      kind: 'bracelet';
      style: BraceletStyle;
      clasp: Clasp;
      /** A colour charm the name promises (a girls' bracelet's butterfly), or null. */
      charm: string | null;
      /** A girls' bracelet: smaller, with pink enamel beads between the links. */
      girls: boolean;
      /**
       * 0-53: how the bracelet lies (six turns), the links' weight (light, regular, heavy) and their tone
       * (polished, two-tone, satin), so further designs of a style look different.
       */
      pose: number;
    };

export interface ProductForPicture {
  name: string;
  /** The category's URL name (primary category), e.g. Dog-Charms. */
  category: string;
  kind: 'charm' | 'bracelet';
  isPhotoArt?: boolean;
}

/** The path data of a motif (512 x 512 box), from the icon set or drawn here; undefined for an unknown name. */
export function iconPath(name: string): string | undefined {
  if (Object.hasOwn(GAME_ICON_PATHS, name)) return GAME_ICON_PATHS[name];
  if (Object.hasOwn(DRAWN_ICONS, name)) return DRAWN_ICONS[name];
  return undefined;
}

/** FNV-1a: a stable 32-bit hash, so the same name always gets the same picture. */
function hash(text: string): number {
  let value = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 16777619);
  }
  // A final mix, so names that differ in one letter differ in every field drawn from the hash.
  value ^= value >>> 16;
  value = Math.imul(value, 2246822507);
  value ^= value >>> 13;
  return value >>> 0;
}

const has = (text: string, phrase: string): boolean => new RegExp(`(^|[^a-z0-9])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9])`).test(text);
const hasAny = (text: string, phrases: string): boolean => phrases.split('|').some((phrase) => has(text, phrase));

/** The setting a name says ("Heart Disc", "Dog Tag", "PhotoArt Octagon"), if it says one. */
const NAMED_SETTINGS: readonly (readonly [string, Setting])[] = [
  ['dog bone', 'bone'], ['dog tag', 'dogtag'], ['puzzle', 'puzzle'], ['baby block|block', 'block'], ['locket', 'locket'],
  ['heart', 'heart'], ['oval', 'oval'], ['octagon', 'octagon'], ['scalloped', 'scalloped'], ['shield', 'shield'],
  ['star', 'star'], ['cross', 'cross'], ['flower', 'flower'], ['rectangle|bar', 'bar'], ['square|frame', 'square'],
  ['round|disc|two-sided round', 'disc'],
];
const namedSetting = (text: string): Setting | null => NAMED_SETTINGS.find(([phrases]) => hasAny(text, phrases))?.[1] ?? null;

/** Settings a motif may sit on, most often cut out on its own. */
const MOTIF_SETTINGS: readonly Setting[] = ['cut', 'cut', 'disc', 'heart', 'oval', 'shield', 'scalloped', 'tag', 'octagon'];
const LABEL_SETTINGS: readonly Setting[] = ['disc', 'octagon', 'scalloped', 'shield', 'square', 'tag', 'heart', 'oval'];
const BLANK_FINISHES: readonly Finish[] = ['plain', 'polished', 'sculpted', 'filigree', 'crystal', 'enamel', 'antiqued', 'dangle'];

const STATE_CODES: Readonly<Record<string, string>> = {
  alabama: 'AL', alaska: 'AK', arizona: 'AZ', arkansas: 'AR', california: 'CA', colorado: 'CO', connecticut: 'CT',
  delaware: 'DE', florida: 'FL', georgia: 'GA', hawaii: 'HI', idaho: 'ID', illinois: 'IL', indiana: 'IN', iowa: 'IA',
  kansas: 'KS', kentucky: 'KY', louisiana: 'LA', maine: 'ME', maryland: 'MD', massachusetts: 'MA', michigan: 'MI',
  minnesota: 'MN', mississippi: 'MS', missouri: 'MO', montana: 'MT', nebraska: 'NE', nevada: 'NV',
  'new hampshire': 'NH', 'new jersey': 'NJ', 'new mexico': 'NM', 'new york': 'NY', 'north carolina': 'NC',
  'north dakota': 'ND', ohio: 'OH', oklahoma: 'OK', oregon: 'OR', pennsylvania: 'PA', 'rhode island': 'RI',
  'south carolina': 'SC', 'south dakota': 'SD', tennessee: 'TN', texas: 'TX', utah: 'UT', vermont: 'VT',
  virginia: 'VA', washington: 'WA', 'west virginia': 'WV', wisconsin: 'WI', wyoming: 'WY',
};
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

function braceletDesign(text: string, h: number, designNumber: number): ProductDesign {
  const style: BraceletStyle = hasAny(text, 'bangle')
    ? 'bangle'
    : (BRACELET_STYLES.find((candidate) => has(text, candidate)) ?? (hasAny(text, 'link') ? 'classic' : 'cable'));
  const clasp: Clasp = style === 'bangle' ? 'none' : has(text, 'toggle') ? 'toggle' : 'lobster';
  const charm = BRACELET_CHARMS.find(([phrase]) => has(text, phrase))?.[1] ?? null;
  // The catalog's own bracelets (no design number) are polished and regular; further designs go through all 54.
  const pose = designNumber > 0 ? (designNumber + (h % 54)) % 54 : h % 6;
  return { kind: 'bracelet', style, clasp, charm, girls: has(text, 'girls'), pose };
}

/** Chooses the picture for a product from its name and category. Pure: the same product always gets the same. */
export function chooseProductDesign(product: ProductForPicture): ProductDesign {
  const full = product.name.toLowerCase();
  // ", Design 7" names a further design of the same subject: the same motif, drawn differently.
  const text = full.replace(/,\s*design\s+\d+$/, '');
  const h = hash(full);
  const designNumber = Number(full.match(/,\s*design\s+(\d+)$/)?.[1] ?? 0);
  if (product.kind === 'bracelet') return braceletDesign(text, hash(text), designNumber);
  // Further designs of one subject are listed together (a page of "Pig Charm, Design 2…44"): rather than leave
  // their looks to the hash, count through the combinations from a start the subject's hash gives, so up to 48
  // designs of a subject all differ.
  const combo = designNumber > 0 ? designNumber + (hash(text) % 48) : -1;

  const styleWord = text.match(/^(3d|enamel|engravable|mini|large|two-tone|dangle|polished|antiqued|crystal|filigree)\s/)?.[1];
  let finish: Finish = styleWord ? STYLE_FINISH[styleWord]! : 'plain';
  const pose = (h >>> 8) % 6;
  // Enamel and crystals in every colour but the clear one, which would vanish on a white metal.
  let tint = [0, 1, 2, 4, 5, 6, 7, 8, 9][(h >>> 12) % 9]!;

  if (product.isPhotoArt || product.category === 'PhotoArt-Charms' || has(text, 'photoart')) {
    const frame = namedSetting(text.replace(/photoart/, '')) ?? 'disc';
    const count = PHOTO_PICTURES.length;
    const index = combo >= 0 ? (hash(text) + combo) % (count * 2) : h % count;
    return { kind: 'photo', frame, picture: PHOTO_PICTURES[index % count]!, mirrored: index >= count };
  }

  const charm = (icon: string | null, label: string | null, namedSetting: Setting): ProductDesign => {
    let setting = namedSetting;
    let chosenPose = pose;
    let chosenFinish = finish;
    if (combo >= 0 && label) {
      // Letters: 8 settings x 3 tilts x plain or polished.
      setting = LABEL_SETTINGS[combo % 8]!;
      chosenPose = Math.floor(combo / 8) % 3;
      if (finish === 'plain' && Math.floor(combo / 24) % 2 === 1) chosenFinish = 'polished';
    } else if (combo >= 0 && !icon) {
      // A blank keeps the shape its name says: 8 finishes x 6 poses.
      chosenFinish = finish === 'plain' ? BLANK_FINISHES[combo % 8]! : finish;
      chosenPose = Math.floor(combo / 8) % 6;
    }
    return {
      kind: 'charm',
      icon,
      label,
      setting,
      finish: chosenFinish,
      // Letters and numbers are never mirrored: only tilted.
      pose: label ? chosenPose % 3 : chosenPose,
      tint: chosenFinish === 'enamel' || chosenFinish === 'crystal' ? tint : 0,
    };
  };

  const number = text.match(/^number\s+(\d{1,3})\b/)?.[1];
  if (number) return charm(null, number, 'disc');
  const letter = text.match(/^letter\s+([a-z])\b/)?.[1];
  if (letter) return charm(null, letter.toUpperCase(), 'square');
  if (product.category === 'Calendar-Charms') {
    const month = MONTHS.findIndex((name) => has(text, name));
    if (month >= 0) return charm(null, MONTHS[month]!.slice(0, 3).toUpperCase(), 'calendar');
  }
  if (product.category === 'State-Charms') {
    const state = Object.keys(STATE_CODES)
      .sort((a, b) => b.length - a.length)
      .find((name) => has(text, name));
    if (state) return charm(null, STATE_CODES[state]!, (['disc', 'shield', 'tag', 'octagon'] as const)[h % 4]!);
  }
  const birthstone = BIRTHSTONES.find(([stone]) => has(text, stone));
  if (birthstone && product.category === 'Birthstone-Charms') {
    finish = 'crystal';
    tint = birthstone[1];
    return charm('gem-pendant', null, (['heart', 'disc', 'cut', 'oval'] as const)[h % 4]!);
  }
  // Blank charms made to be engraved are their shape: a round disc, a heart tag, a dog bone.
  if (product.category === 'Engravable-Charms' || product.category === 'charm-tags') {
    const setting = namedSetting(text);
    if (setting) return charm(null, null, setting);
  }

  // The style word is how it is made, not what it shows: "Crystal Eiffel Tower" is a tower, not a crystal.
  const subject = styleWord ? text.slice(styleWord.length + 1) : text;
  const word = LABEL_WORDS.find(([phrases]) => hasAny(subject, phrases));
  if (word) return charm(null, word[1], (['heart', 'disc', 'tag', 'octagon', 'shield'] as const)[h % 5]!);
  const row = KEYWORD_ICONS.find(([phrases]) => hasAny(subject, phrases));
  const icons = row?.[1] ?? CATEGORY_ICONS[product.category] ?? DEFAULT_ICONS;
  // A two-tone charm needs something to stand on; a filigree one its lace frame.
  const settings = finish === 'twotone' || finish === 'filigree' ? MOTIF_SETTINGS.filter((s) => s !== 'cut') : MOTIF_SETTINGS;
  if (combo >= 0) {
    // 8 settings x 6 poses, then the subject's next icon.
    const distinct = [...new Set(settings)];
    const design = charm(icons[(hash(text) + Math.floor(combo / (distinct.length * 6))) % icons.length]!, null, distinct[combo % distinct.length]!);
    return { ...design, pose: Math.floor(combo / distinct.length) % 6 } as ProductDesign;
  }
  return charm(icons[h % icons.length]!, null, settings[(h >>> 4) % settings.length]!);
}

const LABEL = /^[A-Z0-9]{1,4}$/;
const isOneOf = <T extends string>(list: readonly T[], value: string | undefined): value is T => list.includes(value as T);

/** The design's short key, for the picture's URL: letters, digits, '-', '.' and '_' only. */
export function designKey(design: ProductDesign): string {
  switch (design.kind) {
    case 'charm':
      return `c.${design.icon ?? '_'}.${design.setting}.${design.finish}.${design.pose}${design.tint}${design.label ? `.${design.label}` : ''}`;
    case 'photo':
      return `p.${design.frame}.${design.picture}${design.mirrored ? '.m' : ''}`;
    case 'bracelet':
      return `b.${design.style}.${design.clasp}.${design.charm ?? '_'}.${design.pose}${design.girls ? '.g' : ''}`;
  }
}

/** Reads a key back, checking every part against what exists; null for anything else (the picture is a 404). */
export function parseDesignKey(key: string): ProductDesign | null {
  if (key.length > 80 || !/^[a-z0-9._A-Z-]+$/.test(key)) return null;
  const parts = key.split('.');
  const [kind, a, b, c, d, e] = parts;
  if (kind === 'c' && (parts.length === 5 || parts.length === 6)) {
    const icon = a === '_' ? null : a!;
    if (icon !== null && iconPath(icon) === undefined) return null;
    if (!isOneOf(SETTINGS, b) || !isOneOf(FINISHES, c) || !/^[0-5]\d$/.test(d ?? '')) return null;
    const tint = Number(d![1]);
    const label = e ?? null;
    if (label !== null && !LABEL.test(label)) return null;
    if (icon !== null && label !== null) return null;
    return { kind: 'charm', icon, label, setting: b, finish: c, pose: Number(d![0]), tint };
  }
  if (kind === 'p' && (parts.length === 3 || (parts.length === 4 && c === 'm'))) {
    if (!isOneOf(SETTINGS, a) || !PHOTO_PICTURES.includes(b!) || !Object.hasOwn(COLOUR_ICON_BODIES, b!)) return null;
    return { kind: 'photo', frame: a, picture: b!, mirrored: c === 'm' };
  }
  if (kind === 'b' && (parts.length === 5 || (parts.length === 6 && e === 'g'))) {
    if (!isOneOf(BRACELET_STYLES, a) || !isOneOf(CLASPS, b) || !/^([0-9]|[1-4][0-9]|5[0-3])$/.test(d ?? '')) return null;
    const charm = c === '_' ? null : c!;
    if (charm !== null && !BRACELET_CHARMS.some(([, icon]) => icon === charm)) return null;
    return { kind: 'bracelet', style: a, clasp: b, charm, girls: e === 'g', pose: Number(d) };
  }
  return null;
}
