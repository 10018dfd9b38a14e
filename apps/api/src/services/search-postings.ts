import type { ListingOrder } from '@charms/contracts/catalog';
import { PRODUCT_KINDS } from '@charms/domain/listing-filters';
import type { Metal } from '@charms/domain/metals';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { KIND_BITS } from './listing-kinds';
import { leadingMatchedKeys, matchedOrderSql, orderSql, pageColumns, pageColumnsSql } from './listing-orders';

/**
 * Searches read search_postings (migration 0024, decisions 0035 and 0050): a word's postings are one index range
 * holding each matching product's rank, sales, kinds, prices and availability, so a search counts and sorts them
 * without ranking or pricing each product; a search of several words reads the products with a posting of each
 * (one key lookup a word).
 *
 * What a search finds, either way (catalog-listing.ts, foundListed, ranks every match as the reference): the products
 * whose words include every typed word as full-text search reads it (stemmed: "hearts" finds "heart"), ranked by the
 * sum of ts_rank for each of its lexemes; then the products that lack a typed word but have a word in their name
 * close to it (pg_trgm word similarity: "heart" finds "Heartbeat" and "Sweetheart", "hart" finds "Heart") and each of
 * the other typed words, ranked below, by the similarity of the typed text to the name.
 */

/**
 * Whether a typed word is close to a word of the name of products `p`, as a search that ranks every match finds it
 * (the reference: catalog-listing.ts, searchMatchSql). search_name_words (migration 0027) holds the names split the
 * same way, for fuzzyListed.
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
 * A word of a search and the lexemes it reads as: PostgreSQL's English full-text search stems it ("hearts" reads as
 * "heart") and may split it ("o'neil" reads as "o" and "neil"). A product has the word when it has all of them.
 */
export interface PostedWord {
  word: string;
  lexemes: readonly string[];
}

/**
 * Lexemes by word. How PostgreSQL reads a word depends on its text search configuration alone, never on the
 * catalog, so it is remembered (a bounded map, oldest out) rather than asked again for every search.
 */
const lexemes = new Map<string, readonly string[]>();
const MAX_LEXEMES = 10_000;

/**
 * A search's words as its postings are read (search_postings holds one posting per product and lexeme): each word
 * with the lexemes it reads as, stop words ("the", "it's") left out. A product matches the search as full-text search
 * matches it (plainto_tsquery: every lexeme of every word) when it has a posting of each.
 */
export async function postedWords(db: Db, words: readonly string[]): Promise<PostedWord[]> {
  const unique = [...new Set(words)];
  // Read into a map of this search's own: remembering new words may push out older ones, this search's among them.
  const read = new Map(unique.flatMap((word) => (lexemes.has(word) ? [[word, lexemes.get(word)!] as const] : [])));
  const unknown = unique.filter((word) => !read.has(word));
  if (unknown.length > 0) {
    const rows = await queryRows<{ word: string; lexemes: string[] }>(
      db,
      sql`select w.word, tsvector_to_array(to_tsvector('english', w.word)) as lexemes
          from unnest(array[${sql.join(unknown.map((word) => sql`${word}`), sql`, `)}]::text[]) as w(word)`,
      { prepared: true },
    );
    for (const row of rows) {
      read.set(row.word, row.lexemes);
      if (lexemes.size >= MAX_LEXEMES) lexemes.delete(lexemes.keys().next().value!);
      lexemes.set(row.word, row.lexemes);
    }
  }
  return unique.map((word) => ({ word, lexemes: read.get(word) ?? [] })).filter((word) => word.lexemes.length > 0);
}

/** Every lexeme of the words, each once: the postings a product matching them all has. */
export function distinctLexemes(posted: readonly PostedWord[]): string[] {
  return [...new Set(posted.flatMap((word) => word.lexemes))];
}

/** Whether the product `product` has a posting of every one of `lexemes` (each looked up by key). */
function hasPostings(lexemes: readonly string[], product: SQL): SQL {
  const each = lexemes.map((lexeme) => sql`exists (select 1 from search_postings m where m.lexeme = ${lexeme} and m.product_id = ${product} offset 0)`);
  return sql`(${sql.join(each, sql` and `)})`;
}

