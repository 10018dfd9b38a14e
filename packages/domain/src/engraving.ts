import { findMetalById } from './metals';
import type { Cents } from './money';

/** The engraving fonts the workshop offers. */
export const ENGRAVING_FONTS = [
  { id: 'block', name: 'Block' },
  { id: 'double-block', name: 'Double Block' },
  { id: 'monogram-block', name: 'Monogram Block' },
  { id: 'script', name: 'Script' },
  { id: 'monogram-script', name: 'Monogram Script' },
] as const;
export type EngravingFontId = (typeof ENGRAVING_FONTS)[number]['id'];

/** $0.75 per character, spaces free, setup free. */
export const ENGRAVING_CENTS_PER_CHARACTER: Cents = 75;

/** Engraving is free (its cost refunded) on 10k gold, 14k gold and 14k white gold. */
export function isEngravingFree(metalId: number): boolean {
  return findMetalById(metalId)?.isGold ?? false;
}

/** Characters that are charged: everything but spaces. */
export function chargedCharacters(text: string): number {
  return [...text].filter((character) => !/\s/.test(character)).length;
}

/** The engraving charge for one item in a metal. */
export function engravingCharge(text: string, metalId: number): Cents {
  return isEngravingFree(metalId) ? 0 : chargedCharacters(text) * ENGRAVING_CENTS_PER_CHARACTER;
}
