import type { ListingFilters, ListingOrder, ProductListQuery, ProductListResponse } from '@charms/contracts/catalog';
import type { Category } from '@charms/contracts/categories';
import { type ListingRoute, parseListingPath } from '@charms/domain/catalog-paths';
import { PRODUCT_KINDS, PRODUCT_KIND_LABELS, type ProductKind } from '@charms/domain/listing-filters';
import { DEFAULT_METAL_ID, type Metal, findMetalById, findMetalBySlug } from '@charms/domain/metals';
import { PRODUCT_ORDERS } from '@charms/domain/session-options';
import { MAX_SEARCH_MATCHES_PAGED, lastSearchPage, listingPages, pageCount, searchPageLength } from '@charms/domain/listing-pages';
import { correctWords, extractMetal, searchWords } from '@charms/domain/search-terms';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Admission } from '../db/admission';
import { queryRows } from '../db/query';
import { HttpError, invalidFields, notFound } from '../http-error';
import { type SummaryRow, listEvent, money, toSummary } from './catalog-presenters';
import { KIND_BITS } from './listing-kinds';
import { READ_MODEL, matchedOrderSql, orderSql, pageColumnsSql } from './listing-orders';
import { withListingPhotos } from './photo-presenters';
import {
  type PostedWord,
  distinctLexemes,
  fewCloseWords,
  fuzzyListed,
  nameWordCloseTo,
  offeredPage,
  pageInside,
  postedWords,
  postingsListed,
  relevancePage,
  statsCounts,
} from './search-postings';

export interface ListingContext {
  db: Db;
  storeName: string;
  /** The catalog's words and their frequencies, for correcting these words' spelling (at least those it needs). */
  vocabulary: (words: readonly string[]) => Promise<ReadonlyMap<string, number>>;
  /**
   * Keeps a derived value until the catalog changes (the response cache's values). A listing's filter counts do not
   * depend on its order or page, so paging through the whole catalog counts its 100,000 products once, not per page.
   */
  remember?: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  /** Where a search waits its turn to read (the route's: a few searches at a time, decision 0052); none: at once. */
  searches?: Admission;
}

/** A derived value kept with the catalog where the context keeps any (context.remember), else loaded now. */
function remembered<T>(context: ListingContext, key: string, load: () => Promise<T>): Promise<T> {
  return context.remember ? context.remember(key, load) : load();
}

export type Filter =
  | { kind: 'category'; category: Category & { id: number; description: string } }
  | { kind: 'collection'; collection: string; heading: string }
  /**
   * `posted`: the search's words with the lexemes full-text search reads them as, when it reads their postings
   * (search-postings.ts); without them, it ranks every match as it finds it (foundListed).
   * `offers`: how many products the metal's whole catalog lists, which tells such a search in a shopper's order whether
   * to walk the whole catalog's index (search-postings.ts, offeredPage); without it, it sorts the postings.
   */
  | { kind: 'search'; words: string[]; term: string; posted?: readonly PostedWord[] | null; offers?: number }
  | { kind: 'all' };

/** Listings read in index order (a category from catalog_listings, the whole catalog from its indexes). */
type IndexedFilter = Extract<Filter, { kind: 'category' | 'all' }>;
/** Listings whose products are found by a condition (a search ranks them): see matchedPageQuery. */
type MatchedFilter = Extract<Filter, { kind: 'search' | 'collection' }>;

/** What a shopper narrowed the listing to, beside its metal: a kind of product and a price range in cents. */
export interface Narrowing {
  kind?: ProductKind;
  minCents?: number;
  maxCents?: number;
}

/** Whether anything beside the metal narrows the listing. */
function isNarrowed(narrowing: Narrowing): boolean {
  return narrowing.kind !== undefined || narrowing.minCents !== undefined || narrowing.maxCents !== undefined;
}

const COLLECTION_HEADINGS: Record<string, string> = { 'girls-bracelets': 'Girls Charm Bracelets' };

async function findCategory(db: Db, by: { slug?: string; name?: string }) {
  const condition = by.slug !== undefined ? sql`lower(url_friendly_name) = lower(${by.slug})` : sql`lower(category_name) = lower(${by.name})`;
  const result = await queryRows<{ id: number; categoryName: string; urlFriendlyName: string; description: string }>(db,
    sql`select id, category_name as "categoryName", url_friendly_name as "urlFriendlyName", description from categories where ${condition} limit 1`,
    { prepared: true },
  );
  return result[0];
}