/**
 * How many postings the close words of a search's fuzzy matching may point to, added up over its words (the rows
 * fuzzyListed reads, each checked by key): a word whose close words are on most products ("charn", close to "charm",
 * on 100,000 postings) made a search read them all, 1.9 s a search on 100,000 products, and several such words
 * minutes. Past it a search finds no fuzzy matches, and a misspelled word is left to the spelling correction
 * ("charn" shows the results for "charm"). Decision 0050.
 */
export const MAX_CLOSE_POSTINGS = 5_000;

/**
 * Whether the words of names close to each of `words` (search_words' trigram index), but for the word's own lexemes,
 * have at most MAX_CLOSE_POSTINGS postings together (search_lexeme_stats), stop words left out. Uncorrelated: run once
 * a statement, before any posting is read.
 */
export function fewCloseWords(words: readonly string[]): SQL {
  return sql`(
    select coalesce(sum(st.products), 0)
    from unnest(array[${sql.join(words.map((word) => sql`${word}`), sql`, `)}]::text[]) as t(word)
    join search_words w on t.word <% w.word and w.lexeme <> all(tsvector_to_array(to_tsvector('english', t.word)))
    join search_lexeme_stats st on st.lexeme = w.lexeme
    where numnode(plainto_tsquery('english', t.word)) > 0
  ) <= ${MAX_CLOSE_POSTINGS}`;
}

/**
 * A search's fuzzy matches, as matchedPageQuery's `listed` rows (id, rank, units_sold, kinds, price_cents, available):
 * the products that lack one word of the search but have a word in their name close to it (pg_trgm word similarity:
 * "heart" finds "Heartbeat" and "Sweetheart"), and have each of its other words. They rank by the similarity of the
 * typed text to the name (at most 1: a full-text match ranks above 1). Found only where the close words are few
 * (fewCloseWords). Each step is a lookup by key (`offset 0` keeps them so; left to itself PostgreSQL hashed all of
 * the word's postings, 5,643 for "heart" on 100,000 products, or fetched each candidate's posting from the table),
 * for each word:
 * - the words of names close to the typed word (search_words' trigram index), but for the typed word's own lexeme;
 * - their postings (search_postings_relevance holds each one's sales, kinds and prices), each checked against the
 *   search's postings by key: not the typed word's (what the word finds itself), each of the other words';
 * - whether the close word is in the product's name, and the name (search_name_words_key, decision 0045: it used to
 *   be each candidate's name read from products and split into words).
 */
export function fuzzyListed(posted: readonly PostedWord[], text: string, metal: Metal): SQL {
  const fuzzy = postingOffer(metal, 'f');
  const few = fewCloseWords(posted.map((typed) => typed.word));
  const branches = posted.map((typed, index) => {
    // A close word that reads as the typed word's only lexeme is a posting of it: such products match it exactly.
    const ownLexeme = typed.lexemes.length === 1 ? sql`and w.lexeme <> ${typed.lexemes[0]}` : sql``;
    const others = posted.filter((_, other) => other !== index).map((other) => sql`and ${hasPostings(other.lexemes, sql`s.product_id`)}`);
    return sql`
      select f.*, n.name from (
        select s.*, w.word
        from search_words w
        join search_postings s on s.lexeme = w.lexeme
        where ${few} and ${typed.word} <% w.word ${ownLexeme} and not ${hasPostings(typed.lexemes, sql`s.product_id`)} ${sql.join(others, sql` `)}
        offset 0
      ) f
      cross join lateral (select name from search_name_words n where n.word = f.word and n.product_id = f.product_id offset 0) n`;
  });
  return sql`
    select distinct on (f.product_id) f.product_id as id, word_similarity(${text}, f.name)::float8 as rank, f.units_sold, f.kinds,
      ${fuzzy.price} as price_cents, ${fuzzy.available} as available
    from (${sql.join(branches, sql` union all `)}) f`;
}

/**
 * The postings of every one of `lexemes` for one product, as joins to the first one's posting `s` (each by key), and
 * the sum of their ranks: a search ranks a product by adding up its rank for each lexeme (decision 0050).
 */
