import type { ListingOrder } from '@charms/contracts/catalog';
import type { Metal } from '@charms/domain/metals';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';

/**
 * One-word searches read search_postings (migration 0024, decision 0035): the word's postings are one index range
 * holding each matching product's rank, sales, kinds, prices and availability, so a search counts and sorts them
 * without ranking or pricing each product. Searches of several words rank and price their matches as they find them
 * (catalog-listing.ts, foundListed).
 *
 * What a one-word search finds, either way: the products whose words include the typed word as full-text search
 * reads it (stemmed: "hearts" finds "heart"), ranked by ts_rank; then the products with a word in their name close
 * to the typed word (pg_trgm word similarity: "heart" finds "Heartbeat" and "Sweetheart"), ranked below, by the
 * similarity of the typed word to the name. (A search of several words matches names close to the whole phrase.)
 */

/** A one-word search's fuzzy match, on products `p`: a word of the name close to the typed word. */
export function nameWordCloseTo(word: string): SQL {
  return sql`exists (select 1 from regexp_split_to_table(lower(p.name), '[^[:alnum:]]+') as name_word where ${word} <% name_word)`;
}

/** A posting's price in the metal (price_10 ... price_50), and whether it is for sale, as search_offers() writes them. */
function postingOffer(metal: Metal, posting: string): { price: SQL; available: SQL } {
  const price = sql`${sql.identifier(posting)}.${sql.identifier(`price_${metal.id}`)}`;
  const soldOut = 1 << (metal.id / 10 - 1);
  return { price, available: sql`(${price} is not null and (${sql.identifier(posting)}.sold_out & ${soldOut}) = 0)` };
}

/**
 * Lexemes by word. How PostgreSQL reads a word depends on its text search configuration alone, never on the
 * catalog, so it is remembered (a bounded map, oldest out) rather than asked again for every search.
 */
const lexemes = new Map<string, string | null>();
const MAX_LEXEMES = 10_000;

/**
 * The lexeme a one-word search looks up: the word as PostgreSQL's English full-text search reads it (stemmed), or
 * null when it reads as no lexeme or several (a stop word, or a word the parser splits).
 */
export async function searchLexeme(db: Db, word: string): Promise<string | null> {
  const known = lexemes.get(word);
  if (known !== undefined) return known;
  const [row] = await queryRows<{ lexeme: string | null }>(
    db,
    sql`select case when numnode(q) = 1 then (select t.lexeme from unnest(to_tsvector('english', ${word})) t limit 1) end as lexeme
        from plainto_tsquery('english', ${word}) q`,
    { prepared: true },
  );
  const lexeme = row?.lexeme ?? null;
  if (lexemes.size >= MAX_LEXEMES) lexemes.delete(lexemes.keys().next().value!);
  lexemes.set(word, lexeme);
  return lexeme;
}

/** Orders whose keys the postings hold; the others need each match's name and date from products. */
const POSTINGS_ORDERS: ReadonlySet<ListingOrder> = new Set<ListingOrder>(['Relevance', 'BestSelling']);

/**
 * A one-word search's matches, as matchedPageQuery's `listed` rows (id, rank, units_sold, kinds, price_cents,
 * available, and name and created_at when the order needs them): the postings of the word's lexeme (rank 1 + its
 * ts_rank, as a full-text match ranks), then the fuzzy matches, found through the words of product names
 * (search_words) close to the typed word that are not the same word.
 */
export function postingsListed(word: string, lexeme: string, metal: Metal, order: ListingOrder): SQL {
  const [matched, fuzzy] = [postingOffer(metal, 's'), postingOffer(metal, 'f')];
  const listed = sql`
    select s.product_id as id, 1 + s.rank::float8 as rank, s.units_sold, s.kinds,
      ${matched.price} as price_cents, ${matched.available} as available
    from search_postings s
    where s.lexeme = ${lexeme}
    union all
    select f.product_id, word_similarity(${word}, p.name)::float8, f.units_sold, f.kinds, ${fuzzy.price}, ${fuzzy.available}
    from (
      select distinct on (s.product_id) s.*
      from search_words w
      join search_postings s on s.lexeme = w.lexeme
      where ${word} <% w.word and w.lexeme <> ${lexeme}
        and not exists (select 1 from search_postings m where m.lexeme = ${lexeme} and m.product_id = s.product_id)
    ) f
    cross join lateral (select name from products where id = f.product_id offset 0) p
    where ${nameWordCloseTo(word)}`;
  if (POSTINGS_ORDERS.has(order)) return listed;
  return sql`
    select l.*, p.name, p.created_at from (${listed}) l
    cross join lateral (select name, created_at from products where id = l.id offset 0) p`;
}