function resolveRoute(query: ProductListQuery): ListingRoute {
  if (query.path !== undefined) {
    const route = parseListingPath(query.path);
    if (!route) throw notFound('That address is not a product listing.');
    if (route.kind === 'search' && route.term === '' && query.q) return { ...route, term: query.q };
    return route;
  }
  if (query.categoryName !== undefined) return { kind: 'category', metalSlug: null, categorySlug: '' };
  if (query.q !== undefined) return { kind: 'search', metalSlug: null, term: query.q };
  throw invalidFields([{ field: 'path', message: 'is required (or categoryName, or q)' }]);
}

const SUMMARY_COLUMNS = sql`p.id, p.name, p.slug, p.kind, p.brand, p.shape, p.sizes, p.is_photo_art as "isPhotoArt",
  p.engraving_max_chars as "engravingMaxChars", c.url_friendly_name as "primaryCategorySlug"`;

/** The price range as a condition on a price column (a product not offered in the metal has no price: left out). */
function priceSql(price: SQL, narrowing: Narrowing): SQL {
  const parts = [sql`true`];
  if (narrowing.minCents !== undefined) parts.push(sql`${price} >= ${narrowing.minCents}`);
  if (narrowing.maxCents !== undefined) parts.push(sql`${price} <= ${narrowing.maxCents}`);
  return sql.join(parts, sql` and `);
}

function searchText(filter: Filter): string {
  return filter.kind === 'search' ? filter.words.join(' ') : '';
}

interface ListingSource {
  /** The rows to count: for a category, the read model alone; for the whole catalog, catalog_offer_counts `c`. */
  countFrom: SQL;
  countWhere: SQL;
  /** How many products the counted rows matching a condition stand for. */
  tally: (condition: SQL) => SQL;
  countPrice: SQL;
  countKind: (kind: ProductKind) => SQL;
  /** The rows to show, one per product (`l` or `o`, as READ_MODEL names them). */
  rows: SQL;
  where: SQL;
  price: SQL;
  /** Whether the row's product can be bought in the metal now (offered, and not sold out). */
  available: SQL;
  kind: (kind: ProductKind) => SQL;
}

/**
 * The listing's rows before any narrowing: categories read catalog_listings (`l`, in index order), the whole
 * catalog reads catalog_offers (`o`, in index order: the products offered in the metal, retired ones left out as
 * catalog_listings leaves them out of a category) and counts from catalog_offer_counts (decision 0036).
 */
function listingSource(filter: IndexedFilter, metal: Metal): ListingSource {
  switch (filter.kind) {
    case 'category': {
      const where = sql`l.category_id = ${filter.category.id} and l.metal_id = ${metal.id}`;
      const kind = (kind: ProductKind) => sql`(l.kinds & ${KIND_BITS[kind]}) <> 0`;
      return {
        countFrom: sql`catalog_listings l`,
        countWhere: where,
        tally: (condition) => sql`count(*) filter (where ${condition})::int`,
        countPrice: sql`l.price_cents`,
        countKind: kind,
        rows: sql`catalog_listings l`,
        where,
        price: sql`l.price_cents`,
        available: sql`not l.unavailable`,
        kind,
      };
    }
    case 'all':
      return {
        countFrom: sql`catalog_offer_counts c`,
        countWhere: sql`c.metal_id = ${metal.id}`,
        tally: (condition) => sql`coalesce(sum(c.products) filter (where ${condition}), 0)::int`,
        countPrice: sql`c.price_cents`,
        countKind: (kind) => sql`(c.kinds & ${KIND_BITS[kind]}) <> 0`,
        rows: sql`catalog_offers o`,
        where: sql`o.metal_id = ${metal.id}`,
        price: sql`o.price_cents`,
        available: sql`o.available`,
        kind: (kind) => sql`(o.kinds & ${KIND_BITS[kind]}) <> 0`,
      };
  }
}

function narrowingSql(source: ListingSource, narrowing: Narrowing): SQL {
  const price = priceSql(source.price, narrowing);
  return narrowing.kind ? sql`${price} and ${source.kind(narrowing.kind)}` : price;
}

