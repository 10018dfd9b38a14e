import type { ListingOrder } from '@charms/contracts/catalog';
import { PRODUCT_KINDS } from '@charms/domain/listing-filters';
import type { Metal } from '@charms/domain/metals';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import { KIND_BITS } from './listing-kinds';
import { leadingMatchedKeys, matchedOrderSql, orderSql, pageColumns, pageColumnsSql } from './listing-orders';

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

/** `listed` rows with each product's name and date beside them, for the orders that sort by them. */
function named(rows: SQL): SQL {
  return sql`
    select l.*, p.name, p.created_at from (${rows}) l
    cross join lateral (select name, created_at from products where id = l.id offset 0) p`;
}

/**
 * A one-word search's matches, as matchedPageQuery's `listed` rows: the postings of the word's lexeme, then its fuzzy
 * matches, read from `fuzzy` (a CTE of fuzzyListed's rows). The orders that sort by name or date take them from
 * sortedRows, for the rows that can be on the page.
 */
export function postingsListed(lexeme: string, metal: Metal): SQL {
  return sql`${postingsRows(lexeme, metal)} union all select * from fuzzy`;
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
      (${postingsRows(lexeme, metal, sql`${available} and ${onPage}`)} ${inOrder})
      union all select * from fuzzy
      union all (${postingsRows(lexeme, metal, sql`not ${available} and (select available_postings from counts) < ${upTo}::bigint and ${onPage}`)} ${inOrder})
    ) l
    order by ${orderBy}
    limit ${pageSize} offset ${upTo - pageSize}`;
}

/** The columns of postingsRows' rows (`listed` rows without a name or date). */
const POSTED_COLUMNS = ['id', 'rank', 'units_sold', 'kinds', 'price_cents', 'available'];

/**
 * Of a one-word search's `listed` rows, those that can be among the first `upTo` in a shopper's `order`, with the
 * name and date the order sorts by (looked up by key: the postings do not hold them). Where the postings hold the
 * order's leading keys, only the first `upTo` by those keys and the rows tied with the last of them are kept, so that
 * only they are looked up.
 */
function sortedRows(rows: SQL, order: ListingOrder, upTo: number): SQL {
  const held = leadingMatchedKeys(order, POSTED_COLUMNS);
  return named(held.length > 0 ? sql`select * from (${rows}) r order by ${matchedOrderSql(order, 'r', held)} fetch first ${upTo} rows with ties` : rows);
}

/**
 * What narrows a one-word search, for offeredPage: a condition on a row's price and one on its kinds (KIND_BITS), and
 * the word's postings as `listed` rows (without its fuzzy matches), read when the walk gives way.
 */
export interface PostingsNarrowing {
  price: (price: SQL) => SQL;
  kinds: (kinds: SQL) => SQL;
  postings: SQL;
}

/**
 * A one-word search's page in a shopper's order (name, price, newest, best selling): the CTEs `walked` and `page` of
 * matchedPageQuery, after `fuzzy` and `counts` (statsCounts, or counted from `listed` when narrowed: either gives
 * `total`, and `available_postings`, the word's postings for sale), keeping the rows `narrowing` keeps.
 *
 * Sorting every posting of a common word looked up each one's name and date first: 100,000 lookups for "charm" on
 * 100,000 products, 0.6 s a page. The products for sale come first in every order, and among them a search's order
 * is the whole catalog's, so where the word is common the page is found by walking catalog_offers' index in that
 * order (the products offered in the metal; only those for sale taken), keeping those with a posting of the word
 * (one key lookup each) that the narrowing keeps (a price range on the index, the kinds after the lookup), until the page is full: for "charm", 48 rows for page 1 (decision
 * 0049). The fuzzy matches are merged in, as relevancePage does.
 *
 * The walk is taken where it should be much cheaper than sorting the postings: the word's postings for sale fill the
 * pages up to this one, and the rows it should read (the rows up to this page times `offers`, the products offered in
 * the metal as the whole catalog's listing counts them, over the word's postings for sale) are at most a `share` of the
 * word's matches: a quarter when sorting looks up every match's name or date, a sixteenth when the postings hold the
 * order's key (sortedRows). The word's products may still sort late (a word of their names, by name): the walk
 * stops after twice that share, and a walk that did not fill the pages falls back to sorting the postings, as a search
 * without `offers` does.
 */
export function offeredPage(
  lexeme: string,
  metal: Metal,
  order: ListingOrder,
  orderBy: SQL,
  page: number,
  pageSize: number,
  offers: number | undefined,
  narrowing: PostingsNarrowing = { price: () => sql`true`, kinds: () => sql`true`, postings: postingsRows(lexeme, metal) },
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
  return sql`
    walked as materialized (
      select o.product_id as id, 1 + s.rank::float8 as rank, s.units_sold, s.kinds, o.price_cents, o.available,
        ${offered('name')}::text as name, ${offered('created_at')}::timestamptz as created_at
      from (
        select ${pageColumnsSql(order, 'all')} from catalog_offers o
        where o.metal_id = ${metal.id} and o.available and ${narrowing.price(sql`o.price_cents`)} and ${takesWalk}
        order by ${orderSql(order, 'all')}
        limit (select c.total * 2 / ${share} from counts c)
      ) o
      cross join lateral (select rank, units_sold, kinds from search_postings s where s.lexeme = ${lexeme} and s.product_id = o.product_id offset 0) s
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