function allPostings(lexemes: readonly string[]): { joins: SQL; rank: SQL } {
  const others = lexemes.slice(1).map((lexeme, index) => ({ lexeme, alias: sql.identifier(`s${index + 1}`) }));
  const joins = others.map(({ lexeme, alias }) => sql`join search_postings ${alias} on ${alias}.lexeme = ${lexeme} and ${alias}.product_id = s.product_id`);
  return {
    joins: sql.join(joins, sql` `),
    rank: sql`(${sql.join([sql`s.rank::float8`, ...others.map(({ alias }) => sql`${alias}.rank::float8`)], sql` + `)})`,
  };
}

/**
 * The products with a posting of every one of `lexemes`, as `listed` rows (rank 1 + the sum of their ranks, as a
 * full-text match ranks), where `condition` holds.
 */
function postingsRows(lexemes: readonly string[], metal: Metal, condition: SQL = sql`true`): SQL {
  const matched = postingOffer(metal, 's');
  const all = allPostings(lexemes);
  return sql`
    select s.product_id as id, 1 + ${all.rank} as rank, s.units_sold, s.kinds,
      ${matched.price} as price_cents, ${matched.available} as available
    from search_postings s ${all.joins}
    where s.lexeme = ${lexemes[0]} and ${condition}`;
}

/** `listed` rows with each product's name and date beside them, for the orders that sort by them. */
function named(rows: SQL): SQL {
  return sql`
    select l.*, p.name, p.created_at from (${rows}) l
    cross join lateral (select name, created_at from products where id = l.id offset 0) p`;
}

/**
 * A search's matches, as matchedPageQuery's `listed` rows: the products with a posting of every lexeme of its words,
 * then its fuzzy matches, read from `fuzzy` (a CTE of fuzzyListed's rows). The orders that sort by name or date take
 * them from sortedRows, for the rows that can be on the page.
 */
