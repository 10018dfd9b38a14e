import { METALS } from '@charms/domain/metals';
import { describe, expect, it } from 'vitest';
import { renderBannerSvg, renderPromoSvg, renderTileSvg } from './scenes';

const gold = METALS[1].colour;

describe('scenes', () => {
  it('draws a tile with a backdrop and the charm', () => {
    const svg = renderTileSvg({ shape: 'dog', metalColour: gold, size: 140 });
    expect(svg).toContain('width="140" height="140"');
    expect(svg).toContain('<rect width="100" height="100"');
    expect(svg).toContain(`stop-color="${gold}"`);
  });

  it('hangs every charm of a banner from the chain', () => {
    const svg = renderBannerSvg({
      charms: ['heart', 'star', 'paw', 'flower'].map((shape) => ({ shape: shape as 'heart', metalColour: gold })),
      background: ['#fbeee6', '#f1d9c9'],
    });
    expect(svg).toContain('viewBox="0 0 1200 480"');
    expect(svg.match(/<g transform="translate/g)).toHaveLength(4);
    expect(svg).toContain('<ellipse');
  });

  it('writes a promo caption, escaped', () => {
    const svg = renderPromoSvg({ charms: [{ shape: 'plane', metalColour: gold }], background: ['#ffffff', '#eeeeee'], caption: 'Travel & Fun' });
    expect(svg).toContain('>Travel &amp; Fun</text>');
    expect(svg).toContain('viewBox="0 0 600 400"');
  });

  it('refuses bad colours and empty scenes', () => {
    expect(() => renderTileSvg({ shape: 'dog', metalColour: gold, background: 'url(x)' })).toThrow(RangeError);
    expect(() => renderPromoSvg({ charms: [], background: ['#ffffff', '#eeeeee'] })).toThrow(RangeError);
  });
});
