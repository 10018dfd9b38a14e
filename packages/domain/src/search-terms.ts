import type { MetalId } from './metals';

/** Longest search term we look at; longer input is cut here (a shopper never types more). */
export const MAX_SEARCH_TERM_LENGTH = 100;

/** Lower-case words of a search, without punctuation, markup or symbols; at most 10 words. */
export function searchWords(term: string): string[] {
  return (
    term
      .slice(0, MAX_SEARCH_TERM_LENGTH)
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? []
  ).slice(0, 10);
}

/** Metal words a shopper types ("14k heart", "white gold cross"), longest phrases first. */
const METAL_PHRASES: readonly (readonly [string[], MetalId])[] = [
  [['14k', 'white', 'gold'], 20],
  [['white', 'gold'], 20],
  [['14k', 'gold'], 10],
  [['10k', 'gold'], 30],
  [['gold', 'plate'], 50],
  [['gold', 'plated'], 50],
  [['sterling', 'silver'], 40],
  [['14k'], 10],
  [['10k'], 30],
  [['sterling'], 40],
  [['silver'], 40],
];

/** Splits the metal a shopper named out of their search words: "14k heart" -> metal 10, words ["heart"]. */
export function extractMetal(words: readonly string[]): { metalId: MetalId | null; words: string[] } {
  for (const [phrase, metalId] of METAL_PHRASES) {
    for (let start = 0; start + phrase.length <= words.length; start++) {
      if (phrase.every((word, offset) => words[start + offset] === word)) {
        return { metalId, words: [...words.slice(0, start), ...words.slice(start + phrase.length)] };
      }
    }
  }
  return { metalId: null, words: [...words] };
}

/**
 * Edit distance where swapping two neighbouring letters counts as one edit (optimal string alignment),
 * so "dgo" is one edit from "dog", as a shopper would expect.
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** Edits tolerated for a word of this length: none for 1-2 letters, 1 up to 5 letters, 2 beyond. */
function allowedEdits(length: number): number {
  if (length <= 2) return 0;
  return length <= 5 ? 1 : 2;
}

/** The forms under which a word is a catalog word: itself, and itself without a plural ending. */
export function knownForms(word: string): string[] {
  return [word, ...(word.endsWith('s') ? [word.slice(0, -1)] : []), ...(word.endsWith('es') ? [word.slice(0, -2)] : [])];
}

/** Whether a word is left as typed: a catalog word in one of its known forms, or a number. */
export function isKnownWord(word: string, vocabulary: ReadonlyMap<string, number>): boolean {
  return /\d/.test(word) || knownForms(word).some((form) => vocabulary.has(form));
}

/**
 * The closest catalog word to a misspelled one, or null when it is known, a number, or nothing is close.
 * Ties go to the more frequent word.
 */
export function correctWord(word: string, vocabulary: ReadonlyMap<string, number>): string | null {
  if (isKnownWord(word, vocabulary)) return null;
  const limit = allowedEdits(word.length);
  if (limit === 0) return null;
  let best: { word: string; distance: number; frequency: number } | null = null;
  for (const [candidate, frequency] of vocabulary) {
    if (Math.abs(candidate.length - word.length) > limit) continue;
    const distance = editDistance(word, candidate);
    if (distance > limit) continue;
    if (!best || distance < best.distance || (distance === best.distance && frequency > best.frequency)) {
      best = { word: candidate, distance, frequency };
    }
  }
  return best?.word ?? null;
}

/** The search words with every misspelled one corrected, or null when nothing needed correcting. */
export function correctWords(words: readonly string[], vocabulary: ReadonlyMap<string, number>): string[] | null {
  let changed = false;
  const corrected = words.map((word) => {
    const fix = correctWord(word, vocabulary);
    if (fix) changed = true;
    return fix ?? word;
  });
  return changed ? corrected : null;
}
