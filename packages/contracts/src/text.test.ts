import { describe, expect, it } from 'vitest';
import { digitsText, safeText, storefrontPath, textProblem } from './text';

describe('safe text', () => {
  it('refuses NUL, other control characters and halves of surrogate pairs, naming what is wrong', () => {
    expect(textProblem('Ann\u0000')).toBe('must not contain NUL characters');
    expect(textProblem('a\u001bb')).toBe('must not contain control characters');
    expect(textProblem('a\u0085b')).toBe('must not contain control characters');
    expect(textProblem('a\nb')).toBe('must not contain control characters');
    expect(textProblem('\ud83d')).toMatch(/surrogate/);
    expect(textProblem('x\udc96')).toMatch(/surrogate/);
  });

  it('keeps real text: accents, other scripts, emoji, and line breaks where text may have lines', () => {
    for (const text of ['Zoë Øster', 'Анна', '王芳', '💖 heart 👨‍👩‍👧', "O'Brien & Sons, #2"]) expect(textProblem(text), text).toBeNull();
    expect(textProblem('line 1\r\nline 2\tend', { lines: true })).toBeNull();
    expect(textProblem('line 1\u0000', { lines: true })).toBe('must not contain NUL characters');
  });

  it('gives one message per field, and the type message for other types', () => {
    expect(safeText().max(3).safeParse('ab\u0000cd').error?.issues.map((issue) => issue.message)).toEqual(['must not contain NUL characters']);
    expect(safeText({ message: 'must be a code' }).safeParse(5).error?.issues[0]?.message).toBe('must be a code');
    expect(safeText().safeParse(undefined).error?.issues[0]?.message).toBe('is required');
  });

  it('reads storefront paths decoded, as the catalog does', () => {
    expect(storefrontPath('must be a path').safeParse('/products/search/%00').error?.issues[0]?.message).toBe('must not contain NUL characters');
    expect(storefrontPath('must be a path').safeParse('/products/search?q=a%1Fb').error?.issues[0]?.message).toBe('must not contain control characters');
    expect(storefrontPath('must be a path').safeParse('/products/search/100%25').success).toBe(true);
    expect(storefrontPath('must be a path').safeParse('/products/search/%ED%A0%80').success).toBe(true); // no listing: 404 from the catalog
  });
});

describe('numbers written in paths and queries', () => {
  it('are plain digits', () => {
    expect(digitsText().safeParse('12').data).toBe(12);
    for (const text of ['0x10', '1e1', ' 5', '5 ', '+5', '-1', '5.0', '', 'Infinity', '1234567890']) expect(digitsText().safeParse(text).success, text).toBe(false);
  });
});
