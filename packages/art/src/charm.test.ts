import { METALS } from '@charms/domain/metals';
import { describe, expect, it } from 'vitest';
import { CHARM_SHAPES, isCharmShape, renderCharmSvg } from './charm';

const silver = METALS[0].colour;

describe('renderCharmSvg', () => {
  it('draws every listed shape as a standalone SVG with a jump ring, in the metal colour', () => {
    for (const shape of CHARM_SHAPES) {
      const svg = renderCharmSvg({ shape, metalColour: silver });
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).toContain(`stop-color="${silver}"`);
      expect(svg).toContain('width="160" height="160"');
      if (shape !== 'bracelet') expect(svg).toContain('<circle cx="50"');
    }
  });

  it('offers the shapes the catalog and the pages need', () => {
    for (const shape of ['heart', 'star', 'paw', 'dog', 'cat', 'bone', 'number', 'letter', 'disc', 'tag', 'bracelet', 'shell',
      'flower', 'tree', 'pumpkin', 'ghost', 'cake', 'gift', 'ring', 'baby', 'plane', 'ball', 'music', 'cross', 'anchor',
      'camera', 'calendar', 'moon', 'butterfly', 'horse', 'house', 'car', 'graduation', 'clover', 'apple']) {
      expect(isCharmShape(shape), shape).toBe(true);
    }
    expect(isCharmShape('toString')).toBe(false);
  });

  it('gives each metal its own colour', () => {
    const pictures = new Set(METALS.map((metal) => renderCharmSvg({ shape: 'heart', metalColour: metal.colour })));
    expect(pictures.size).toBe(METALS.length);
  });

  it('engraves the label, escaped, on shapes that have room, and falls back to a sensible glyph', () => {
    expect(renderCharmSvg({ shape: 'letter', metalColour: silver, label: 'K' })).toMatch(/<text[^>]*>K<\/text>/);
    expect(renderCharmSvg({ shape: 'number', metalColour: silver })).toMatch(/<text[^>]*>7<\/text>/);
    expect(renderCharmSvg({ shape: 'disc', metalColour: silver, label: '<&>' })).toContain('&lt;&amp;&gt;');
    expect(renderCharmSvg({ shape: 'star', metalColour: silver, label: 'Zoe' })).not.toContain('<text');
  });

  it('is named when a title is given and hidden from assistive technology otherwise', () => {
    expect(renderCharmSvg({ shape: 'paw', metalColour: silver, title: 'Paw & print' })).toContain('role="img"><title>Paw &amp; print</title>');
    expect(renderCharmSvg({ shape: 'paw', metalColour: silver })).toContain('aria-hidden="true"');
  });

  it('refuses a colour that is not #rrggbb, so nothing can be injected into the markup', () => {
    expect(() => renderCharmSvg({ shape: 'heart', metalColour: 'red"/><script>' })).toThrow(RangeError);
  });

  it('sizes the picture as asked', () => {
    expect(renderCharmSvg({ shape: 'moon', metalColour: silver, size: 48 })).toContain('width="48" height="48"');
  });
});