/**
 * The query for one page of a listing, narrowed. A category's or the whole catalog's count comes from countsQuery;
 * a search or a collection comes with its counts on every row (matchedPageQuery).
 *
 * A category's or the whole catalog's page is found in its read model alone (not narrowed, in its index alone), and
 * only its rows are joined to their products: joined before the offset, a deep page looked up every product before it
 * (42-75 ms for the last page of a 16,363-product category, 300-450 ms for the whole catalog's on 100,000 products;
 * decision 0048).
 */
export function pageQuery(filter: Filter, metal: Metal, order: ListingOrder, page: number, pageSize: number, narrowing: Narrowing = {}): SQL {
  if (filter.kind === 'search' || filter.kind === 'collection') return matchedPageQuery(filter, metal, order, page, pageSize, narrowing);
  const source = listingSource(filter, metal);
  const orderBy = orderSql(order, filter.kind);
  const alias = sql.raw(READ_MODEL[filter.kind].alias);
  return sql`
    select ${SUMMARY_COLUMNS}, ${source.price} as "priceCents", ${source.available} as available, 0 as rank
    from (
      select ${pageColumnsSql(order, filter.kind)} from ${source.rows}
      where ${source.where} and ${narrowingSql(source, narrowing)}
      order by ${orderBy}
      limit ${pageSize} offset ${(page - 1) * pageSize}
    ) ${alias}
    join products p on p.id = ${alias}.product_id
    join categories c on c.id = p.primary_category_id
    order by ${orderBy}`;
}

/**
 * A search's rank: full-text matches by the sum of ts_rank for each of their lexemes (as their postings hold it, so
 * the postings add it up: decision 0050), above fuzzy matches, which rank by the similarity of the text to the name.
 */
function rankSql(filter: MatchedFilter): SQL {
  if (filter.kind !== 'search') return sql`0`;
  const text = searchText(filter);
  return sql`case when p.search_vector @@ plainto_tsquery('english', ${text})
                  then 1 + (select sum(ts_rank(p.search_vector, search_lexeme_query(l))::float8) from unnest(tsvector_to_array(to_tsvector('english', ${text}))) as l)
                  else word_similarity(${text}, p.name) end`;
}

/**
 * A search's matches on products `p` (see search-postings.ts): every one of its words; or, where their close words are
 * few (fewCloseWords), all but one of them and a word of the name close to that one. A stop word ("the") asks for
 * nothing, and a search of several stop words alone finds nothing; one word finds a name with a word close to it.
 */
function searchMatchSql(filter: Extract<Filter, { kind: 'search' }>): SQL {
  const text = searchText(filter);
  const fullText = sql`p.search_vector @@ plainto_tsquery('english', ${text})`;
  if (filter.words.length === 1) return sql`(${fullText} or (${text} <% p.name and ${fewCloseWords([text])} and ${nameWordCloseTo(text)}))`;
  const words = [...new Set(filter.words)];
  const has = (word: string) => sql`(numnode(plainto_tsquery('english', ${word})) = 0 or p.search_vector @@ plainto_tsquery('english', ${word}))`;
  const allButOne = words.map((word, index) => {
    const others = words.filter((_, other) => other !== index).map(has);
    return sql`(numnode(plainto_tsquery('english', ${word})) > 0 and ${nameWordCloseTo(word)} and ${sql.join(others, sql` and `)})`;
  });
  return sql`(${fullText} or (${fewCloseWords(words)} and (${sql.join(allButOne, sql` or `)})))`;
}

/**
 * A search's or a collection's matches as they are found: each ranked, and priced in the metal by key (a nested
 * loop: the planner would otherwise hash every price of the metal, 100,000 rows on the large catalog, to join a few
 * thousand matches).
 */
function foundListed(filter: MatchedFilter, metal: Metal): SQL {
  const matching = filter.kind === 'collection' ? sql`p.collections @> array[${filter.collection}]::text[]` : searchMatchSql(filter);
  return sql`
      select p.id, p.name, p.created_at, p.units_sold,
        product_listing_kinds(p.kind, p.engraving_max_chars, p.is_photo_art, p.lead_time_max_days) as kinds,
        pp.price_cents, coalesce(pp.available, false) as available, ${rankSql(filter)} as rank
      from products p
      left join lateral (
        select price_cents, available from product_prices where product_id = p.id and metal_id = ${metal.id} offset 0
      ) pp on true
      where ${matching} and p.retired_at is null`;
}

