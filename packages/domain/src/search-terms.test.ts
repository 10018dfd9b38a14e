import { describe, expect, it } from 'vitest';
import { correctWord, correctWords, editDistance, extractMetal, searchWords } from './search-terms';

const vocabulary = new Map([
  ['dog', 90],
  ['dogwood', 2],
  ['heart', 120],
  ['halloween', 40],
  ['charm', 2000],
  ['cat', 30],
  ['bone', 4],
]);

describe('searchWords', () => {
  it('keeps letters and digits, drops quotes, markup, SQL and emoji', () => {
    expect(searchWords(`"Dog" <script>alert(1)</script>`)).toEqual(['dog', 'script', 'alert', '1', 'script']);
    expect(searchWords("'; drop table products; --")).toEqual(['drop', 'table', 'products']);
    expect(searchWords('🐶 dog 💖')).toEqual(['dog']);
    expect(searchWords('Café  HEART')).toEqual(['cafe', 'heart']);
  });

  it('looks at the first 100 characters and 10 words only', () => {
    expect(searchWords('a'.repeat(10_000))).toEqual(['a'.repeat(100)]);
    expect(searchWords('w '.repeat(50))).toHaveLength(10);
  });
});

describe('extractMetal', () => {
  it('takes the metal a shopper named out of the words', () => {
    expect(extractMetal(['14k', 'heart'])).toEqual({ metalId: 10, words: ['heart'] });
    expect(extractMetal(['heart', 'white', 'gold'])).toEqual({ metalId: 20, words: ['heart'] });
    expect(extractMetal(['sterling', 'silver', 'dog'])).toEqual({ metalId: 40, words: ['dog'] });
    expect(extractMetal(['gold', 'heart'])).toEqual({ metalId: null, words: ['gold', 'heart'] });
  });
});

describe('spelling correction', () => {
  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('dgo', 'dog')).toBe(1);
    expect(editDistance('hlaloween', 'halloween')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('corrects misspelled words to the catalog vocabulary', () => {
    expect(correctWord('dgo', vocabulary)).toBe('dog');
    expect(correctWord('hearr', vocabulary)).toBe('heart');
    expect(correctWord('haloween', vocabulary)).toBe('halloween');
    expect(correctWords(['dgo', 'bnoe'], vocabulary)).toEqual(['dog', 'bone']);
  });

  it('leaves known words, plurals, numbers and hopeless words alone', () => {
    expect(correctWord('dog', vocabulary)).toBeNull();
    expect(correctWord('dogs', vocabulary)).toBeNull();
    expect(correctWord('14', vocabulary)).toBeNull();
    expect(correctWord('xyzzy', vocabulary)).toBeNull();
    expect(correctWords(['dog', 'heart'], vocabulary)).toBeNull();
  });
});
