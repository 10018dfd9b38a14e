import { describe, expect, it } from 'vitest';
import { chargedCharacters, engravingCharge, isEngravingFree } from './engraving';

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
