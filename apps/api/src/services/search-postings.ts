import type { ListingOrder } from '@charms/contracts/catalog';
import { PRODUCT_KINDS } from '@charms/domain/listing-filters';
import type { Metal } from '@charms/domain/metals';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { KIND_BITS } from './listing-kinds';

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

/**
 * A one-word search's fuzzy match on products `p`, as a search that ranks every match finds it: a word of the name
 * close to the typed word. search_name_words (migration 0027) holds the names split the same way, for fuzzyListed.
 */
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
 * A one-word search's fuzzy matches, as matchedPageQuery's `listed` rows (id, rank, units_sold, kinds, price_cents,
 * available): the products with a word in their name close to the typed word that the word's own postings do not
 * hold, ranked by the typed word's similarity to the name (below 1, so below every full-text match). Read from
 * indexes alone, each step a lookup by key (`offset 0` keeps them so; left to itself PostgreSQL hashed all of the
 * word's postings, 5,643 for "heart" on 100,000 products, or fetched each candidate's posting from the table):
 * - the words of names close to the typed word (search_words' trigram index), but for the typed word's own lexeme;
 * - their postings (search_postings_relevance holds each one's sales, kinds and prices), each checked against the
 *   typed word's postings by key, to leave out what the word finds itself;
 * - whether the close word is in the product's name, and the name (search_name_words_key, decision 0045: it used to
 *   be each candidate's name read from products and split into words).
 */
export function fuzzyListed(word: string, lexeme: string, metal: Metal): SQL {
  const fuzzy = postingOffer(metal, 'f');
  return sql`
    select distinct on (f.product_id) f.product_id as id, word_similarity(${word}, n.name)::float8 as rank, f.units_sold, f.kinds,
      ${fuzzy.price} as price_cents, ${fuzzy.available} as available
    from (
      select s.*, w.word
      from search_words w
      join search_postings s on s.lexeme = w.lexeme
      where ${word} <% w.word and w.lexeme <> ${lexeme}
        and not exists (select 1 from search_postings m where m.lexeme = ${lexeme} and m.product_id = s.product_id offset 0)
      offset 0
    ) f
    cross join lateral (select name from search_name_words n where n.word = f.word and n.product_id = f.product_id offset 0) n`;
}

/** A word's postings as `listed` rows (rank 1 + its ts_rank, as a full-text match ranks), where `condition` holds. */
function postingsRows(lexeme: string, metal: Metal, condition: SQL = sql`true`): SQL {
  const matched = postingOffer(metal, 's');
  return sql`
    select s.product_id as id, 1 + s.rank::float8 as rank, s.units_sold, s.kinds,
      ${matched.price} as price_cents, ${matched.available} as available
    from search_postings s
    where s.lexeme = ${lexeme} and ${condition}`;
}

/**
 * A one-word search's matches, as matchedPageQuery's `listed` rows (with name and created_at when the order needs
 * them): the postings of the word's lexeme, then its fuzzy matches, read from `fuzzy` (a CTE of fuzzyListed's rows).
 */
export function postingsListed(lexeme: string, metal: Metal, order: ListingOrder): SQL {
  const listed = sql`${postingsRows(lexeme, metal)} union all select * from fuzzy`;
  if (POSTINGS_ORDERS.has(order)) return listed;
  return sql`
    select l.*, p.name, p.created_at from (${listed}) l
    cross join lateral (select name, created_at from products where id = l.id offset 0) p`;
}

/**
 * A one-word search's counts when nothing narrows it (the columns of matchedPageQuery's `counts`): the word's counts
 * from search_lexeme_stats (kept by migration 0026's triggers) plus its fuzzy matches counted from `fuzzy`, instead of
 * counting every posting; and `available_postings`, how many of the word's postings are for sale in the metal.
 */
export function statsCounts(lexeme: string, metal: Metal): SQL {
  const stat = (column: string) => sql`coalesce(st.${sql.identifier(column)}, 0)`;
  const kindCounts = PRODUCT_KINDS.map(
    (kind) => sql`${stat(kind.replaceAll('-', '_'))} + f.${sql.identifier(kind)} as ${sql.identifier(kind)}`,
  );
  const fuzzyKindCounts = PRODUCT_KINDS.map((kind) => sql`count(*) filter (where (kinds & ${KIND_BITS[kind]}) <> 0)::int as ${sql.identifier(kind)}`);
  return sql`
    select ${stat('products')} + f.n as total, ${stat('products')} + f.n as "anyKind", ${sql.join(kindCounts, sql`, `)},
      least(st.${sql.identifier(`min_${metal.id}`)}, f.min) as "minCents", greatest(st.${sql.identifier(`max_${metal.id}`)}, f.max) as "maxCents",
      ${stat(`available_${metal.id}`)} as available_postings
    from (select count(*)::int as n, ${sql.join(fuzzyKindCounts, sql`, `)}, min(price_cents) as min, max(price_cents) as max from fuzzy) f
    left join search_lexeme_stats st on st.lexeme = ${lexeme}`;
}

/**
 * A one-word search's page by relevance when nothing narrows it (matchedPageQuery's `page`), from the order the
 * postings are kept in (search_postings_relevance): shown first are the word's postings for sale in the metal by rank,
 * then its fuzzy matches for sale (they rank below 1), then the postings not for sale, then the fuzzy ones not for
 * sale. So the page is the first rows of three short reads, merged: the postings for sale, read in index order until
 * the page is full; the fuzzy matches; and the postings not for sale, read only when those for sale (`counts`'
 * available_postings) do not fill the page.
 */
export function relevancePage(lexeme: string, metal: Metal, orderBy: SQL, page: number, pageSize: number): SQL {
  const available = postingOffer(metal, 's').available;
  const upTo = page * pageSize;
  const inOrder = sql`order by s.rank desc, s.units_sold desc, s.product_id limit ${upTo}`;
  return sql`
    select l.* from (
      (${postingsRows(lexeme, metal, available)} ${inOrder})
      union all select * from fuzzy
      union all (${postingsRows(lexeme, metal, sql`not ${available} and (select available_postings from counts) < ${upTo}`)} ${inOrder})
    ) l
    order by ${orderBy}
    limit ${pageSize} offset ${upTo - pageSize}`;
}
