import { describe, expect, it } from 'vitest';
import { scrollButtonThreshold, showScrollButton } from './storefront-scroll';

describe('scroll-to-top threshold', () => {
  it('is two viewport heights above 1024 px wide, one otherwise', () => {
    expect(scrollButtonThreshold(1280, 800)).toBe(1600);
    expect(scrollButtonThreshold(1024, 800)).toBe(800);
    expect(scrollButtonThreshold(390, 844)).toBe(844);
  });

  it('shows the button only past the threshold', () => {
    expect(showScrollButton(1600, 1280, 800)).toBe(false);
    expect(showScrollButton(1601, 1280, 800)).toBe(true);
    expect(showScrollButton(845, 390, 844)).toBe(true);
  });
});
