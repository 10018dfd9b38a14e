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

export interface EngravingRules {
  maxCharacters: number;
  fonts: readonly string[];
}

/**
 * Why an engraving cannot be made, in words for the shopper, or null when it can. Text is letters, digits,
 * spaces and common punctuation: no control characters, markup or emoji (the engraver cannot cut them).
 */
export function engravingProblem(text: string, font: string, rules: EngravingRules | null): { field: 'text' | 'font'; message: string } | null {
  if (!rules) return { field: 'text', message: 'This item cannot be engraved' };
  const trimmed = text.trim();
  if (trimmed.length === 0) return { field: 'text', message: 'Enter the text to engrave' };
  if (/[\p{Cc}\p{Cf}]/u.test(text)) return { field: 'text', message: 'The engraving contains characters that cannot be engraved' };
  if (/[<>{}[\]\\|^~`]/.test(text) || !/^[\p{L}\p{N} .,'’&!?#\-/:+"()@*]+$/u.test(text)) {
    return { field: 'text', message: 'Use letters, numbers, spaces and simple punctuation (. , \' & ! ? # - / : + " ( ) @ *)' };
  }
  const length = [...trimmed].length;
  if (length > rules.maxCharacters) {
    return { field: 'text', message: `Engraving can be at most ${rules.maxCharacters} characters on this item (you have ${length})` };
  }
  if (!rules.fonts.includes(font)) {
    const names = ENGRAVING_FONTS.filter((known) => rules.fonts.includes(known.id)).map((known) => known.name);
    return { field: 'font', message: `Choose one of the fonts for this item: ${names.join(', ')}` };
  }
  return null;
}
