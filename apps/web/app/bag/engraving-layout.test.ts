import { describe, expect, it } from 'vitest';
import { MONOGRAM_MIDDLE, layoutEngraving, lineWidth } from './engraving-layout';

const face = { width: 110, height: 76, maxFontSize: 44 };

describe('layoutEngraving', () => {
  it('sets a short name on one line at the largest size', () => {
    const layout = layoutEngraving('Love', 'script', face);
    expect(layout).toMatchObject({ kind: 'lines', lines: ['Love'] });
  });

  it('shrinks longer text so its widest line fits the face', () => {
    const short = layoutEngraving('Ann', 'block', face);
    const long = layoutEngraving('Anniversary', 'block', face);
    expect(long.fontSize).toBeLessThan(short.fontSize);
    if (long.kind !== 'lines') throw new Error('expected lines');
    for (const line of long.lines) expect(lineWidth(line, 'block') * long.fontSize).toBeLessThanOrEqual(face.width + 0.001);
    expect(long.lines.length * long.fontSize * 1.15).toBeLessThanOrEqual(face.height + 0.001);
  });

  it('breaks lines only between words, never inside one', () => {
    for (const font of ['block', 'double-block', 'script', 'monogram-block']) {
      const text = 'Forever yours Anna Maria';
      const layout = layoutEngraving(text, font, { width: 60, height: 80, maxFontSize: 40 });
      if (layout.kind !== 'lines') throw new Error('expected lines');
      expect(layout.lines.join(' ')).toBe(text);
      for (const line of layout.lines) for (const word of line.split(' ')) expect(text.split(' ')).toContain(word);
    }
  });

  it('keeps a single long word whole, shrinking it instead', () => {
    const layout = layoutEngraving('Congratulations', 'double-block', { width: 60, height: 60, maxFontSize: 40 });
    expect(layout).toMatchObject({ kind: 'lines', lines: ['Congratulations'] });
    expect(lineWidth('Congratulations', 'double-block') * layout.fontSize).toBeLessThanOrEqual(60.001);
  });

  it('sets three initials in a monogram face with the middle one larger', () => {
    const layout = layoutEngraving('AJM', 'monogram-script', face);
    expect(layout).toMatchObject({ kind: 'monogram', initials: ['A', 'J', 'M'] });
    expect(layout.fontSize * MONOGRAM_MIDDLE).toBeLessThanOrEqual(face.height);
    // Not three letters: set as plain text.
    expect(layoutEngraving('Anna', 'monogram-block', face).kind).toBe('lines');
  });
});
