import { METALS } from '@charms/domain/metals';
import { describe, expect, it } from 'vitest';
import { BRACELET_STYLES, CLASPS, FINISHES, type ProductDesign, SETTINGS, chooseProductDesign } from './product-design';
import { PHOTO_PICTURES } from './motif-table';
import { renderProductSvg } from './product-picture';

/** A small well-formedness check: tags nest and close, attributes are quoted, text has no bare & or <. */
function expectWellFormedXml(xml: string): void {
  const stack: string[] = [];
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  let match: RegExpExecArray | null;
  let end = 0;
  while ((match = token.exec(xml))) {
    expect(match.index, `unparsed markup at ${end}: ${xml.slice(end, end + 40)}`).toBe(end);
    end = token.lastIndex;
    const [, closing, name, , selfClosing, text, stray] = match;
    expect(stray, `a stray < at ${match.index}: ${xml.slice(match.index, match.index + 40)}`).toBeUndefined();
    if (text !== undefined) {
      expect(text.replace(/&(amp|lt|gt|quot|apos|#\d+);/g, ''), 'text').not.toMatch(/[&<>]/);
    } else if (closing) {
      expect(stack.pop(), `</${name}> closes`).toBe(name);
    } else if (!selfClosing) {
      stack.push(name!);
    }
  }
  expect(end).toBe(xml.length);
  expect(stack).toEqual([]);
}

const charm = (overrides: Partial<Extract<ProductDesign, { kind: 'charm' }>>): ProductDesign => ({
  kind: 'charm', icon: 'sitting-dog', label: null, setting: 'cut', finish: 'plain', pose: 0, tint: 0, ...overrides,
});

describe('renderProductSvg', () => {
  it('draws every setting, finish, frame and bracelet as well-formed SVG in the metal colour', () => {
    const designs: ProductDesign[] = [
      ...SETTINGS.flatMap((setting) => FINISHES.map((finish, i) => charm({ setting, finish, pose: i % 6, tint: i % 10 }))),
      ...SETTINGS.map((setting) => charm({ icon: null, label: 'AB12', setting })),
      ...SETTINGS.map((setting) => charm({ icon: null, setting })),
      ...SETTINGS.map((frame, i): ProductDesign => ({ kind: 'photo', frame, picture: PHOTO_PICTURES[i % PHOTO_PICTURES.length]!, mirrored: i % 2 === 1 })),
      ...BRACELET_STYLES.flatMap((style) => CLASPS.map((clasp, i): ProductDesign => ({ kind: 'bracelet', style, clasp, charm: i ? 'red-heart' : null, girls: i === 1, pose: i * 19 }))),
    ];
    // A white and a yellow metal: the drawing is the same in every metal but for its colours.
    for (const metal of [METALS[0], METALS[1]]) {
      for (const design of designs) {
        const svg = renderProductSvg(design, metal.colour);
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
        expect(svg).toContain('width="480" height="480"');
        // An antiqued finish darkens the whole metal; everything else shows the metal's own colour.
        if (!(design.kind === 'charm' && design.finish === 'antiqued')) expect(svg.toLowerCase()).toContain(metal.colour);
        expectWellFormedXml(svg);
      }
    }
  });

  it('the checker catches broken markup', () => {
    expect(() => expectWellFormedXml('<svg><g></svg>')).toThrow();
    expect(() => expectWellFormedXml('<svg><text>a < b</text></svg>')).toThrow();
    expect(() => expectWellFormedXml('<svg width=4></svg>')).toThrow();
  });

  it('draws a label as text, never as markup', () => {
    const svg = renderProductSvg(charm({ icon: null, label: '7', setting: 'disc' }), METALS[0].colour);
    expect(svg).toContain('>7</text>');
  });

  it('refuses a colour that is not #rrggbb and an icon the subset lacks', () => {
    expect(() => renderProductSvg(charm({}), 'red')).toThrow(RangeError);
    expect(() => renderProductSvg(charm({}), '#fff"/><script>')).toThrow(RangeError);
    expect(() => renderProductSvg(charm({ icon: 'no-such-icon' }), '#c9ccd1')).toThrow(RangeError);
  });

  it('keeps a listing page light: pictures of typical products stay small', () => {
    const names: [string, string][] = [
      ['3D Labrador Retriever Charm', 'Dog-Charms'], ['Enamel Heart Padlock Charm', 'Heart-Charms'], ['Crystal Rose Charm', 'Flower-Charms'],
      ['Filigree Anchor Charm', 'Nautical-Charms'], ['Number 7 Charm', 'Number-Charms'], ['PhotoArt Heart Charm', 'PhotoArt-Charms'],
    ];
    const sizes = names.map(([name, category]) => renderProductSvg(chooseProductDesign({ name, category, kind: 'charm' }), '#d4a93c').length);
    sizes.push(renderProductSvg(chooseProductDesign({ name: 'Curb Link Charm Bracelet', category: 'Charm-Bracelets', kind: 'bracelet' }), '#d4a93c').length);
    for (const size of sizes) expect(size).toBeLessThan(9_000);
  });
});
