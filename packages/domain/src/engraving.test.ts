import { describe, expect, it } from 'vitest';
import { chargedCharacters, engravingCharge, engravingProblem, isEngravingFree } from './engraving';

describe('engraving charge', () => {
  it('is $0.75 per character, spaces free', () => {
    expect(chargedCharacters('Love you')).toBe(7);
    expect(engravingCharge('Love you', 40)).toBe(525);
    expect(engravingCharge('A', 50)).toBe(75);
  });

  it('is waived on 10k, 14k and 14k white gold, not on gold plate or silver', () => {
    expect(engravingCharge('Emma 2026', 10)).toBe(0);
    expect(engravingCharge('Emma 2026', 20)).toBe(0);
    expect(engravingCharge('Emma 2026', 30)).toBe(0);
    expect(isEngravingFree(50)).toBe(false);
    expect(isEngravingFree(40)).toBe(false);
  });
});

describe('engravingProblem', () => {
  const rules = { maxCharacters: 10, fonts: ['block', 'script'] };
  it('accepts names, dates and initials in an allowed font', () => {
    expect(engravingProblem('Emma', 'block', rules)).toBeNull();
    expect(engravingProblem('6/14/2026', 'script', rules)).toBeNull();
    expect(engravingProblem("J & M", 'block', rules)).toBeNull();
    expect(engravingProblem('Zoë', 'block', rules)).toBeNull();
  });

  it('refuses what cannot be engraved, with a reason for the shopper', () => {
    expect(engravingProblem('   ', 'block', rules)).toMatchObject({ field: 'text', message: 'Enter the text to engrave' });
    expect(engravingProblem('Emma Elizabeth', 'block', rules)?.message).toBe('Engraving can be at most 10 characters on this item (you have 14)');
    expect(engravingProblem('<b>hi</b>', 'block', rules)?.field).toBe('text');
    expect(engravingProblem('a\u0000b', 'block', rules)?.message).toContain('cannot be engraved');
    expect(engravingProblem('love 💖', 'block', rules)?.field).toBe('text');
    expect(engravingProblem('Emma', 'monogram-block', rules)).toEqual({ field: 'font', message: 'Choose one of the fonts for this item: Block, Script' });
    expect(engravingProblem('Emma', 'block', null)?.message).toBe('This item cannot be engraved');
  });
});
