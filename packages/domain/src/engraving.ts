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

/** A font's name as shoppers read it ("Script"), from its id; an unknown id is shown as it is. */
export const engravingFontName = (id: string): string => ENGRAVING_FONTS.find((font) => font.id === id)?.name ?? id;

/** What engraving costs: a price per character (spaces and setup free) and the metals it is free on (store settings). */
export interface EngravingPricing {
  centsPerCharacter: Cents;
  freeMetalIds: readonly number[];
}

/** The store's first prices: $0.75 per character, free (its cost refunded) on 10k gold, 14k gold and 14k white gold. */
export const DEFAULT_ENGRAVING_PRICING: EngravingPricing = Object.freeze({ centsPerCharacter: 75, freeMetalIds: Object.freeze([10, 20, 30]) });

export function isEngravingFree(metalId: number, pricing: EngravingPricing): boolean {
  return pricing.freeMetalIds.includes(metalId);
}

/** Characters that are charged: everything but spaces. */
export function chargedCharacters(text: string): number {
  return [...text].filter((character) => !/\s/.test(character)).length;
}

/** The engraving charge for one item in a metal. */
export function engravingCharge(text: string, metalId: number, pricing: EngravingPricing): Cents {
  return isEngravingFree(metalId, pricing) ? 0 : chargedCharacters(text) * pricing.centsPerCharacter;
}

/**
 * The end of the text past the limit (what would not fit), or '' when it fits. Engraved items cannot be returned,
 * so over-long text is refused with this shown, never cut to fit.
 */
export function engravingOverflow(text: string, maxCharacters: number): string {
  return [...text.trim()].slice(maxCharacters).join('');
}

export interface EngravingRules {
  maxCharacters: number;
  fonts: readonly string[];
}

/**
 * The characters all five engraving fonts have, so whatever a shopper types can be cut in the font they pick:
 * the Latin alphabet with the accented letters of European names (Latin-1 and Latin Extended-A: é, ñ, ø, ß, ł,
 * š, ...), digits, the space and the punctuation below. The fonts have no other scripts (Cyrillic, Greek, Arabic,
 * Chinese, ...), no emoji and no symbols such as < > © or ♥.
 */
export const ENGRAVING_PUNCTUATION = ". , ' ‘ ’ \" “ ” & ! ? # - / : + ( ) @ *";
const ENGRAVABLE_CHARACTER = /^[A-Za-z0-9\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u017F .,'‘’"“”&!?#\-/:+()@*]$/u;
// Pictographs from U+2000 on (© and ® below it are symbols, not emoji), flags, skin tones and emoji joiners.
const EMOJI = /[\p{Extended_Pictographic}\p{Regional_Indicator}\u{1F3FB}-\u{1F3FF}\u200D\uFE0F]/u;
const isEmoji = (text: string) => [...text].some((character) => character.codePointAt(0)! >= 0x2000 && EMOJI.test(character));
const USE_SIMPLE_TEXT = `Use letters, numbers, spaces and simple punctuation (${ENGRAVING_PUNCTUATION})`;

/** Whether the engravers' fonts have this character (one code point). */
export function isEngravableCharacter(character: string): boolean {
  return ENGRAVABLE_CHARACTER.test(character);
}

/** Why the fonts cannot cut this text, in words for the shopper that name what to change, or null when they can. */
function characterProblem(text: string): string | null {
  if (/[\p{Cc}\p{Cf}\p{Cs}]/u.test(text.replace(/\u200D/gu, ''))) return 'The engraving contains characters that cannot be engraved (control or invisible characters)';
  if (isEmoji(text)) return `Emoji cannot be engraved. ${USE_SIMPLE_TEXT}`;
  const missing = [...new Set([...text].filter((character) => !isEngravableCharacter(character)))];
  if (missing.length === 0) return null;
  const shown = missing.slice(0, 5).map((character) => `“${character}”`).join(', ');
  if (missing.some((character) => /\p{L}/u.test(character))) {
    return `Our engraving fonts have Latin letters only (accents such as é, ñ and ø included), not ${shown}. ${USE_SIMPLE_TEXT}`;
  }
  return `These characters cannot be engraved: ${shown}. ${USE_SIMPLE_TEXT}`;
}

/**
 * Why an engraving cannot be made, in words for the shopper, or null when it can. Text is what the fonts have
 * (see isEngravableCharacter): no control characters, markup, emoji or other scripts (the engraver cannot cut them).
 */
export function engravingProblem(text: string, font: string, rules: EngravingRules | null): { field: 'text' | 'font'; message: string } | null {
  if (!rules) return { field: 'text', message: 'This item cannot be engraved' };
  const trimmed = text.trim();
  if (trimmed.length === 0) return { field: 'text', message: 'Enter the text to engrave' };
  const problem = characterProblem(text);
  if (problem) return { field: 'text', message: problem };
  const overflow = engravingOverflow(text, rules.maxCharacters);
  if (overflow) {
    const count = [...overflow].length;
    return {
      field: 'text',
      message: `Engraving can be at most ${rules.maxCharacters} characters on this item. ${count} character${count === 1 ? '' : 's'} too many: “${overflow}” will not fit`,
    };
  }
  if (!rules.fonts.includes(font)) {
    const names = ENGRAVING_FONTS.filter((known) => rules.fonts.includes(known.id)).map((known) => known.name);
    return { field: 'font', message: `Choose one of the fonts for this item: ${names.join(', ')}` };
  }
  return null;
}
