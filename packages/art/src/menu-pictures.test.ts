import { describe, expect, it } from 'vitest';
import { menuPictureName, menuPictureUrl, parseMenuPicture } from './menu-pictures';

describe('parseMenuPicture', () => {
  it('reads the named menu pictures and a metal/shape pair', () => {
    expect(parseMenuPicture('menu-charm-tags')).toEqual({ metal: 'sterling-silver', shape: 'tag' });
    expect(parseMenuPicture('14k-gold/paw')).toEqual({ metal: '14k-gold', shape: 'paw' });
  });

  it('knows nothing else: unknown metals or shapes, extra parts, another case, prototype keys', () => {
    for (const name of ['silver/paw', '14k-gold/dragon', '14k-gold/paw/x', '14K-GOLD/paw', 'toString', '', null, undefined]) {
      expect(parseMenuPicture(name), String(name)).toBeNull();
    }
  });

  it('names and serves a picture', () => {
    const picture = { metal: 'gold-plate', shape: 'cake' } as const;
    expect(menuPictureName(picture)).toBe('gold-plate/cake');
    expect(parseMenuPicture(menuPictureName(picture))).toEqual(picture);
    expect(menuPictureUrl(picture)).toBe('/art/v1/tile/gold-plate/cake.svg');
  });
});
