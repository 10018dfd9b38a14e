import { describe, expect, it } from 'vitest';
import { COLOUR_ICON_BODIES, GAME_ICON_PATHS } from './icon-data';
import { COLOUR_ICONS, GAME_ICONS } from './motif-table';
import { chooseProductDesign, designKey, parseDesignKey, type ProductDesign, type ProductForPicture } from './product-design';

const charm = (name: string, category: string, isPhotoArt = false): ProductForPicture => ({ name, category, kind: 'charm', isPhotoArt });
const bracelet = (name: string): ProductForPicture => ({ name, category: 'Charm-Bracelets', kind: 'bracelet' });
const iconOf = (design: ProductDesign) => (design.kind === 'charm' ? design.icon : null);

const DOGS = ['sitting-dog', 'jumping-dog', 'sniffing-dog', 'hound', 'wolf-head', 'basset-hound-head'];

describe('chooseProductDesign: the motif the name says', () => {
  it.each([
    ['3D Labrador Retriever Charm', 'Dog-Charms', DOGS],
    ['Australian Cattle Dog Charm', 'Dog-Charms', DOGS],
    ['Beagle Charm', 'Dog-Charms', ['basset-hound-head', 'sniffing-dog']],
    ['Enamel Heart Padlock Charm', 'Heart-Charms', ['locked-heart', 'padlock']],
    ['Heart Key Charm', 'Heart-Charms', ['heart-key']],
    ['Broken Heart Charm', 'Heart-Charms', ['broken-heart']],
    ['Cross Charm', 'Religious-Charms', ['gothic-cross', 'jerusalem-cross', 'celtic-cross', 'camargue-cross']],
    ['Hot Dog Charm', 'Food-and-Drink-Charms', ['hot-dog']],
    ['Mini Sailboat Charm', 'Nautical-Charms', ['sailboat', 'shooner-sailboat']],
    ['Camera Charm', 'Hobby-Charms', ['photo-camera', 'film-projector']],
    ['Siamese Cat Charm', 'Cat-Charms', ['cat', 'saber-toothed-cat-head']],
    ['Scorpio Charm', 'Zodiac-Charms', ['scorpio']],
    ['Enamel Star of David Charm', 'Religious-Charms', ['star-of-david']],
    ['Apple for Teacher Charm', 'Graduation-Charms', ['shiny-apple']],
    ['Uncle Sam Hat Charm', 'Patriotic-Charms', ['top-hat']],
    ['Crystal Eiffel Tower Charm', 'Travel-Charms', ['radio-tower']],
  ])('%s (%s) shows %j', (name, category, icons) => {
    expect(icons).toContain(iconOf(chooseProductDesign(charm(name, category))));
  });

  it('draws the style word: enamel, crystal, sculpted, two-tone on a setting', () => {
    expect(chooseProductDesign(charm('Enamel Rose Charm', 'Flower-Charms'))).toMatchObject({ kind: 'charm', finish: 'enamel' });
    expect(chooseProductDesign(charm('Crystal Rose Charm', 'Flower-Charms'))).toMatchObject({ finish: 'crystal' });
    expect(chooseProductDesign(charm('3D Rose Charm', 'Flower-Charms'))).toMatchObject({ finish: 'sculpted' });
    const twoTone = chooseProductDesign(charm('Two-Tone Rose Charm', 'Flower-Charms'));
    expect(twoTone).toMatchObject({ finish: 'twotone' });
    expect(twoTone.kind === 'charm' && twoTone.setting).not.toBe('cut');
    expect(chooseProductDesign(charm('Rose Charm', 'Flower-Charms'))).toMatchObject({ finish: 'plain', tint: 0 });
  });

  it('keeps numbers, letters, months and states as their words', () => {
    expect(chooseProductDesign(charm('Number 7 Charm', 'Number-Charms'))).toMatchObject({ icon: null, label: '7', setting: 'disc' });
    expect(chooseProductDesign(charm('Number 99 Charm', 'Number-Charms'))).toMatchObject({ label: '99' });
    expect(chooseProductDesign(charm('Letter A Charm', 'Letter-Charms'))).toMatchObject({ icon: null, label: 'A' });
    expect(chooseProductDesign(charm('Enamel March Charm', 'Calendar-Charms'))).toMatchObject({ label: 'MAR', setting: 'calendar', finish: 'enamel' });
    expect(chooseProductDesign(charm('New Mexico Charm', 'State-Charms'))).toMatchObject({ label: 'NM' });
    expect(chooseProductDesign(charm('West Virginia Charm', 'State-Charms'))).toMatchObject({ label: 'WV' });
    expect(chooseProductDesign(charm('Sweet 16 Charm', 'Birthday-Charms'))).toMatchObject({ icon: null, label: '16' });
    expect(chooseProductDesign(charm('Class of 2027 Charm', 'Graduation-Charms'))).toMatchObject({ label: '2027' });
    expect(chooseProductDesign(charm('Enamel Mom Charm', 'Family-Charms'))).toMatchObject({ label: 'MOM', finish: 'enamel' });
    expect(chooseProductDesign(charm('Engravable Sister Friend Charm', 'Friendship-Charms'))).toMatchObject({ label: 'SIS' });
  });

  it('gives a birthstone its colour and blanks their shape', () => {
    const ruby = chooseProductDesign(charm('July Ruby Charm', 'Birthstone-Charms'));
    const sapphire = chooseProductDesign(charm('September Sapphire Charm', 'Birthstone-Charms'));
    expect(ruby).toMatchObject({ finish: 'crystal', icon: 'gem-pendant' });
    expect(ruby.kind === 'charm' && sapphire.kind === 'charm' && ruby.tint !== sapphire.tint).toBe(true);
    expect(chooseProductDesign(charm('Round Charm Tag', 'charm-tags'))).toMatchObject({ icon: null, label: null, setting: 'disc' });
    expect(chooseProductDesign(charm('Dog Bone Tag Charm', 'charm-tags'))).toMatchObject({ setting: 'bone' });
    expect(chooseProductDesign(charm('Heart Disc Charm', 'Engravable-Charms'))).toMatchObject({ setting: 'heart' });
    expect(chooseProductDesign(charm('Dog Tag Charm', 'Engravable-Charms'))).toMatchObject({ setting: 'dogtag' });
  });

  it('draws PhotoArt in colour in the frame its name says', () => {
    expect(chooseProductDesign(charm('3D PhotoArt Cross Charm', 'PhotoArt-Charms', true))).toMatchObject({ kind: 'photo', frame: 'cross' });
    expect(chooseProductDesign(charm('PhotoArt Heart Charm', 'PhotoArt-Charms', true))).toMatchObject({ kind: 'photo', frame: 'heart' });
    expect(chooseProductDesign(charm('PhotoArt Round Charm', 'PhotoArt-Charms', true))).toMatchObject({ kind: 'photo', frame: 'disc' });
  });

  it('draws bracelets by their style, clasp and charm', () => {
    expect(chooseProductDesign(bracelet('Bangle Charm Bracelet'))).toMatchObject({ kind: 'bracelet', style: 'bangle', clasp: 'none', charm: null, girls: false });
    expect(chooseProductDesign(bracelet('Curb Link Charm Bracelet'))).toMatchObject({ style: 'curb', clasp: 'lobster' });
    expect(chooseProductDesign(bracelet('Heart Toggle Charm Bracelet'))).toMatchObject({ clasp: 'toggle' });
    expect(chooseProductDesign(bracelet('Rolo Link Charm Bracelet, Design 3'))).toMatchObject({ style: 'rolo' });
    expect(chooseProductDesign(bracelet('Girls Pink Heart Starter Charm Bracelet'))).toMatchObject({ style: 'starter', charm: 'red-heart', girls: true });
    expect(chooseProductDesign(bracelet('Classic Link Charm Bracelet'))).toMatchObject({ style: 'classic', girls: false });
    expect(chooseProductDesign(bracelet('Oval Link Charm Bracelet'))).toMatchObject({ style: 'oval' });
    expect(chooseProductDesign(bracelet('Girls Classic Link Charm Bracelet'))).toMatchObject({ style: 'classic', girls: true });
    expect(chooseProductDesign(bracelet('Girls Butterfly Starter Charm Bracelet'))).toMatchObject({ charm: 'butterfly' });
    expect(chooseProductDesign(bracelet('Girls Princess Charm Bracelet'))).toMatchObject({ charm: 'crown' });
  });

  it('still draws a charm for a name it has never seen, from the category', () => {
    expect(DOGS).toContain(iconOf(chooseProductDesign(charm('Our Best Friend Rex Charm', 'Dog-Charms'))));
    expect(iconOf(chooseProductDesign(charm('Something New', 'No-Such-Category')))).toBeTruthy();
  });

  it('draws further designs of a subject as the same motif, differently', () => {
    const names = Array.from({ length: 12 }, (_, i) => `Pig Charm${i ? `, Design ${i + 1}` : ''}`);
    const designs = names.map((name) => chooseProductDesign(charm(name, 'Animal-Charms')));
    for (const design of designs) expect(['pig', 'pig-face']).toContain(iconOf(design));
    expect(new Set(designs.map(designKey)).size).toBeGreaterThanOrEqual(9);
  });

  it('draws up to 44 further designs of one subject (the large catalog) all differently', () => {
    const designs = (name: string, category: string, kind: 'charm' | 'bracelet' = 'charm') =>
      Array.from({ length: 43 }, (_, i) => designKey(chooseProductDesign({ name: `${name}, Design ${i + 2}`, category, kind })));
    for (const [name, category] of [['Pig Charm', 'Animal-Charms'], ['Enamel Heart Padlock Charm', 'Heart-Charms'], ['Number 7 Charm', 'Number-Charms'],
      ['Round Disc Charm', 'Engravable-Charms'], ['Airedale Terrier Charm', 'Dog-Charms'], ['Texas Charm', 'State-Charms'],
      ['PhotoArt Heart Charm', 'PhotoArt-Charms']] as const) {
      const keys = designs(name, category);
      expect(new Set(keys).size, name).toBe(43);
    }
    for (const key of designs('Number 7 Charm', 'Number-Charms')) expect(key).toMatch(/\.7$/);
    for (const key of designs('Round Disc Charm', 'Engravable-Charms')) expect(key).toMatch(/^c\._\.disc\./);
    const bangles = designs('Bangle Charm Bracelet', 'Charm-Bracelets', 'bracelet');
    expect(new Set(bangles).size).toBe(43);
    for (const key of bangles) expect(parseDesignKey(key)).toMatchObject({ kind: 'bracelet', style: 'bangle' });
  });

  it('is stable: the same product always gets the same picture', () => {
    const product = charm('Enamel Dolphin Charm', 'Beach-Charms');
    expect(designKey(chooseProductDesign(product))).toBe(designKey(chooseProductDesign({ ...product })));
  });
});