/**
 * A one-word search's lexeme where it reads its postings and the word reads as one lexeme: that word's counts are kept
 * (search_lexeme_stats) and its postings are in relevance order (search_postings_relevance).
 */
function singleLexeme(filter: MatchedFilter): string | null {
  const [word] = filter.kind === 'search' && filter.words.length === 1 && filter.posted?.length === 1 ? filter.posted : [];
  return word?.lexemes.length === 1 ? word.lexemes[0]! : null;
}

/**
 * A search's or a collection's page and counts in one statement. They have no read model in index order (a search
 * ranks), so the matches (`listed`: a search's postings when it has its `posted` words, else as found) are gathered
 * once, then both counted and sorted; every row of the answer carries the counts, and an empty page is one row of
 * counts alone. A one-word search that is not narrowed counts from search_lexeme_stats instead, and reads a page by
 * relevance from the postings' index order; narrowed or not, of one word or several, a search reads a page in the
 * other orders from the whole catalog's index where its words are common (search-postings.ts: statsCounts,
 * relevancePage, offeredPage).
 */
function matchedPageQuery(filter: MatchedFilter, metal: Metal, order: ListingOrder, page: number, pageSize: number, narrowing: Narrowing): SQL {
  const orderBy = matchedOrderSql(order);
  const posted = filter.kind === 'search' ? (filter.posted ?? null) : null;
  const lexeme = singleLexeme(filter);
  const fuzzy = posted ? sql`fuzzy as materialized (${fuzzyListed(posted, searchText(filter), metal)}),` : sql``;
  const offers = filter.kind === 'search' ? filter.offers : undefined;
  if (lexeme && !isNarrowed(narrowing)) {
    // Its counts from search_lexeme_stats and, by relevance, its page from the postings' own order (decision 0041);
    // in the other orders its page comes from catalog_offers' order where it can (decision 0049).
    const paged =
      order === 'Relevance'
        ? sql`page as (${relevancePage(lexeme, metal, orderBy, page, pageSize)})`
        : offeredPage([lexeme], metal, order, orderBy, page, pageSize, offers);
    return matchedAnswer(sql`${fuzzy} counts as (${statsCounts(lexeme, metal)}), ${paged}`, orderBy);
  }
  const listed = posted ? postingsListed(posted, metal) : foundListed(filter, metal);
  const kind = (chosen: ProductKind, kinds = sql`l.kinds`) => sql`(${kinds} & ${KIND_BITS[chosen]}) <> 0`;
  const inRange = priceSql(sql`l.price_cents`, narrowing);
  const ofKind = narrowing.kind ? kind(narrowing.kind) : sql`true`;
  const kindCounts = PRODUCT_KINDS.map((each) => sql`count(*) filter (where ${inRange} and ${kind(each)})::int as ${sql.identifier(each)}`);
  const paged =
    posted && order !== 'Relevance'
      ? offeredPage(distinctLexemes(posted), metal, order, orderBy, page, pageSize, offers, {
          price: (price) => priceSql(price, narrowing),
          kinds: (kinds) => (narrowing.kind ? kind(narrowing.kind, kinds) : sql`true`),
          // The products with every word rank above 1, the fuzzy matches at most 1.
          postings: sql`select * from listed where rank > 1`,
        })
      : sql`page as (${listedPage(sql`${inRange} and ${ofKind}`, orderBy, page, pageSize)})`;
  return matchedAnswer(
    sql`${fuzzy} listed as materialized (${listed}),
    counts as (
      select count(*) filter (where ${inRange} and ${ofKind})::int as total,
        count(*) filter (where ${inRange})::int as "anyKind",
        ${sql.join(kindCounts, sql`, `)},
        min(l.price_cents) filter (where ${ofKind}) as "minCents",
        max(l.price_cents) filter (where ${ofKind}) as "maxCents",
        count(*) filter (where ${inRange} and ${ofKind} and l.available and l.rank > 1)::int as available_postings -- for offeredPage
      from listed l
    ),
    ${paged}`,
    orderBy,
  );
}

