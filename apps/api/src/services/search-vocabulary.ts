import { isKnownWord, knownForms } from '@charms/domain/search-terms';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';

type Vocabulary = ReadonlyMap<string, number>;

/** The catalog's words and their frequencies (search_vocabulary), which misspelled search words are corrected to. */
export async function loadVocabulary(db: Db): Promise<Map<string, number>> {
  const rows = await queryRows<{ word: string; frequency: number }>(db, sql`select word, frequency from search_vocabulary`);
  return new Map(rows.map((row) => [row.word, Number(row.frequency)]));
}

/**
 * What correcting these words needs of the vocabulary, when it is not kept in memory: if every word is a catalog
 * word (the usual search), only their own forms (one small query; nothing will be corrected), else all of it.
 */
export async function vocabularyFor(db: Db, words: readonly string[], all: () => Promise<Vocabulary>): Promise<Vocabulary> {
  const forms = [...new Set(words.flatMap(knownForms))];
  const rows = await queryRows<{ word: string; frequency: number }>(
    db,
    sql`select word, frequency from search_vocabulary where word in ${forms}`,
    { prepared: true },
  );
  const known = new Map(rows.map((row) => [row.word, Number(row.frequency)]));
  return words.every((word) => isKnownWord(word, known)) ? known : all();
}
