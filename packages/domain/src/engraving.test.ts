import { describe, expect, it } from 'vitest';
import { DEFAULT_ENGRAVING_PRICING as pricing, ENGRAVING_PUNCTUATION, chargedCharacters, engravingCharge, engravingOverflow, engravingProblem, isEngravableCharacter, isEngravingFree } from './engraving';

describe('engraving charge', () => {
  it('is $0.75 per character, spaces free', () => {
    expect(chargedCharacters('Love you')).toBe(7);
    expect(engravingCharge('Love you', 40, pricing)).toBe(525);
    expect(engravingCharge('A', 50, pricing)).toBe(75);
  });

  it('is waived on 10k, 14k and 14k white gold, not on gold plate or silver', () => {
    expect(engravingCharge('Emma 2026', 10, pricing)).toBe(0);
    expect(engravingCharge('Emma 2026', 20, pricing)).toBe(0);
    expect(engravingCharge('Emma 2026', 30, pricing)).toBe(0);
    expect(isEngravingFree(50, pricing)).toBe(false);
    expect(isEngravingFree(40, pricing)).toBe(false);
  });
});

describe('engravingProblem', () => {
  const rules = { maxCharacters: 10, fonts: ['block', 'script'] };
  it('accepts names, dates and initials in an allowed font', () => {
    expect(engravingProblem('Emma', 'block', rules)).toBeNull();
    expect(engravingProblem('6/14/2026', 'script', rules)).toBeNull();
    expect(engravingProblem("J & M", 'block', rules)).toBeNull();
    expect(engravingProblem('Zoë', 'block', rules)).toBeNull();
    expect(engravingProblem('José Muñoz', 'block', { ...rules, maxCharacters: 20 })).toBeNull();
    expect(engravingProblem('Łukasz Søren', 'script', { ...rules, maxCharacters: 20 })).toBeNull();
    expect(engravingProblem('“Mom” & Dad’s', 'block', { ...rules, maxCharacters: 20 })).toBeNull();
  });

  it('refuses what cannot be engraved, with a reason for the shopper', () => {
    expect(engravingProblem('   ', 'block', rules)).toMatchObject({ field: 'text', message: 'Enter the text to engrave' });
    expect(engravingProblem('Emma Elizabeth', 'block', rules)?.message).toBe('Engraving can be at most 10 characters on this item. 4 characters too many: “beth” will not fit');
    expect(engravingProblem('<b>hi</b>', 'block', rules)?.field).toBe('text');
    expect(engravingProblem('a\u0000b', 'block', rules)?.message).toContain('cannot be engraved');
    expect(engravingProblem('love 💖', 'block', rules)?.field).toBe('text');
    expect(engravingProblem('Emma', 'monogram-block', rules)).toEqual({ field: 'font', message: 'Choose one of the fonts for this item: Block, Script' });
    expect(engravingProblem('Emma', 'block', null)?.message).toBe('This item cannot be engraved');
  });
});

describe('engravingOverflow', () => {
  it('names what would not fit, so nothing is cut without the shopper seeing it', () => {
    expect(engravingOverflow('Love you always', 12)).toBe('ays');
    expect(engravingProblem('Love you always', 'block', { maxCharacters: 12, fonts: ['block'] })?.message).toBe(
      'Engraving can be at most 12 characters on this item. 3 characters too many: “ays” will not fit',
    );
    expect(engravingProblem('Love you alwa', 'block', { maxCharacters: 12, fonts: ['block'] })?.message).toContain('1 character too many: “a” will not fit');
    // Spaces around the text are not engraved, so they neither count nor overflow.
    expect(engravingOverflow('  Love you alw  ', 12)).toBe('');
  });
});

describe('the engravers\' character set', () => {
  const rules = { maxCharacters: 20, fonts: ['block'] };
  it('refuses emoji, with a message that says so', () => {
    for (const text of ['love 💖', 'Mom ❤️', '👍🏽', '👨‍👩‍👧', 'Go 🇺🇸']) {
      expect(engravingProblem(text, 'block', rules)?.message, text).toMatch(/^Emoji cannot be engraved\. Use letters, numbers, spaces and simple punctuation/);
    }
  });

  it('refuses scripts the fonts lack, naming the letters', () => {
    expect(engravingProblem('Анна', 'block', rules)?.message).toBe(
      'Our engraving fonts have Latin letters only (accents such as é, ñ and ø included), not “А”, “н”, “а”. Use letters, numbers, spaces and simple punctuation (. , \' ‘ ’ " “ ” & ! ? # - / : + ( ) @ *)',
    );
    for (const text of ['王芳', 'Σοφία', 'سارة', 'שרה', 'さくら', 'Ǆ']) expect(engravingProblem(text, 'block', rules)?.message, text).toContain('Latin letters only');
  });

  it('refuses symbols and markup, naming them', () => {
    expect(engravingProblem('A © B <3', 'block', rules)?.message).toMatch(/^These characters cannot be engraved: “©”, “<”\. Use letters/);
    expect(engravingProblem('x²', 'block', rules)?.message).toContain('“²”');
  });

  it('has every letter of the Latin alphabet, the digits and the listed punctuation', () => {
    const all = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789' + ENGRAVING_PUNCTUATION.replaceAll(' ', '') + ' ÀÉÎÕÜÇÑØßàéîõüçñøÿĀłŒšŽ';
    for (const character of all) expect(isEngravableCharacter(character), character).toBe(true);
    for (const character of ['\t', '\u00A0', '<', '>', '{', '~', '×', '÷', '€', '♥', 'Ж', 'ǅ', '\u0301']) expect(isEngravableCharacter(character), character).toBe(false);
  });
});