/** One page of `listed`'s rows where `condition` holds, in the order `orderBy` (none read for a page past the end). */
function listedPage(condition: SQL, orderBy: SQL, page: number, pageSize: number): SQL {
  return sql`select l.* from listed l where ${condition} and ${pageInside(page, pageSize)}
    order by ${orderBy} limit ${pageSize} offset ${(page - 1) * pageSize}`;
}

/** The columns of matchedPageQuery's `counts` that its answer carries (CountsRow). */
const COUNT_COLUMNS = sql.join(
  ['total', 'anyKind', ...PRODUCT_KINDS, 'minCents', 'maxCents'].map((column) => sql`counts.${sql.identifier(column)}`),
  sql`, `,
);

/** The statement of matchedPageQuery, given its CTEs (`counts` and `page` among them): the page's products, each with the counts. */
function matchedAnswer(ctes: SQL, orderBy: SQL): SQL {
  return sql`
    with ${ctes}
    select ${SUMMARY_COLUMNS}, l.price_cents as "priceCents", l.available, l.rank, ${COUNT_COLUMNS}
    from counts
    left join (page l join products p on p.id = l.id join categories c on c.id = p.primary_category_id) on true
    order by ${orderBy}`;
}

/**
 * One pass over the listing's rows counts everything the page shows: the total as narrowed, each kind within the
 * price range (what choosing it would show), and the price range of the chosen kind. A category reads its range of
 * catalog_listings_counts_idx alone (an index-only scan); nothing is counted in JavaScript.
 */
export function countsQuery(filter: IndexedFilter, metal: Metal, narrowing: Narrowing): SQL {
  const source = listingSource(filter, metal);
  const inRange = priceSql(source.countPrice, narrowing);
  const ofKind = narrowing.kind ? source.countKind(narrowing.kind) : sql`true`;
  const kindCounts = PRODUCT_KINDS.map((kind) => sql`${source.tally(sql`${inRange} and ${source.countKind(kind)}`)} as ${sql.identifier(kind)}`);
  return sql`
    select ${source.tally(sql`${inRange} and ${ofKind}`)} as total,
      ${source.tally(inRange)} as "anyKind",
      ${sql.join(kindCounts, sql`, `)},
      min(${source.countPrice}) filter (where ${ofKind}) as "minCents",
      max(${source.countPrice}) filter (where ${ofKind}) as "maxCents"
    from ${source.countFrom}
    where ${source.countWhere}`;
}

type CountsRow = { total: number; anyKind: number; minCents: number | null; maxCents: number | null } & Record<ProductKind, number>;

/** What identifies a listing's counts: the listing, its metal and its narrowing (not its order or page). */
function countsKey(filter: IndexedFilter, metal: Metal, narrowing: Narrowing): string {
  const listing = filter.kind === 'category' ? `category:${filter.category.id}` : 'all';
  return `listing-counts:${listing}:${metal.id}:${narrowing.kind ?? ''}:${narrowing.minCents ?? ''}:${narrowing.maxCents ?? ''}`;
}

/** A category's or the whole catalog's counts, remembered with the catalog: prepared when not narrowed (see fetchPage). */
function listingCounts(context: ListingContext, filter: IndexedFilter, metal: Metal, narrowing: Narrowing): Promise<CountsRow[]> {
  const load = () => queryRows<CountsRow>(context.db, countsQuery(filter, metal, narrowing), { prepared: !isNarrowed(narrowing) });
  return remembered(context, countsKey(filter, metal, narrowing), load);
}

/** The whole catalog's counts in a metal, not narrowed: `total` is how many products it lists (all it offers). */
async function wholeCatalogCounts(context: ListingContext, metal: Metal): Promise<{ total: number }> {
  const [counts] = await listingCounts(context, { kind: 'all' }, metal, {});
  return { total: Number(counts?.total ?? 0) };
}