export function postingsListed(posted: readonly PostedWord[], metal: Metal): SQL {
  return sql`${postingsRows(distinctLexemes(posted), metal)} union all select * from fuzzy`;
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
 * Whether a page of matchedPageQuery starts before the end of its matches (`counts`' total), as a condition that
 * keeps a page past the end (any page number can be asked for, up to 999,999,999) from reading or sorting the
 * matches: it is answered from the counts, as the route's "past the last page" error. Compared as bigint: the rows
 * before page 999,999,999 do not fit an integer.
 */
export function pageInside(page: number, pageSize: number): SQL {
  return sql`(select total from counts) > ${(page - 1) * pageSize}::bigint`;
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
  const onPage = pageInside(page, pageSize);
  return sql`
    select l.* from (
      (${postingsRows([lexeme], metal, sql`${available} and ${onPage}`)} ${inOrder})
      union all select * from fuzzy
      union all (${postingsRows([lexeme], metal, sql`not ${available} and (select available_postings from counts) < ${upTo}::bigint and ${onPage}`)} ${inOrder})
    ) l
    order by ${orderBy}
    limit ${pageSize} offset ${upTo - pageSize}`;
}

/** The columns of postingsRows' rows (`listed` rows without a name or date). */
const POSTED_COLUMNS = ['id', 'rank', 'units_sold', 'kinds', 'price_cents', 'available'];

/**
 * Of a search's `listed` rows, those that can be among the first `upTo` in a shopper's `order`, with the
 * name and date the order sorts by (looked up by key: the postings do not hold them). Where the postings hold the
 * order's leading keys, only the first `upTo` by those keys and the rows tied with the last of them are kept, so that
 * only they are looked up.
 */
function sortedRows(rows: SQL, order: ListingOrder, upTo: number): SQL {
  const held = leadingMatchedKeys(order, POSTED_COLUMNS);
  return named(held.length > 0 ? sql`select * from (${rows}) r order by ${matchedOrderSql(order, 'r', held)} fetch first ${upTo} rows with ties` : rows);
}

/**
 * What narrows a search read from its postings, for offeredPage: a condition on a row's price and one on its kinds
 * (KIND_BITS), and the search's postings as `listed` rows (without its fuzzy matches), read when the walk gives way.
 */
export interface PostingsNarrowing {
  price: (price: SQL) => SQL;
  kinds: (kinds: SQL) => SQL;
  postings: SQL;
}

/**
 * A search's page in a shopper's order (name, price, newest, best selling), read from the postings of its `lexemes`:
 * the CTEs `walked` and `page` of matchedPageQuery, after `fuzzy` and `counts` (statsCounts for one word not narrowed,
 * else counted from `listed`: either gives `total`, and `available_postings`, the products with every lexeme for
 * sale), keeping the rows `narrowing` keeps.
 *
 * Sorting every posting of a common word looked up each one's name and date first: 100,000 lookups for "charm" on
 * 100,000 products, 0.6 s a page. The products for sale come first in every order, and among them a search's order
 * is the whole catalog's, so where the word is common the page is found by walking catalog_offers' index in that
 * order (the products offered in the metal; only those for sale taken), keeping those with a posting of each lexeme
 * (one key lookup each) that the narrowing keeps (a price range on the index, the kinds after the lookup), until the
 * page is full: for "charm", 48 rows for page 1 (decision 0049). The fuzzy matches are merged in, as relevancePage
 * does.
 *
 * The walk is taken where it should be much cheaper than sorting the postings: the postings for sale fill the pages
 * up to this one, and the rows it should read (the rows up to this page times `offers`, the products offered in the
 * metal as the whole catalog's listing counts them, over the postings for sale) are at most a `share` of the
 * search's matches: a quarter when sorting looks up every match's name or date, a sixteenth when the postings hold the
 * order's key (sortedRows). The search's products may still sort late (a word of their names, by name): the walk
 * stops after twice that share, and a walk that did not fill the pages falls back to sorting the postings, as a search
 * without `offers` does.
 */
export function offeredPage(
  lexemes: readonly string[],
  metal: Metal,
  order: ListingOrder,
  orderBy: SQL,
  page: number,
  pageSize: number,
  offers: number | undefined,
  narrowing: PostingsNarrowing = { price: () => sql`true`, kinds: () => sql`true`, postings: postingsRows(lexemes, metal) },
): SQL {
  const upTo = page * pageSize;
  const shown = pageColumns(order, 'all');
  // A walked row's name and date where the order's index holds them (an order sorts by no other), else null.
  const offered = (column: string) => (shown.includes(column) ? sql.raw(`o.${column}`) : sql`null`);
  // Sorting by a key the postings hold reads the postings alone; by name or date it looks up every match's product,
  // about five times dearer a match (decision 0049).
  const share = leadingMatchedKeys(order, POSTED_COLUMNS).length > 0 ? 16 : 4;
  const takesWalk = sql`(select c.available_postings >= ${upTo}::bigint and ${upTo}::float8 * ${offers ?? null}::float8 <= c.available_postings::float8 * c.total / ${share} from counts c)`;
  const walkFilled = (filled: boolean) => sql`(select count(*) from walked) ${filled ? sql`=` : sql`<`} ${upTo}::bigint`;
  const inRange = (rows: SQL) => sql`select * from (${rows}) l where ${narrowing.price(sql`l.price_cents`)} and ${narrowing.kinds(sql`l.kinds`)}`;
  const all = allPostings(lexemes);
  return sql`
    walked as materialized (
      select o.product_id as id, 1 + s.rank as rank, s.units_sold, s.kinds, o.price_cents, o.available,
        ${offered('name')}::text as name, ${offered('created_at')}::timestamptz as created_at
      from (
        select ${pageColumnsSql(order, 'all')} from catalog_offers o
        where o.metal_id = ${metal.id} and o.available and ${narrowing.price(sql`o.price_cents`)} and ${takesWalk}
        order by ${orderSql(order, 'all')}
        limit (select c.total * 2 / ${share} from counts c)
      ) o
      cross join lateral (
        select ${all.rank} as rank, s.units_sold, s.kinds from search_postings s ${all.joins}
        where s.lexeme = ${lexemes[0]} and s.product_id = o.product_id offset 0
      ) s
      where ${narrowing.kinds(sql`s.kinds`)}
      order by ${orderSql(order, 'all')}
      limit ${upTo}
    ),
    page as (
      select l.* from (
        select * from walked where ${walkFilled(true)}
        union all ${named(inRange(sql`select * from fuzzy`))}
        union all select * from (${sortedRows(inRange(narrowing.postings), order, upTo)}) sorted where ${walkFilled(false)} and ${pageInside(page, pageSize)}
      ) l
      order by ${orderBy}
      limit ${pageSize} offset ${upTo - pageSize}
    )`;
}