describe('designKey and parseDesignKey', () => {
  it('read back every key they write', () => {
    const products = [
      charm('3D Labrador Retriever Charm', 'Dog-Charms'), charm('Number 42 Charm', 'Number-Charms'), charm('Letter Q Charm', 'Letter-Charms'),
      charm('Round Disc Charm', 'Engravable-Charms'), charm('PhotoArt Puzzle Piece Charm', 'PhotoArt-Charms', true),
      bracelet('Figaro Link Charm Bracelet'), bracelet('Girls Unicorn Dreams Charm Bracelet'), charm('Crystal July Ruby Charm', 'Birthstone-Charms'),
    ];
    for (const product of products) {
      const design = chooseProductDesign(product);
      const key = designKey(design);
      expect(key).toMatch(/^[A-Za-z0-9._-]+$/);
      expect(parseDesignKey(key), key).toEqual(design);
    }
  });

  it('refuse anything that is not a drawing', () => {
    for (const key of [
      '', 'c', 'c.sitting-dog', 'c.no-such-icon.disc.plain.00', 'c.sitting-dog.moon.plain.00', 'c.sitting-dog.disc.shiny.00',
      'c.sitting-dog.disc.plain.60', 'c.sitting-dog.disc.plain.0', 'c._.disc.plain.00.toolong', 'c._.disc.plain.00.ab',
      'c.sitting-dog.disc.plain.00.A', 'c.<script>.disc.plain.00', 'c._.disc.plain.00.<b>', 'p.heart.no-such-photo',
      'p.moon.sunflower', 'p.heart.sunflower.x', 'p.heart.sunflower.m.m', 'b.curb.lobster', 'b.curb.magnet._', 'b.gold.lobster._', 'b.curb.lobster.skull.0', 'b.curb.lobster._.0.x', 'b.curb.lobster._.54', 'b.curb.lobster._.07', 'b.curb.lobster._', 'x.a.b.c',
      'c.__proto__.disc.plain.00', 'c.constructor.disc.plain.00', `c._.disc.plain.00.${'9'.repeat(90)}`,
    ]) {
      expect(parseDesignKey(key), key).toBeNull();
    }
  });
});

describe('the icon subset', () => {
  it('holds every icon the tables name, and only those', () => {
    expect(Object.keys(GAME_ICON_PATHS).sort()).toEqual([...GAME_ICONS]);
    expect(Object.keys(COLOUR_ICON_BODIES).sort()).toEqual([...COLOUR_ICONS].sort());
    for (const [name, d] of Object.entries(GAME_ICON_PATHS)) expect(d, name).toMatch(/^[Mm][-0-9.,\sA-Za-z]+$/);
  });
});