async function fetchPage(context: ListingContext, filter: Filter, metal: Metal, order: ListingOrder, page: number, pageSize: number, narrowing: Narrowing) {
  const { db } = context;
  // A search of a metal alone ("silver", "14k gold") lists what the whole catalog lists in the metal, from its read
  // model (decision 0050): ranking every product it offers took 1.2 s on 100,000 products.
  if (filter.kind === 'search' && filter.words.length === 0) return fetchPage(context, { kind: 'all' }, metal, order, page, pageSize, narrowing);
  if (filter.kind === 'search' || filter.kind === 'collection') {
    // A search reads its words' postings (stop words left out; a search of several stop words finds nothing).
    const posted = filter.kind === 'search' && filter.words.length > 0 ? await postedWords(db, filter.words) : [];
    if (filter.kind === 'search' && filter.words.length > 1 && posted.length === 0) return { rows: [], total: 0, counts: undefined };
    const reads = posted.length > 0 ? posted : null;
    // In a shopper's order, how many products the whole catalog lists in the metal (its counts, usually remembered)
    // tells whether the page is found by walking its index (decision 0049).
    const offers = reads && order !== 'Relevance' ? (await wholeCatalogCounts(context, metal)).total : undefined;
    const read = filter.kind === 'search' ? { ...filter, posted: reads, offers } : filter;
    const query = matchedPageQuery(read, metal, order, page, pageSize, narrowing);
    // A prepared statement for one word of one lexeme. By relevance and not narrowed (a search as typed), planned
    // once per connection: its plan is the same for any word, and PostgreSQL otherwise planned it again on every call,
    // which took about as long as running it (decision 0046). Narrowed, a price range's values change the plan
    // (decision 0044), so PostgreSQL chooses. Several words are planned for their words: how many products have each
    // decides how their postings are best joined (decision 0050).
    const prepared = singleLexeme(read) === null ? false : order === 'Relevance' && !isNarrowed(narrowing) ? 'planned once' : true;
    const found = await queryRows<(SummaryRow & { rank: number }) & CountsRow>(db, query, { prepared });
    const counts = found[0];
    const rows = found.filter((row) => row.id !== null).map((row) => ({ ...row, sizes: row.sizes ?? [] }));
    return { rows, total: Number(counts?.total ?? 0), counts };
  }
  // Not narrowed, the counts are a prepared statement (parsed once per connection, PostgreSQL choosing its plan) and
  // the page is planned once per connection: PostgreSQL planned it again on every call (0.3-1 ms before a 0.2-0.5 ms
  // run on 100,000 products), and since a page is found in its order's index its generic plan is the plan for the
  // values, in every order, category size and page checked (decisions 0047, 0048). Narrowed, neither is prepared:
  // a generic plan cannot know how few rows a price range keeps, and read 2,000 rows to show 48.
  const prepared = !isNarrowed(narrowing);
  const pageRows = () => queryRows<SummaryRow & { rank: number }>(db, pageQuery(filter, metal, order, page, pageSize, narrowing), { prepared: prepared ? 'planned once' : false });
  const counted = listingCounts(context, filter, metal, narrowing);
  // Past the first page, a page past the last is answered from the counts (usually remembered) without reading the
  // read model to its end: any page number can be asked for.
  if (page > 1) {
    const counts = (await counted)[0];
    const total = Number(counts?.total ?? 0);
    if (page > pageCount(total, pageSize)) return { rows: [], total, counts };
  }
  const [rows, countedRows] = await Promise.all([pageRows(), counted]);
  const counts = countedRows[0];
  return { rows: rows.map((row) => ({ ...row, sizes: row.sizes ?? [] })), total: Number(counts?.total ?? 0), counts };
}

function filtersOf(narrowing: Narrowing, counts: CountsRow | undefined): ListingFilters {
  const count = (value: unknown) => Number(value ?? 0);
  return {
    kind: narrowing.kind ?? null,
    minPrice: narrowing.minCents === undefined ? null : money(narrowing.minCents),
    maxPrice: narrowing.maxCents === undefined ? null : money(narrowing.maxCents),
    active: isNarrowed(narrowing),
    kinds: PRODUCT_KINDS.map((kind) => ({ kind, label: PRODUCT_KIND_LABELS[kind], count: count(counts?.[kind]) })),
    anyKindCount: count(counts?.anyKind),
    priceRange:
      counts?.minCents != null && counts.maxCents != null ? { min: money(Number(counts.minCents)), max: money(Number(counts.maxCents)) } : null,
  };
}

