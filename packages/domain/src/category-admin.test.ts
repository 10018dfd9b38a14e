import { describe, expect, it } from 'vitest';
import { CATEGORY_SLUG_RULE, categorySlugProblem, descriptionParagraphs, isSameSet, moveInOrder, slugFromName } from './category-admin';

describe('categorySlugProblem', () => {
  it('takes letters, digits and single hyphens in any case', () => {
    expect(['Dog-Charms', 'charm-tags', 'Charms2026', 'A'].map(categorySlugProblem)).toEqual([null, null, null, null]);
  });

  it('refuses spaces, slashes, doubled or edge hyphens, accents, and long slugs', () => {
    for (const slug of ['Dog Charms', 'dogs/cats', 'Dog--Charms', '-Dogs', 'Dogs-', 'Café', 'a'.repeat(81), 'dog_charms']) {
      expect(categorySlugProblem(slug), slug).toBe(CATEGORY_SLUG_RULE);
    }
    expect(categorySlugProblem('')).toBe('is required');
  });

  it('refuses the words of other pages and metals', () => {
    expect(categorySlugProblem('Search')).toMatch(/another page/);
    expect(categorySlugProblem('14k-gold')).toMatch(/another page/);
  });
});

describe('slugFromName', () => {
  it('joins the words of a name with hyphens, keeping their case', () => {
    expect(slugFromName('Dog Charms')).toBe('Dog-Charms');
    expect(slugFromName('  Food & Drink Charms! ')).toBe('Food-Drink-Charms');
    expect(slugFromName('Café Charms')).toBe('Cafe-Charms');
    expect(slugFromName('!!!')).toBe('');
    expect(slugFromName(`${'a'.repeat(79)} b`)).toBe('a'.repeat(79));
  });
});

describe('descriptionParagraphs', () => {
  it('splits on blank lines and drops empty paragraphs', () => {
    expect(descriptionParagraphs('One line.\nSame paragraph.\n\n  Second.  \r\n\r\n\n')).toEqual(['One line.\nSame paragraph.', 'Second.']);
    expect(descriptionParagraphs('   ')).toEqual([]);
  });
});

describe('moveInOrder', () => {
  const ids = [3, 1, 2];
  it('moves one place up or down, or to an end', () => {
    expect(moveInOrder(ids, 1, 'up')).toEqual([1, 3, 2]);
    expect(moveInOrder(ids, 1, 'down')).toEqual([3, 2, 1]);
    expect(moveInOrder(ids, 2, 'top')).toEqual([2, 3, 1]);
    expect(moveInOrder(ids, 3, 'bottom')).toEqual([1, 2, 3]);
  });

  it('leaves the order as it is at the ends, and knows no stranger', () => {
    expect(moveInOrder(ids, 3, 'up')).toEqual(ids);
    expect(moveInOrder(ids, 2, 'down')).toEqual(ids);
    expect(moveInOrder(ids, 9, 'up')).toBeNull();
  });
});

describe('isSameSet', () => {
  it('wants every id once', () => {
    expect(isSameSet([1, 2, 3], [3, 1, 2])).toBe(true);
    expect(isSameSet([1, 2, 3], [1, 2])).toBe(false);
    expect(isSameSet([1, 2, 3], [1, 2, 2])).toBe(false);
    expect(isSameSet([1, 2, 3], [1, 2, 4])).toBe(false);
  });
});
