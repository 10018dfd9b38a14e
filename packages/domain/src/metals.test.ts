import { describe, expect, it } from 'vitest';
import { DEFAULT_METAL_ID, METALS, findMetalById, findMetalBySlug } from './metals';

describe('metals', () => {
  it('has the five metals with the fixed ids of the original store', () => {
    expect(METALS.map((metal) => [metal.id, metal.slug])).toEqual([
      [40, 'sterling-silver'],
      [10, '14k-gold'],
      [20, '14k-white-gold'],
      [30, '10k-gold'],
      [50, 'gold-plate'],
    ]);
    expect(DEFAULT_METAL_ID).toBe(40);
  });

  it('finds a metal by id or by slug, case-insensitively, and nothing for unknown ones', () => {
    expect(findMetalById(10)?.name).toBe('14k Gold');
    expect(findMetalById(41)).toBeUndefined();
    expect(findMetalBySlug('14K-White-Gold')?.id).toBe(20);
    expect(findMetalBySlug('platinum')).toBeUndefined();
  });

  it('marks only real gold as gold (gold plate is not)', () => {
    expect(METALS.filter((metal) => metal.isGold).map((metal) => metal.id)).toEqual([10, 20, 30]);
  });
});