/**
 * The eight categories whose products sold the most, offered when a listing finds nothing. It adds up the whole
 * catalog's sales (about 290 ms of PostgreSQL on 100,000 products), the same for every shopper, so it is remembered
 * with the catalog (dropped on any catalog change): a run of searches that find nothing, one new word each, pays for
 * it once (decision 0047).
 */
async function popularCategories(db: Db): Promise<Category[]> {
  const result = await queryRows<Category>(db,sql`
    select c.category_name as "categoryName", c.url_friendly_name as "urlFriendlyName"
    from categories c join product_categories pc on pc.category_id = c.id join products p on p.id = pc.product_id
    group by c.id order by sum(p.units_sold) desc limit 8`);
  return result;
}

/** GET /products: the products of a category, collection or search, in one metal, one page at a time. */
export async function listProducts(context: ListingContext, query: ProductListQuery): Promise<ProductListResponse> {
  const { db } = context;
  const route = resolveRoute(query);

  let filter: Filter;
  let namedMetalId: number | null = null;
  if (route.kind === 'category') {
    const category = await findCategory(db, query.categoryName !== undefined && query.path === undefined ? { name: query.categoryName } : { slug: route.categorySlug });
    if (!category) throw notFound('We could not find that category. It may have been renamed; browse all categories instead.');
    filter = { kind: 'category', category };
  } else if (route.kind === 'collection') {
    filter = { kind: 'collection', collection: route.collection, heading: COLLECTION_HEADINGS[route.collection] ?? route.collection };
  } else if (route.kind === 'all') {
    filter = { kind: 'all' };
  } else {
    const extracted = extractMetal(searchWords(route.term));
    namedMetalId = extracted.metalId;
    // A word typed twice asks for nothing more: "charm charm" is the one-word search "charm".
    filter = { kind: 'search', words: [...new Set(extracted.words)], term: route.term.slice(0, 100) };
  }

  const pathMetal = route.kind !== 'collection' && route.metalSlug ? findMetalBySlug(route.metalSlug) : undefined;
  if (route.kind !== 'collection' && route.metalSlug && !pathMetal) {
    throw notFound(`We do not sell charms in "${route.metalSlug.slice(0, 40)}". Choose sterling silver, gold plate, 10k gold, 14k gold or 14k white gold.`);
  }
  const metal = pathMetal ?? findMetalById(namedMetalId ?? query.metalId ?? DEFAULT_METAL_ID)!;
  const order: ListingOrder = query.orderBy ?? (filter.kind === 'search' ? 'Relevance' : 'Name');

  const narrowing: Narrowing = { kind: query.kind, minCents: query.minPrice, maxCents: query.maxPrice };
  const hasSearch = filter.kind === 'search' && (filter.words.length > 0 || namedMetalId !== null);
  const nothing = { rows: [], total: 0, counts: undefined };
  // A search pages through its first matches only (listing-pages.ts, decision 0051). A page past them is refused below,
  // from the counts; page 1 is read for them, so no statement reads deeper than the last page.
  const readPage = filter.kind === 'search' && query.page > lastSearchPage(query.pageSize) ? 1 : query.page;
  // A search reads when its turn comes (decision 0052); listings and collections at once.
  const read = (readFilter: Filter) => {
    const reading = () => fetchPage(context, readFilter, metal, order, readPage, query.pageSize, narrowing);
    return readFilter.kind === 'search' && context.searches ? context.searches.run(reading) : reading();
  };
  let found = filter.kind === 'search' && !hasSearch ? nothing : await read(filter);

  // Misspelled words: when the words as typed find nothing, show results for the corrected words;
  // when they find something, offer the correction as "did you mean".
  let correctedTerm: string | null = null;
  let didYouMean: string | null = null;
  if (filter.kind === 'search' && filter.words.length > 0) {
    const corrected = correctWords(filter.words, await context.vocabulary(filter.words));
    if (corrected && found.total > 0) didYouMean = corrected.join(' ');
    else if (corrected) {
      const correctedFilter: Filter = { ...filter, words: [...new Set(corrected)] };
      const correctedFound = await read(correctedFilter);
      if (correctedFound.total > 0) {
        filter = correctedFilter;
        found = correctedFound;
        correctedTerm = corrected.join(' ');
      }
    }
  }

  const totalCount = found.total;
  const { totalPages, limited } = listingPages(totalCount, query.pageSize, filter.kind === 'search');
  if (query.page > totalPages) {
    const why = limited ? `: a search shows its first ${MAX_SEARCH_MATCHES_PAGED.toLocaleString('en-US')} matches; narrow it to see others` : '';
    throw new HttpError(400, 'VALIDATION_ERROR', `page ${query.page} is past the last page (${totalPages})${why}`, [
      { field: 'page', message: `must be at most ${totalPages}` },
    ]);
  }

  // A search's last page ends at its 1,000th match (searchPageLength).
  const shown = filter.kind === 'search' ? found.rows.slice(0, searchPageLength(query.page, query.pageSize)) : found.rows;
  const products = await withListingPhotos(context.db, shown.map((row) => toSummary(row, metal, query.braceletSize)));
  const heading =
    filter.kind === 'category'
      ? `${pathMetal ? `${metal.name} ` : ''}${filter.category.categoryName}`
      : filter.kind === 'collection'
        ? filter.heading
        : filter.kind === 'all'
          ? `${pathMetal ? `${metal.name} ` : ''}Charms and Charm Bracelets`
        : route.kind === 'search' && route.term.trim()
          ? `Search results for “${correctedTerm ?? filter.term}”`
          : 'Search';
  const filters = filtersOf(narrowing, found.counts);
  // A narrowed listing's pages are not the listing's pages: its canonical is the listing itself.
  const canonicalUrl = canonicalFor(route, filter, metal, pathMetal !== undefined, filters.active ? 1 : query.page);
  const listName = filter.kind === 'category' ? filter.category.categoryName : heading;
  const empty = products.length === 0;

  return {
    htmlHeadTitle: `${heading}${query.page > 1 ? ` (page ${query.page})` : ''} | ${context.storeName}`,
    htmlHeadMetaKeywords: [filter.kind === 'category' ? filter.category.categoryName : heading, metal.name, 'charms', 'charm bracelets', 'Rembrandt'].join(', '),
    htmlHeadMetaDescription:
      filter.kind === 'search'
        ? `${totalCount.toLocaleString('en-US')} charms and bracelets matching your search, in ${metal.name}. Free shipping, lifetime warranty.`
        : `Shop ${totalCount.toLocaleString('en-US')} ${listName.toLowerCase()} in ${metal.name}. Made in the USA, free shipping with no minimum, lifetime warranty.`,
    canonicalUrl,
    dataLayers: [listEvent(filter.kind === 'search' ? 'search' : 'list', listName, products, metal, filter.kind === 'search' ? filter.term : null)],
    listing: {
      kind: filter.kind,
      heading,
      category: filter.kind === 'category' ? { categoryName: filter.category.categoryName, urlFriendlyName: filter.category.urlFriendlyName } : null,
      description: filter.kind === 'category' ? filter.category.description : '',
      searchTerm: filter.kind === 'search' ? filter.term : null,
      correctedTerm,
      metal: { id: metal.id, slug: metal.slug, name: metal.name },
      metalFromPath: pathMetal !== undefined,
      orderBy: order,
      orderOptions: filter.kind === 'search' ? ['Relevance', ...PRODUCT_ORDERS] : [...PRODUCT_ORDERS],
      filters,
    },
    products,
    pagination: { page: query.page, pageSize: query.pageSize, totalCount, totalPages, limited },
    suggestions: {
      didYouMean,
      popularCategories: empty ? await remembered(context, 'popular-categories', () => popularCategories(db)) : [],
    },
  };
}

function canonicalFor(route: ListingRoute, filter: Filter, metal: Metal, metalInPath: boolean, page: number): string {
  const pageQuery = page > 1 ? `?page=${page}` : '';
  if (filter.kind === 'category') {
    return `/products/category/${metalInPath ? `${metal.slug}/` : ''}${filter.category.urlFriendlyName}${pageQuery}`;
  }
  if (filter.kind === 'collection') return `/girl-charm-bracelets${pageQuery}`;
  if (filter.kind === 'all') return `/products${metalInPath ? `/${metal.slug}` : ''}${pageQuery}`;
  const term = route.kind === 'search' ? route.term.slice(0, 100) : '';
  return `/products/search/${metalInPath ? `${metal.slug}/` : ''}${encodeURIComponent(term)}${pageQuery}`;
}
