import { describe, expect, it } from 'vitest';
import { HEIC_ADVICE, photoProblem } from './photo-check';

describe('a chosen PhotoArt photo, checked in the browser', () => {
  it('accepts a JPEG, PNG or WebP up to 20 MB', () => {
    expect(photoProblem({ name: 'me.jpg', type: 'image/jpeg', size: 3_000_000 })).toBeNull();
    expect(photoProblem({ name: 'me.webp', type: 'image/webp', size: 20 * 1024 * 1024 })).toBeNull();
  });

  it('tells the shopper to save a HEIC photo as JPEG', () => {
    expect(photoProblem({ name: 'IMG_0001.HEIC', type: '', size: 2_000_000 })).toBe(HEIC_ADVICE);
    expect(HEIC_ADVICE).toMatch(/save it as JPEG/);
  });

  it('refuses an SVG, another kind of file, and a 25 MB photo, saying why', () => {
    expect(photoProblem({ name: 'logo.svg', type: 'image/svg+xml', size: 1000 })).toMatch(/SVG drawings are not accepted/);
    expect(photoProblem({ name: 'notes.pdf', type: 'application/pdf', size: 1000 })).toMatch(/not a JPEG, PNG or WebP/);
    expect(photoProblem({ name: 'big.jpg', type: 'image/jpeg', size: 25 * 1024 * 1024 })).toMatch(/25 MB: the limit is 20 MB/);
  });
});
